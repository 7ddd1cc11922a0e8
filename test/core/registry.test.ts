import { describe, expect, it } from 'vitest';
import { FORMAT_VERSION, Registry, SPEC_VERSION, buildDocument, type ServerRecord } from '../../src/core/index.ts';
import { evidencePlace, evidenceUrl } from '../../src/core/registry.ts';
import { EFFECT_IDS } from '../../src/core/effects.ts';

const COMMIT = 'ffffffffffffffffffffffffffffffffffffffff';
const make = (id: string, classes: Array<'R0' | 'R4'>): ServerRecord => ({
  $schema: '../schema/record.schema.json',
  id,
  name: id,
  description: 'Test record.',
  server: { repository: `example/${id}` },
  provenance: { status: 'draft', author: 'a', reviewers: [], last_verified: '2026-11-30', commit: COMMIT },
  tools: classes.map((cls, i) => ({
    name: `t${i}`,
    class: cls,
    rationale: cls === 'R0' ? 'Reads.' : 'Deletes with no copy kept.',
    evidence: { path: 'dir with space/a#b.ts', line: i + 1 },
    effects: cls === 'R0' ? ['read'] : ['delete'],
  })),
});

/** Per-effect totals: every effect of the vocabulary, zero unless given. */
const effectTotals = (counts: Record<string, number>): Record<string, number> => ({ ...Object.fromEntries(EFFECT_IDS.map((id) => [id, 0])), ...counts });

describe('registry document (SPEC 5.8)', () => {
  it('sorts records, counts classes, drops $schema and adds encoded permalinks', () => {
    const document = buildDocument([make('zeta', ['R4']), make('alpha', ['R0', 'R4', 'R4'])]);
    expect(document.format_version).toBe(FORMAT_VERSION);
    expect(document.spec_version).toBe(SPEC_VERSION);
    expect(document.servers.map((s) => s.id)).toEqual(['alpha', 'zeta']);
    expect(document.totals).toEqual({ servers: 2, tools: 4, classes: { R0: 1, R1: 0, R2: 0, R3: 0, R4: 3 }, effects: effectTotals({ read: 1, delete: 3 }) });
    expect('$schema' in document.servers[0]!).toBe(false);
    expect(document.servers[0]!.tools[0]!.evidence.url).toBe(`https://github.com/example/alpha/blob/${COMMIT}/dir%20with%20space/a%23b.ts#L1`);
  });

  it('refuses a document of another format version', () => {
    expect(() => Registry.fromDocument({ ...buildDocument([]), format_version: 2 as 1 })).toThrow('unsupported registry format_version `2`; expected `1`');
    expect(() => Registry.fromDocument({} as never)).toThrow('registry document has no `servers` array');
  });
});

describe('evidence permalinks (SPEC 5.2)', () => {
  const packaged = (): ServerRecord => {
    const record = make('demo', ['R0']);
    const integrity = `sha512-${'A'.repeat(86)}==`;
    return {
      ...record,
      provenance: { ...record.provenance, commit: undefined, package: { registry: 'npm', name: '@scope/demo-mcp', version: '1.2.3', integrity } },
    };
  };

  it('links a file of a published package at the exact version, anchored at the line', () => {
    expect(evidenceUrl(packaged(), { path: 'dist/index.js', line: 42 })).toBe('https://app.unpkg.com/@scope/demo-mcp@1.2.3/files/dist/index.js#L42');
    expect(evidencePlace({ path: 'dist/index.js', line: 42 })).toBe('dist/index.js line 42');
  });

  it('links the source map of an embedded original file without a line anchor, and says where in it to look', () => {
    const evidence = { path: 'dist/chunk.js.map', line: 193, source: '../src/tools/sql.ts' };
    expect(evidenceUrl(packaged(), evidence)).toBe('https://app.unpkg.com/@scope/demo-mcp@1.2.3/files/dist/chunk.js.map');
    expect(evidencePlace(evidence)).toBe('../src/tools/sql.ts line 193, embedded in the source map dist/chunk.js.map');
  });
});
