/**
 * The prefilled draft record of a catalogue server (issue 25 item 4): what
 * the site's "classify this server" link serves. Every tool is R4 with the
 * effects its own definition suggests, each marked `suggested-` (SPEC 13),
 * or the `unclassified` placeholder, an evidence placeholder and the draft
 * rationale, so `npm run check` refuses the file until a person has read
 * the source of every tool. Provenance names the listed package version and
 * its integrity. Browser-safe (no node: import).
 */
import { stringify } from 'yaml';
import { DRAFT_EVIDENCE_PLACEHOLDER, DRAFT_RATIONALE, SUGGESTED_EFFECT_PREFIX } from '../../core/draft-placeholders.ts';
import { DRAFT_EFFECT } from '../../core/effects.ts';
import { suggestEffects } from '../../core/suggest/suggest.ts';
import { catalogueSlug } from './slug.ts';
import type { CatalogueListing } from './types.ts';

/** `server.repository` when the package names no GitHub repository: the schema's shape, for the contributor to replace. */
const REPOSITORY_PLACEHOLDER = 'TODO-owner/TODO-repository';

/** Tool names the record schema accepts; others are left out of a draft (as scan's drafts do). */
const DRAFT_TOOL_NAME = /^[A-Za-z0-9_.\-/]{1,128}$/;

/** The record id a draft proposes: the slug in lower case, cut to the schema's 48 characters. */
export function draftId(name: string): string {
  const id = catalogueSlug(name)
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return id === '' ? 'server' : id;
}

/**
 * The draft record's YAML text for one listing.
 * @param listing the catalogue listing (npm: provenance names the package at its integrity)
 */
export function catalogueDraft(listing: CatalogueListing): string {
  const usable = listing.tools.filter((tool) => DRAFT_TOOL_NAME.test(tool.name)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const tools = usable.map((tool) => {
    const suggestion = suggestEffects(tool);
    return {
      name: tool.name,
      class: 'R4',
      effects: suggestion.effects.length === 0 ? [DRAFT_EFFECT] : suggestion.effects.map((entry) => `${SUGGESTED_EFFECT_PREFIX}${entry.effect}`),
      rationale: DRAFT_RATIONALE,
      evidence: { ...DRAFT_EVIDENCE_PLACEHOLDER },
    };
  });
  const record = {
    id: draftId(listing.name),
    name: listing.name,
    description: `TODO: what ${listing.name} does, in one sentence.`,
    server: { repository: listing.repository ?? REPOSITORY_PLACEHOLDER, packages: [{ registry: listing.registry, name: listing.name }] },
    provenance: {
      status: 'draft',
      author: 'TODO: your name',
      reviewers: [],
      last_verified: listing.listed,
      package: { registry: listing.registry, name: listing.name, version: listing.version, integrity: listing.integrity },
      notes: `Draft from the catalogue: ${listing.name} ${listing.version} listed these ${tools.length} tools on ${listing.listed}, started without options or credentials. Every effect is a suggestion from the tool's own definition (SPEC 13), not read from source.`,
    },
    tools,
  };
  const header = [
    '# yaml-language-server: $schema=https://reversibility.twomuchlabs.com/schema/record.schema.json',
    `# DRAFT from the catalogue: ${listing.name} ${listing.version}, every tool R4 and not yet classified.`,
    "# Effects marked suggested- were proposed from each tool's own definition (SPEC 13), not read from source.",
    "# Before contributing: read each tool's source in the package, write its effects without the mark, its class,",
    '# a one-sentence rationale and the file and line that define it; npm run check refuses the placeholders.',
    ...(listing.repository === undefined
      ? [`# The package names no GitHub repository: replace ${REPOSITORY_PLACEHOLDER} with the one holding its source.`]
      : []),
    ...(usable.length < listing.tools.length ? [`# ${listing.tools.length - usable.length} tool name(s) the record schema cannot hold were left out.`] : []),
  ].join('\n');
  return `${header}\n${stringify(record, { lineWidth: 0 })}`;
}
