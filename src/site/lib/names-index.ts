/**
 * The names index behind the header's as-you-type suggestions (issue 27
 * item 3): every server and tool name with its server, class and whether
 * the server is archived (`server.archived`, SPEC 5.3), written at build
 * time as `search/names/<shard>.json`, one file per first character of a
 * word (lib/name-words.ts). A name is in the shard of each of its words, so
 * typing any word of `slack_post_message` finds it, and the browser loads
 * one shard per first letter typed, never the whole registry: a shard's size
 * is bounded by the names that have a word starting with that letter, which
 * is what keeps it under its budget at ten times today's registry
 * (site-budget.json `namesShard`).
 *
 * A server is listed under the words of its id and of its name up to the
 * first parenthesis (`GitHub MCP Server (official, by GitHub)` → github, mcp,
 * server), so the publisher's remark in brackets does not put it in other
 * shards. Classes are numbers (0 = R0 … 4 = R4).
 */
import { CLASSES } from './classes.ts';
import { nameWords, shardOf } from './name-words.ts';
import { type RegistryDocument, worstClass } from './registry.ts';

/** A server row of a shard: id, name, worst class (0-4), archived (1) or not (0), listed under this shard's letter (1) or present only for its tools (0). */
export type ShardServer = [id: string, name: string, worst: number, archived: 0 | 1, listed: 0 | 1];
/** A tool row of a shard: its server's position in the shard's `s`, its name, its class (0-4). */
type ShardTool = [server: number, name: string, cls: number];

/** One shard file, `search/names/<key>.json`. */
export interface NamesShard {
  v: 1;
  s: ShardServer[];
  t: ShardTool[];
}

/** The words a server is listed under: its id's and its name's before any parenthesis. */
function serverWords(id: string, name: string): string[] {
  return [...new Set([...nameWords(id), ...nameWords(name.split('(')[0] ?? '')])];
}

/**
 * Every shard of a registry, keyed by shard (`a`…`z`, `0`…`9`, `_`), each
 * with the servers and tools that have a word starting with that character.
 * Servers and tools keep the registry's order (servers by id, tools by name).
 */
export function namesShards(registry: RegistryDocument): Map<string, NamesShard> {
  const shards = new Map<string, { shard: NamesShard; at: Map<string, number> }>();
  const entry = (key: string) => {
    let found = shards.get(key);
    if (found === undefined) {
      found = { shard: { v: 1, s: [], t: [] }, at: new Map() };
      shards.set(key, found);
    }
    return found;
  };
  for (const record of registry.servers) {
    const worst = CLASSES.indexOf(worstClass(record));
    const archived = record.server.archived === undefined ? 0 : 1;
    const serverIn = (key: string, listed: 0 | 1): number => {
      const { shard, at } = entry(key);
      let index = at.get(record.id);
      if (index === undefined) {
        index = shard.s.push([record.id, record.name, worst, archived, listed]) - 1;
        at.set(record.id, index);
      } else if (listed === 1) shard.s[index]![4] = 1;
      return index;
    };
    for (const key of new Set(serverWords(record.id, record.name).map(shardOf))) serverIn(key, 1);
    for (const tool of record.tools) {
      for (const key of new Set(nameWords(tool.name).map(shardOf))) {
        entry(key).shard.t.push([serverIn(key, 0), tool.name, CLASSES.indexOf(tool.class)]);
      }
    }
  }
  return new Map([...shards].sort(([a], [b]) => a.localeCompare(b)).map(([key, { shard }]) => [key, shard]));
}
