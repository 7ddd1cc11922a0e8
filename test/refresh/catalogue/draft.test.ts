/**
 * The "classify this server" draft of a catalogue server (issue 25 item 4)
 * follows the record schema, pins the listed package at its integrity, and
 * is refused by `npm run check` until a person has replaced every suggested
 * mark and placeholder (SPEC 13).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { catalogueDraft, draftId } from '../../../src/records/catalogue/draft.ts';
import type { CatalogueListing } from '../../../src/records/catalogue/types.ts';
import { checkRecordText } from '../../pipeline/demo-record.ts';

const listing = JSON.parse(readFileSync('catalogue/npm/testsprite--testsprite-mcp.json', 'utf8')) as CatalogueListing;

describe('catalogueDraft', () => {
  it('proposes a record id the schema accepts', () => {
    expect(draftId('@testsprite/testsprite-mcp')).toBe('testsprite--testsprite-mcp');
    expect(draftId('@A.B/Some_Server')).toBe('a-b--some-server');
  });

  it('pins the listed version and integrity and keeps every tool at R4 with suggested marks', () => {
    const record = parse(catalogueDraft(listing)) as {
      provenance: { status: string; package: unknown };
      tools: { name: string; class: string; effects: string[] }[];
    };
    expect(record.provenance.status).toBe('draft');
    expect(record.provenance.package).toEqual({ registry: 'npm', name: listing.name, version: listing.version, integrity: listing.integrity });
    expect(record.tools).toHaveLength(listing.tools.length);
    expect(record.tools.every((tool) => tool.class === 'R4')).toBe(true);
    expect(record.tools.find((tool) => tool.name === 'testsprite_check_account_info')?.effects).toEqual(['suggested-read', 'suggested-send']);
  });

  it('npm run check refuses it only for its placeholders and suggested marks, never for its shape', () => {
    const id = draftId(listing.name);
    const { problems, accepted } = checkRecordText(`registry/${id}.yaml`, catalogueDraft(listing));
    const kinds = new Set(problems.map((line) => /\[([a-z-]+)\]/.exec(line)?.[1]));
    expect(accepted).toBe(0);
    expect([...kinds].sort()).toEqual(['draft-placeholder', 'unknown-effect']);
  });
});
