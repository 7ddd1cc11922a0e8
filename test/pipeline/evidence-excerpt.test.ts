/**
 * `npm run check` asks every evidence citation in source for its excerpt
 * (SPEC 5.2.2, check `evidence-excerpt`), over the repository's whole
 * `registry/` only; documentation quotes are their own excerpt. A span's
 * `end` lies from `line` to `line` + 6 (check `evidence`).
 */
import { describe, expect, it } from 'vitest';
import type { ServerRecord } from '../../src/core/record.ts';
import type { RecordInput } from '../../src/records/checks/check.ts';
import { evidence } from '../../src/records/checks/evidence.ts';
import { evidenceExcerpt } from '../../src/records/checks/evidence-excerpt.ts';

/** A record input whose problems are collected as `path: message`. */
function input(record: Partial<ServerRecord>, found: string[]): RecordInput {
  return {
    record: { id: 'demo', server: {}, provenance: {}, ...record } as ServerRecord,
    file: 'registry/demo.yaml',
    report: (path, message) => found.push(`${path.join('.')}: ${message}`),
    locate: () => ({ line: 1, column: 1 }),
  };
}

describe('evidence-excerpt', () => {
  it('runs over the whole registry only', () => {
    expect(evidenceExcerpt.scope === 'registry' && evidenceExcerpt.wholeRegistryOnly).toBe(true);
  });

  it('reports a tool and a code option citing source without an excerpt, at their evidence', () => {
    const found: string[] = [];
    const record = {
      tools: [
        { name: 'quoted', evidence: { path: 'a.ts', line: 1, excerpt: "'quoted'," } },
        { name: 'bare', evidence: { path: 'a.ts', line: 2 } },
        { name: 'documented', evidence: { url: 'https://example.org/tools', quote: 'The documented tool deletes the whole project.' } },
      ],
      server: { code_options: [{ options: ['--write'], evidence: { path: 'cli.ts', line: 3 } }] },
    } as unknown as Partial<ServerRecord>;
    if (evidenceExcerpt.scope === 'registry') evidenceExcerpt.check([input(record, found)]);
    expect(found).toEqual([
      'tools.1.evidence: evidence of `bare` has no excerpt; run `npm run evidence -- --write-excerpts`',
      'server.code_options.0.evidence: the evidence of this code option has no excerpt; run `npm run evidence -- --write-excerpts`',
    ]);
  });
});

describe('evidence: a span', () => {
  it('accepts end from line to line + 6 and reports one outside it at end', () => {
    const found: string[] = [];
    const record = {
      tools: [
        { name: 'same', evidence: { path: 'a.ts', line: 10, end: 10, excerpt: 'x' } },
        { name: 'six', evidence: { path: 'a.ts', line: 10, end: 16, excerpt: 'x' } },
        { name: 'seven', evidence: { path: 'a.ts', line: 10, end: 17, excerpt: 'x' } },
        { name: 'before', evidence: { path: 'a.ts', line: 10, end: 9, excerpt: 'x' } },
      ],
      server: {},
    } as unknown as Partial<ServerRecord>;
    if (evidence.scope === 'record') evidence.check(input(record, found));
    expect(found).toEqual([
      'tools.2.evidence.end: evidence of `seven` spans lines 10 to 17; `end` must be from 10 to 16',
      'tools.3.evidence.end: evidence of `before` spans lines 10 to 9; `end` must be from 10 to 16',
    ]);
  });
});
