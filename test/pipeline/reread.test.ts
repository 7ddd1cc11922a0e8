/**
 * Blind re-reads (docs/reviews/accuracy.json): the sample is reproducible
 * from its seed and shows a reader nothing of the record's verdict, the
 * comparison counts classes, effect sets and which side was stricter, and
 * the committed ledger holds figures that add up and reports that exist.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerRecord } from '../../src/core/record.ts';
import { ROOT } from '../../src/records/paths.ts';
import { compareAnswers, drawSample } from '../../src/records/reread.ts';

function record(id: string, tools: Array<{ name: string; class: string; effects: string[] }>): ServerRecord {
  return {
    id,
    server: { repository: `example/${id}` },
    provenance: { commit: 'a'.repeat(40) },
    tools: tools.map((t) => ({ ...t, rationale: 'secret verdict', evidence: { path: 'src/x.ts', line: 3 } })),
  } as unknown as ServerRecord;
}

const records = [
  record('alpha', [
    { name: 'list_things', class: 'R0', effects: ['read'] },
    { name: 'delete_thing', class: 'R4', effects: ['delete'] },
    { name: 'archive_thing', class: 'R1', effects: ['trash'] },
  ]),
  record('beta', [{ name: 'post_message', class: 'R4', effects: ['send'] }]),
];

describe('drawSample', () => {
  it('draws the same tools for the same seed and others for another, and gives no class, effects or rationale', () => {
    const a = drawSample(records, '2026-12-05', 2);
    expect(drawSample(records, '2026-12-05', 2)).toEqual(a);
    expect(a).toHaveLength(2);
    const all = drawSample(records, 'x', 10);
    expect(all.map((e) => `${e.server}/${e.tool}`).sort()).toEqual(['alpha/archive_thing', 'alpha/delete_thing', 'alpha/list_things', 'beta/post_message']);
    expect(Object.keys(all[0]!).sort()).toEqual(['evidence', 'repository', 'server', 'source', 'tool']);
    expect(JSON.stringify(all)).not.toMatch(/secret verdict|R4|delete"\]/);
  });
});

describe('compareAnswers', () => {
  it('counts the same class, the same effects, and a registry stricter or looser than the reader', () => {
    const figures = compareAnswers(records, [
      { server: 'alpha', tool: 'list_things', effects: ['read'] },
      { server: 'alpha', tool: 'delete_thing', effects: ['delete-recoverable'] },
      { server: 'alpha', tool: 'archive_thing', effects: ['trash', 'read'] },
      { server: 'beta', tool: 'post_message', effects: ['send', 'publish'] },
    ]);
    expect([figures.class, figures.effects]).toEqual([
      { agree: 3, of: 4 },
      { agree: 1, of: 4 },
    ]);
    expect([figures.registryStricter, figures.registryLooser]).toEqual([1, 0]);
    expect(figures.jaccard).toBe(0.5);
    expect(figures.byClass.R4).toEqual({ agree: 1, of: 2 });
    expect(figures.byEffect.delete).toEqual({ both: 0, recordOnly: 1, readerOnly: 0 });
    expect(figures.classDifferences).toEqual([
      { server: 'alpha', tool: 'delete_thing', record: 'R4', reader: 'R3', recordEffects: ['delete'], readerEffects: ['delete-recoverable'] },
    ]);
  });

  it('refuses an answer about a tool the registry does not have', () => {
    expect(() => compareAnswers(records, [{ server: 'alpha', tool: 'nope', effects: ['read'] }])).toThrow('the registry has no tool alpha/nope');
  });
});

describe('docs/reviews/accuracy.json', () => {
  const ledger = JSON.parse(readFileSync(path.join(ROOT, 'docs', 'reviews', 'accuracy.json'), 'utf8')) as {
    rereads: Array<{
      date: string;
      report: string;
      answers?: string;
      tools: number;
      class: { agree: number; of: number };
      effects: { agree: number; of: number } | null;
      registry_stricter: number;
      registry_looser: number;
    }>;
  };

  it('lists re-reads oldest first, each with a report that exists and figures that add up', () => {
    expect(ledger.rereads.length).toBeGreaterThanOrEqual(3);
    const dates = ledger.rereads.map((r) => r.date);
    expect([...dates].sort()).toEqual(dates);
    for (const r of ledger.rereads) {
      expect(existsSync(path.join(ROOT, r.report)), r.report).toBe(true);
      if (r.answers !== undefined) expect(existsSync(path.join(ROOT, r.answers)), r.answers).toBe(true);
      expect(r.class.of).toBe(r.tools);
      if (r.effects !== null) expect(r.effects.of).toBe(r.tools);
      expect(r.registry_stricter + r.registry_looser).toBe(r.class.of - r.class.agree);
    }
  });
});
