/**
 * The servers list's filter index and filters (src/site/lib/server-index.ts,
 * src/site/lib/server-filter.ts, issue 27 item 3) over the repository's own
 * registry: the worst class, a gate of kind `hides` (SPEC 5.5) that brings a
 * server under a ceiling, name search and the archived reference servers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { assembleRegistry } from '../../src/records/assemble.ts';
import { filterServers, matchServer, type ServerFilter, worstRank } from '../../src/site/lib/server-filter.ts';
import { type ServerIndexRow, serverIndex } from '../../src/site/lib/server-index.ts';
import { loadedRegistry } from '../loaded-registry.ts';

const ANY: ServerFilter = { query: '', withGate: false, present: [], status: '', hideArchived: false };
let rows: ServerIndexRow[] = [];
const row = (id: string) => rows.find((candidate) => candidate.id === id)!;

beforeAll(async () => {
  rows = serverIndex(assembleRegistry((await loadedRegistry()).records)).servers;
});

describe('servers filter index', () => {
  it('has one row per record, with counts that add up to its tools', async () => {
    const { records } = await loadedRegistry();
    expect(rows.map((r) => r.id)).toEqual(assembleRegistry(records).servers.map((record) => record.id));
    const argocd = records.find((record) => record.id === 'argocd')!;
    expect(row('argocd').counts.reduce((a, b) => a + b, 0)).toBe(argocd.tools.length);
  });

  it("argocd's read-only gate leaves its 11 R0 tools and none of its 5 R4 tools", () => {
    expect(row('argocd').counts).toEqual([11, 0, 0, 0, 5]);
    expect(row('argocd').hides).toEqual([{ id: 'read-only', counts: [11, 0, 0, 0, 0] }]);
  });

  it("marks exactly the servers whose record carries the publisher's archive notice (server.archived)", async () => {
    const { records } = await loadedRegistry();
    expect(row('github-reference').archived).toBe(true);
    expect(row('github').archived).toBe(false);
    expect(row('aws-cdk').archived).toBe(true);
    expect(rows.filter((r) => r.archived).map((r) => r.id)).toEqual(
      records
        .filter((record) => record.server.archived !== undefined)
        .map((record) => record.id)
        .sort(),
    );
  });
});

describe('servers filter', () => {
  it('"nothing above R1" keeps exactly the servers whose worst class is R0 or R1', () => {
    const shown = filterServers(rows, { ...ANY, ceiling: 1 }, 'name').map((match) => match.row.id);
    expect(shown).toEqual(
      rows
        .filter((r) => worstRank(r.counts) <= 1)
        .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
        .map((r) => r.id),
    );
    expect(shown).not.toContain('argocd');
  });

  it('with a hiding option allowed, argocd passes "nothing above R1" with read-only on and 11 tools left', () => {
    expect(matchServer(row('argocd'), { ...ANY, ceiling: 1, withGate: true })).toEqual({ row: row('argocd'), gate: 'read-only', left: 11 });
  });

  it("github's read-only mode still leaves two R4 tools, so github stays out under R1 even with gates", () => {
    expect(row('github').hides.find((gate) => gate.id === 'read-only')?.counts[4]).toBe(2);
    expect(matchServer(row('github'), { ...ANY, ceiling: 1, withGate: true })).toBeUndefined();
  });

  it('a gate that hides every tool never qualifies a server (atlassian passes by read-only, not enabled-tools)', () => {
    expect(matchServer(row('atlassian'), { ...ANY, ceiling: 0, withGate: true })?.gate).toBe('read-only');
  });

  it('the name filter matches id or name in any case, and archived servers can be left out', () => {
    const github = filterServers(rows, { ...ANY, query: 'GitHub' }, 'name').map((match) => match.row.id);
    expect(github).toContain('github');
    expect(github).toContain('github-reference');
    expect(filterServers(rows, { ...ANY, query: 'GitHub', hideArchived: true }, 'name').map((match) => match.row.id)).not.toContain('github-reference');
  });
});
