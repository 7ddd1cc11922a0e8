/**
 * `--write-drafts DIR`: when a running server lists tools its record does
 * not (drift), write the record with those tools added, as a starting point
 * for a contribution (SPEC 5). Each added tool is R4, with the effects its
 * own definition suggests (SPEC 13), each marked `suggested-` (or, when
 * nothing is suggested, the `unclassified` placeholder); the record check
 * rejects both until a person names the effects from source. It has a rationale that
 * says it is not classified yet, and an evidence placeholder that names
 * itself as one; the record's status becomes `draft`. The file follows
 * `schema/record.schema.json`, and every lint check but `unknown-effect`, which
 * names each placeholder; it is not
 * a classification: someone must read each tool's source before it is one.
 *
 * Files are written atomically and exclusively: the text goes to a temporary
 * file in DIR, which is then hard-linked to its name; the link fails if
 * anything is there, even a dangling symlink, so nothing is ever replaced
 * and there is no gap between a check and the write. Node-only.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, unlink } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import { isDocumentationEvidence, type ServerRecord, type ToolAnnotations, type ToolRecord } from '../core/record.ts';
import { DRAFT_EFFECT } from '../core/effects.ts';
import { DRAFT_EVIDENCE_PLACEHOLDER, DRAFT_RATIONALE, SUGGESTED_EFFECT_PREFIX } from '../core/draft-placeholders.ts';
import type { ToolDefinition } from '../core/fingerprint.ts';
import { type ToolSuggestion, suggestEffects } from '../core/suggest/suggest.ts';

/** Tool names the record schema accepts; others are left out of a draft. */
const DRAFT_TOOL_NAME = /^[A-Za-z0-9_.\-/]{1,128}$/;

/** The schema a draft points its editor at. */
const RECORD_SCHEMA_URL = 'https://reversibility.twomuchlabs.com/schema/record.schema.json';

/** The evidence placeholder of an added tool (`npm run check` refuses it: src/records/checks/draft-placeholders.ts). */
const EVIDENCE_PLACEHOLDER = DRAFT_EVIDENCE_PLACEHOLDER;

/** One drifted tool as the server listed it. */
export interface DraftTool {
  name: string;
  annotations?: ToolAnnotations;
  /** Description, input schema and annotations as listed, when known: what the suggester reads (SPEC 13). */
  definition?: ToolDefinition;
}

/** What went into a draft. */
export interface Draft {
  recordId: string;
  /** The YAML text. */
  text: string;
  /** Names added as R4. */
  added: string[];
  /** Names left out because the record schema cannot hold them. */
  leftOut: number;
}

/**
 * Build the draft of a record with drifted tools added.
 * @param record the record as in the registry document (`evidence.url` is dropped: the build derives it)
 * @param drift the tools the server listed that the record does not
 * @param seenOn what was scanned, e.g. `memory-server 0.6.3`, for the notes (sanitised by the caller)
 * @param today the date, `YYYY-MM-DD`
 * @param by what wrote the draft (`rclass scan`, `npm run refresh`), for its header and notes
 */
export function buildDraft(record: ServerRecord, drift: readonly DraftTool[], seenOn: string, today: string, by = 'rclass scan'): Draft {
  const usable = drift
    .filter((tool) => DRAFT_TOOL_NAME.test(tool.name) && !record.tools.some((existing) => existing.name === tool.name))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const suggestions = new Map<string, ToolSuggestion>(
    usable.map((tool) => [tool.name, suggestEffects({ name: tool.name, ...(tool.definition ?? { annotations: tool.annotations }) })]),
  );
  const added: ToolRecord[] = usable.map((tool) => ({
    name: tool.name,
    class: 'R4',
    effects: suggestedMarks(suggestions.get(tool.name)),
    rationale: DRAFT_RATIONALE,
    evidence: { ...EVIDENCE_PLACEHOLDER },
    ...(tool.annotations !== undefined && Object.keys(tool.annotations).length > 0 ? { annotations: tool.annotations } : {}),
  }));
  const tools = [
    ...record.tools.map(({ evidence, disclosure: _derived, ...tool }) => ({
      ...tool,
      evidence: isDocumentationEvidence(evidence)
        ? { url: evidence.url, quote: evidence.quote }
        : { ...(evidence.repository !== undefined ? { repository: evidence.repository } : {}), path: evidence.path, line: evidence.line },
    })),
    ...added,
  ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const note = `Draft written by ${by} on ${today} from ${seenOn}: it listed ${added.length} tool${added.length === 1 ? '' : 's'} this record did not (${added.map((tool) => tool.name).join(', ')}), added as R4 and not yet classified. Their evidence is a placeholder, and provenance still names the commit or package version the other tools were checked against.`;
  const { $schema: _schema, ...rest } = record;
  const draft: ServerRecord = {
    ...rest,
    provenance: { ...record.provenance, status: 'draft', notes: record.provenance.notes === undefined ? note : `${record.provenance.notes}\n${note}` },
    tools,
  };
  const header = [
    `# yaml-language-server: $schema=${RECORD_SCHEMA_URL}`,
    `# DRAFT from ${by}: ${added.length} tool${added.length === 1 ? '' : 's'} added as R4 (not yet classified): ${added.map((tool) => tool.name).join(', ')}.`,
    "# Before contributing: read each added tool's source, give it its class and a one-sentence rationale,",
    '# and replace the evidence placeholder with the file and line that define it at provenance.commit (or in provenance.package).',
    "# Effects marked suggested- were proposed from each tool's own definition (SPEC 13), not read from source: check each",
    '# against the source, then write the effect without the mark (or the one the source shows); npm run check refuses the marks.',
    ...usable.map((tool) => `#   ${tool.name}: ${suggestionLine(suggestions.get(tool.name))}`),
  ].join('\n');
  return {
    recordId: record.id,
    text: `${header}\n${stringify(draft, { lineWidth: 0 })}`,
    added: added.map((tool) => tool.name),
    leftOut: drift.length - usable.length,
  };
}

/** The effects of an added tool: each suggested effect marked as one, or the `unclassified` placeholder when none was suggested. */
function suggestedMarks(suggestion: ToolSuggestion | undefined): string[] {
  if (suggestion === undefined || suggestion.effects.length === 0) return [DRAFT_EFFECT];
  return suggestion.effects.map((entry) => `${SUGGESTED_EFFECT_PREFIX}${entry.effect}`);
}

/** One header line on a suggestion: the class it derives and why each effect was proposed. */
function suggestionLine(suggestion: ToolSuggestion | undefined): string {
  if (suggestion === undefined || suggestion.effects.length === 0) return 'nothing suggested (no word of its definition points to an effect)';
  return `suggests ${suggestion.class}: ${suggestion.effects.map((entry) => `${entry.effect} (${entry.confidence}; ${entry.because.join(', ')})`).join('; ')}`;
}

/**
 * Write a draft as `DIR/<record id>.yaml`, atomically and exclusively:
 * a temporary file in DIR, hard-linked to the name (which fails with EEXIST
 * when anything is there, a dangling symlink included), then unlinked.
 * @returns the path written, or undefined when something is already there (it is left alone)
 * @throws when the folder or file cannot be written
 */
export async function writeDraft(dir: string, draft: Draft): Promise<string | undefined> {
  const file = path.join(dir, `${draft.recordId}.yaml`);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${draft.recordId}.yaml.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', 0o644);
  try {
    try {
      await handle.writeFile(draft.text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await link(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
      throw error;
    }
    return file;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}
