import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadedRegistry } from '../loaded-registry.ts';
import { type SuggestReport, evaluateSuggestions, heldOutServer } from '../../scripts/lib/suggest-eval.ts';
import { reportJson, reportMarkdown } from '../../scripts/lib/suggest-report.ts';

const DOCS = path.join(import.meta.dirname, '..', '..', 'docs', 'suggestions');

describe('docs/suggestions (npm run suggest:eval)', () => {
  let report: SuggestReport;
  beforeAll(async () => {
    const { records } = await loadedRegistry();
    report = evaluateSuggestions(records);
  });

  it('the committed report.json matches a fresh run over the registry', () => {
    expect(readFileSync(path.join(DOCS, 'report.json'), 'utf8')).toBe(reportJson(report));
  });

  it('the committed report.md matches a fresh run over the registry', () => {
    expect(readFileSync(path.join(DOCS, 'report.md'), 'utf8')).toBe(reportMarkdown(report));
  });

  it('every tool of the registry is scored once, in one of the two halves', () => {
    expect(report.tuning.tools + report.heldOut.tools).toBe(report.all.tools);
    expect(report.all.exact + report.all.looser + report.all.stricter).toBe(report.all.tools);
    expect(report.looser).toHaveLength(report.all.looser);
  });

  it('adding a record never moves another server between the halves: each half is fixed by a hash of the id', async () => {
    const { records } = await loadedRegistry();
    const first = records.find((record) => record.id === 'filesystem');
    expect(first).toBeDefined();
    const added = { ...first!, id: 'aaa-added-first' };
    const before = evaluateSuggestions(records).heldOutServers;
    const after = evaluateSuggestions([added, ...records]).heldOutServers.filter((id) => id !== 'aaa-added-first');
    expect(after).toEqual(before);
    // Two pinned values, so a change of the split shows here: SHA-256("filesystem") begins 0xcb (odd: held out),
    // SHA-256("memory") 0xc0 (even: tuning).
    expect([heldOutServer('filesystem'), heldOutServer('memory')]).toEqual([true, false]);
  });
});
