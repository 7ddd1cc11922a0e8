/**
 * The names index behind the header's as-you-type suggestions and the
 * search page's tool matches (issue 27 item 3): every server and tool name
 * with its server, class and whether the server is archived
 * (`server.archived`, SPEC 5.3), written at build time as
 * `search/names/<shard>.json`. A name is in the shard of each of its words
 * (lib/name-words.ts: the word's first two characters), so typing any word
 * of `slack_post_message` finds it, and the browser loads one shard per
 * first word typed, never the whole registry. A one-letter query loads the
 * shard of that letter, which lists the servers with a word starting with
 * it (and tools with a one-letter word): tools are suggested from the
 * second letter on.
 *
 * A shard has a fixed ceiling, {@link SHARD_GZIP_BYTES} after gzip, so it
 * stays under its budget at any size of the registry (site-budget.json
 * `namesShard`, also asserted at the synthetic 10x registry). When more
 * names share a shard, the ones kept are those the suggestions would rank
 * first (lib/suggest-rank.ts, without a query): servers before tools, then
 * maintained before archived, a name whose first word carries the shard's
 * prefix, the shorter name, the registry's order; `o` counts the names
 * left out. Today's registry fills no shard; a left-out tool is still
 * listed on its server's page, and its server is still found by the
 * full-text search (Pagefind indexes the tool grid).
 *
 * A server is listed under the words of its id and of its name up to the
 * first parenthesis (`GitHub MCP Server (official, by GitHub)` → github, mcp,
 * server), so the publisher's remark in brackets does not put it in other
 * shards. Classes are numbers (0 = R0 … 4 = R4).
 */
import { gzipSync } from 'node:zlib';
import { CLASSES } from './classes.ts';
import { nameWords, shardOf } from './name-words.ts';
import { type RegistryDocument, type ServerRecord, worstClass } from './registry.ts';

/** A shard's ceiling: bytes of its JSON after gzip (level 9), under site-budget.json `namesShard` (16000). */
export const SHARD_GZIP_BYTES = 15_000;

/** A server row of a shard: id, name, worst class (0-4), archived (1) or not (0), listed under this shard's prefix (1) or present only for its tools (0). */
export type ShardServer = [id: string, name: string, worst: number, archived: 0 | 1, listed: 0 | 1];
/** A tool row of a shard: its server's position in the shard's `s`, its name, its class (0-4). */
type ShardTool = [server: number, name: string, cls: number];

/** One shard file, `search/names/<key>.json`. */
export interface NamesShard {
  v: 2;
  s: ShardServer[];
  t: ShardTool[];
  /** Names left out by the ceiling (servers and tools); absent when none. */
  o?: number;
}

/** The words a server is listed under: its id's and its name's before any parenthesis. */
function serverWords(id: string, name: string): string[] {
  return [...new Set([...nameWords(id), ...nameWords(name.split('(')[0] ?? '')])];
}

/** A name waiting for its shard, with what the ceiling ranks it by. */
interface Entry {
  record: ServerRecord;
  /** The tool's name and class; absent for a server. */
  tool?: { name: string; cls: number };
  /** Position in the registry (servers by id, then tools by name). */
  order: number;
  /** 0 when the name's first word carries the shard's prefix. */
  later: 0 | 1;
  length: number;
}

/** The ceiling's order: maintained first, then the first word, the shorter name, the registry's order. */
function byRank(a: Entry, b: Entry): number {
  const archived = (entry: Entry) => (entry.record.server.archived === undefined ? 0 : 1);
  return archived(a) - archived(b) || a.later - b.later || a.length - b.length || a.order - b.order;
}

/** Bytes of a shard's JSON after gzip at level 9, as the budget test weighs it. */
function gzipSize(shard: NamesShard): number {
  return gzipSync(JSON.stringify(shard), { level: 9 }).length;
}

