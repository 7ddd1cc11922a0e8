/**
 * Classes for the tools of one server, as `rclass scan` counts them: each
 * tool at its record's base class, the worst case over every argument
 * (SPEC 4.1, 4.2), the same value `rclass lookup` reports as `base_class`.
 * A tool the record does not list, and every tool of a server no record
 * describes, is R4 (SPEC 4.3). So is a tool whose definition has another
 * fingerprint than its record's (SPEC 5.2.1): the record describes a tool
 * of the same name, not this one; fingerprints of another algorithm than
 * this code's (`provenance.live_listing.algorithm`) are not compared. The server's annotations give a hint class
 * shown beside it, never used (SPEC 7). A tool no record describes also
 * carries the effects its own definition suggests (SPEC 13), shown and never
 * counted.
 */
import { hintClass } from '../core/annotations.ts';
import { suggestEffects } from '../core/suggest/suggest.ts';
import { fingerprintsComparable } from '../core/fingerprint.ts';
import type { ClassCounts } from '../core/record.ts';
import { type IndexedServer, type Registry, emptyCounts } from '../core/registry.ts';
import type { LiveTool } from './list-tools.ts';
import type { ToolFilter } from '../clients/types.ts';
import type { Suggestion, ToolResult } from './types.ts';

/** Per-class counts of a tool list. */
export function countTools(tools: readonly ToolResult[]): ClassCounts {
  const counts = emptyCounts();
  for (const tool of tools) counts[tool.class] += 1;
  return counts;
}

/**
 * Classify the tools a running server listed.
 * @param live the tools from `tools/list`, in the server's order
 * @param record the server's record, or undefined when it is not identified
 * @returns one result per distinct tool name, sorted by name, the names the record does not list (drift),
 *   and the names whose definition changed since the record was checked (a fingerprint that differs)
 */
export function classifyLive(live: readonly LiveTool[], record: IndexedServer | undefined): { tools: ToolResult[]; drift: string[]; changed: string[] } {
  const seen = new Map<string, LiveTool>();
  for (const tool of live) if (!seen.has(tool.name)) seen.set(tool.name, tool);
  const tools: ToolResult[] = [];
  const drift: string[] = [];
  const changed: string[] = [];
  const comparable = record !== undefined && fingerprintsComparable(record.record);
  for (const [name, tool] of [...seen].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const listed = record?.tools.get(name);
    const differs = comparable && listed?.fingerprint !== undefined && tool.fingerprint !== undefined && tool.fingerprint !== listed.fingerprint;
    const result: ToolResult =
      listed === undefined
        ? { name, class: 'R4', source: 'unknown' }
        : differs
          ? { name, class: 'R4', source: 'changed' }
          : { name, class: listed.class, source: 'registry' };
    if (differs) changed.push(name);
    if (record !== undefined) result.inRecord = listed !== undefined;
    if (record !== undefined && listed === undefined) drift.push(name);
    result.hintClass = hintClass(tool.annotations);
    if (tool.annotations !== undefined) result.annotations = tool.annotations;
    // A tool no record describes gets a suggestion from its own definition (SPEC 13); it still counts as R4.
    if (listed === undefined) result.suggested = suggestEffects({ name, ...(tool.definition ?? {}) });
    tools.push(result);
  }
  return { tools, drift, changed };
}

/** Every tool a record lists, at its base class (for `--list` and remote entries). */
export function classifyRecord(record: IndexedServer): ToolResult[] {
  return [...record.record.tools]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((tool) => ({ name: tool.name, class: tool.class, source: 'registry' as const, inRecord: true }));
}

/** Fewest matching names before a record is suggested. */
const MIN_SUGGESTION_MATCHES = 2;
/** Least share of the live names a record must list to be suggested. */
const MIN_SUGGESTION_SHARE = 0.8;

/**
 * Records whose tool names look like a live server's (SPEC 6.2: tool names
 * never identify a server; this is only a suggestion for `--assume`).
 * @returns up to three records listing at least {@link MIN_SUGGESTION_SHARE} of the live names (and at least {@link MIN_SUGGESTION_MATCHES}, or all of a one-tool list), best first
 */
export function suggestRecords(live: readonly LiveTool[], registry: Registry): Suggestion[] {
  const names = [...new Set(live.map((tool) => tool.name))];
  if (names.length === 0) return [];
  const suggestions: Suggestion[] = [];
  for (const server of registry.servers()) {
    const matched = names.filter((name) => server.tools.has(name)).length;
    if (matched < Math.min(MIN_SUGGESTION_MATCHES, names.length) || matched / names.length < MIN_SUGGESTION_SHARE) continue;
    suggestions.push({ record: server.record.id, matched, of: names.length });
  }
  // Best first: more matches, then a record with fewer tools of its own (a closer fit), then by id.
  const size = (id: string) => registry.server(id)?.tools.size ?? 0;
  suggestions.sort((a, b) => b.matched - a.matched || size(a.record) - size(b.record) || (a.record < b.record ? -1 : 1));
  return suggestions.slice(0, 3);
}

/**
 * Apply a client's tool filter (`ConfigEntry.toolFilter`): a tool is kept
 * only when `include` is absent or names it and `exclude` does not.
 * @returns the reachable tools, and the names filtered out, in order
 */
export function applyToolFilter(tools: readonly ToolResult[], filter: ToolFilter | undefined): { kept: ToolResult[]; filteredOut: string[] } {
  if (filter === undefined) return { kept: [...tools], filteredOut: [] };
  const include = filter.include === undefined ? undefined : new Set(filter.include);
  const exclude = new Set(filter.exclude ?? []);
  const kept: ToolResult[] = [];
  const filteredOut: string[] = [];
  for (const tool of tools) {
    if ((include === undefined || include.has(tool.name)) && !exclude.has(tool.name)) kept.push(tool);
    else filteredOut.push(tool.name);
  }
  return { kept, filteredOut };
}
