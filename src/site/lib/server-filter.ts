/**
 * The servers list's filters over its index (lib/server-index.ts), with no
 * DOM, so the page's script and the tests share them (issue 27 item 3:
 * "which servers are safe to connect?"). Classes are compared by rank, R0
 * lowest (SPEC 2.1); a gate of kind `hides` removes the tools naming it and
 * never changes a class (SPEC 5.5).
 */
import type { ServerIndexRow } from './server-index.ts';

/** What the visitor asked for. Class ranks are 0 (R0) to 4 (R4). */
export interface ServerFilter {
  /** Part of the id or name, any case; empty for any. */
  query: string;
  /** The highest class a server may expose; undefined for any. */
  ceiling?: number;
  /** Let one of a server's gates of kind `hides` (a read-only mode) be on to meet the ceiling. */
  withGate: boolean;
  /** Ranks of which a server must have at least one tool; empty for any. */
  present: number[];
  /** `draft`, `reviewed` or `verified`; empty for any. */
  status: string;
  /** Leave out the archived reference servers. */
  hideArchived: boolean;
}

/** Why a server is shown: the gate it needs on to meet the ceiling, and the tools it then exposes. */
export interface ServerMatch {
  row: ServerIndexRow;
  /** The `hides` gate that must be on, when the server meets the ceiling only with it. */
  gate?: string;
  /** Tools left with {@link gate} on (all tools without one). */
  left: number;
}

/** The rank of the highest class with a tool, -1 for no tools. */
export function worstRank(counts: readonly number[]): number {
  for (let rank = counts.length - 1; rank >= 0; rank -= 1) if ((counts[rank] ?? 0) > 0) return rank;
  return -1;
}

const sum = (counts: readonly number[], upTo = counts.length - 1) => counts.slice(0, upTo + 1).reduce((a, b) => a + b, 0);

/**
 * Whether a row passes the filter, and why.
 * With a ceiling and `withGate`, a server above the ceiling passes when one
 * of its `hides` gates leaves at least one tool and none above the ceiling;
 * of several such gates the one leaving the most tools is named.
 * @returns the match, or undefined when the row is filtered out
 */
export function matchServer(row: ServerIndexRow, filter: ServerFilter): ServerMatch | undefined {
  const query = filter.query.trim().toLowerCase();
  if (query !== '' && !row.id.includes(query) && !row.name.toLowerCase().includes(query)) return undefined;
  if (filter.status !== '' && row.status !== filter.status) return undefined;
  if (filter.hideArchived && row.archived) return undefined;
  if (filter.present.length > 0 && !filter.present.some((rank) => (row.counts[rank] ?? 0) > 0)) return undefined;
  const total = sum(row.counts);
  if (filter.ceiling === undefined) return { row, left: total };
  const ceiling = filter.ceiling;
  if (worstRank(row.counts) <= ceiling) return { row, left: total };
  if (!filter.withGate) return undefined;
  const best = row.hides
    .filter((gate) => sum(gate.counts) > 0 && worstRank(gate.counts) <= ceiling)
    .sort((a, b) => sum(b.counts) - sum(a.counts) || (a.id < b.id ? -1 : 1))[0];
  if (best === undefined) return undefined;
  const left = sum(best.counts);
  return { row, gate: best.id, left };
}

/** Orders of the list: by name, most tools, most R4 tools, highest share of R4, most recently checked. */
const SERVER_SORTS: Record<string, (a: ServerIndexRow, b: ServerIndexRow) => number> = {
  name: (a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()),
  tools: (a, b) => sum(b.counts) - sum(a.counts),
  r4: (a, b) => b.counts[4] - a.counts[4],
  r4share: (a, b) => b.counts[4] / Math.max(sum(b.counts), 1) - a.counts[4] / Math.max(sum(a.counts), 1),
  verified: (a, b) => b.verified.localeCompare(a.verified),
};

/**
 * The rows that pass, in the chosen order (ties by name).
 * @param sort name, tools, r4, r4share or verified; an unknown key sorts by name
 */
export function filterServers(rows: readonly ServerIndexRow[], filter: ServerFilter, sort: string): ServerMatch[] {
  const order = SERVER_SORTS[sort] ?? SERVER_SORTS.name!;
  return rows
    .map((row) => matchServer(row, filter))
    .filter((match): match is ServerMatch => match !== undefined)
    .sort((a, b) => order(a.row, b.row) || SERVER_SORTS.name!(a.row, b.row));
}

/** The total of a counts array, for the page's script. */
export function toolTotal(counts: readonly number[]): number {
  return sum(counts);
}