/** A shard of the given names, written in the registry's order, and the count of names left out; a tool's server is in `s` (listed when it is itself among the names). */
function writeShard(names: readonly Entry[], omitted: number): NamesShard {
  const listed = new Set(names.filter((entry) => entry.tool === undefined).map((entry) => entry.record.id));
  const shard: NamesShard = { v: 2, s: [], t: [] };
  const at = new Map<string, number>();
  const serverIn = (record: ServerRecord): number => {
    let index = at.get(record.id);
    if (index === undefined) {
      index =
        shard.s.push([
          record.id,
          record.name,
          CLASSES.indexOf(worstClass(record)),
          record.server.archived === undefined ? 0 : 1,
          listed.has(record.id) ? 1 : 0,
        ]) - 1;
      at.set(record.id, index);
    }
    return index;
  };
  for (const entry of [...names].sort((a, b) => a.order - b.order)) {
    if (entry.tool === undefined) serverIn(entry.record);
    else shard.t.push([serverIn(entry.record), entry.tool.name, entry.tool.cls]);
  }
  if (omitted > 0) shard.o = omitted;
  return shard;
}

/**
 * Every shard of a registry, keyed by shard (`sl`, `s`, `_`, …; see
 * lib/name-words.ts `shardOf`), each with the servers and tools that have a
 * word in it, as many as fit {@link SHARD_GZIP_BYTES}.
 * Kept names are written in the registry's order (servers by id, tools by
 * name); a tool's server is in its shard's `s` (listed or not).
 */
export function namesShards(registry: RegistryDocument): Map<string, NamesShard> {
  const pending = new Map<string, { servers: Entry[]; tools: Entry[] }>();
  const bucket = (key: string) => {
    let found = pending.get(key);
    if (found === undefined) {
      found = { servers: [], tools: [] };
      pending.set(key, found);
    }
    return found;
  };
  let order = 0;
  for (const record of registry.servers) {
    const words = serverWords(record.id, record.name);
    // A server is in the shard of each word's prefix and of each word's first letter (for one-letter queries).
    const keys = new Set(words.flatMap((word) => [shardOf(word), shardOf(word.charAt(0))]));
    for (const key of keys) {
      const first = words[0] !== undefined && (shardOf(words[0]) === key || shardOf(words[0].charAt(0)) === key);
      bucket(key).servers.push({ record, order, later: first ? 0 : 1, length: record.name.length });
    }
    order += 1;
    for (const tool of record.tools) {
      const toolWords = nameWords(tool.name);
      for (const key of new Set(toolWords.map(shardOf))) {
        const first = toolWords[0] !== undefined && shardOf(toolWords[0]) === key;
        bucket(key).tools.push({ record, tool: { name: tool.name, cls: CLASSES.indexOf(tool.class) }, order, later: first ? 0 : 1, length: tool.name.length });
      }
      order += 1;
    }
  }
  const shards = new Map<string, NamesShard>();
  for (const key of [...pending.keys()].sort()) {
    const { servers, tools } = pending.get(key)!;
    // Servers before tools, as the suggestions rank them; the ceiling cuts from the end.
    const ranked = [...[...servers].sort(byRank), ...[...tools].sort(byRank)];
    const fits = (kept: number) => gzipSize(writeShard(ranked.slice(0, kept), ranked.length - kept)) <= SHARD_GZIP_BYTES;
    let kept = ranked.length;
    if (!fits(kept)) {
      // The most names that fit, by bisection: from an estimate proportional to the bytes, widened until it brackets the answer.
      const estimate = Math.floor((ranked.length * SHARD_GZIP_BYTES) / gzipSize(writeShard(ranked, 0)));
      let low = estimate;
      let high = ranked.length;
      while (low > 0 && !fits(low)) {
        high = low;
        low = Math.floor(low / 2);
      }
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (fits(middle)) low = middle;
        else high = middle;
      }
      kept = low;
    }
    const shard = writeShard(ranked.slice(0, kept), ranked.length - kept);
    shards.set(key, shard);
  }
  return shards;
}
