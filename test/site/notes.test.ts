/**
 * Reviewer notes as a server page shows them (src/site/lib/notes.ts, issue
 * 27 item 6): the first sentence as the summary, each further sentence
 * folded under its lead, the text unchanged.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { sentences, structureNotes } from '../../src/site/lib/notes.ts';

const azure = (parse(readFileSync('registry/azure.yaml', 'utf8')) as { provenance: { notes: string } }).provenance.notes;

describe('reviewer notes', () => {
  it("azure's 6,000-character notes open with the pinned commit and fold the rest, losing no character", () => {
    const notes = structureNotes(azure);
    expect(notes.summary).toMatch(/^Pinned to 2712e19d \('prepare for 2\.0\.5 release'\)/);
    expect(notes.summary.length).toBeLessThan(400);
    expect(notes.sections.length).toBeGreaterThan(5);
    expect([notes.summary, ...notes.sections.map((section) => section.text)].join(' ')).toBe(azure);
  });

  it('a fold is labelled by the lead before its colon: "Not settled from this repository"', () => {
    const labels = structureNotes(azure).sections.map((section) => section.label);
    expect(labels).toContain('Not settled from this repository');
    expect(labels).toContain('Not modelled as gates');
    expect(labels.every((label) => label.length <= 91)).toBe(true);
  });

  it('sentences do not break inside a version, a file name or after e.g.', () => {
    expect(sentences('Pinned to 2.0.5 (see main.ts, e.g. line 4) here. The next one starts.')).toEqual([
      'Pinned to 2.0.5 (see main.ts, e.g. line 4) here.',
      'The next one starts.',
    ]);
  });

  it('short notes stay one paragraph with no fold', () => {
    const text = 'Python server, so only the source was checked. Every tool is always registered.';
    expect(structureNotes(text)).toEqual({ summary: text, sections: [] });
  });
});
