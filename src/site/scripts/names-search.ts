/**
 * The names search shared by the header's suggestions (scripts/suggest.ts)
 * and the search page's tool matches (pages/search.astro), issue 27 item 3.
 * Names come from the names index (lib/names-index.ts): the shard of the
 * first word of the query (`search/names/<prefix>.json`, its first two
 * letters, or the one letter typed so far) is fetched once and indexed with
 * MiniSearch, which matches word prefixes and, for words of four letters or
 * more, one typo in Damerau's sense: one letter changed, added or removed
 * (MiniSearch's fuzzy match, Levenshtein distance 1: `githb` finds `github`)
 * or two neighbours swapped (lib/typo.ts: `githbu` and `slakc` find `github`
 * and `slack`). A typo in the first two letters picks another shard: a swap
 * of those two is looked up in the shard it points to when the first shard
 * finds nothing (`igthub`), any other is not found. lib/suggest-rank.ts
 * orders what it finds. A shard that cannot be loaded gives no names (never
 * an error thrown at the caller).
 */
import MiniSearch, { type Query } from 'minisearch';
import type { NamesShard, ShardServer } from '../lib/names-index.ts';
import { nameWords, shardOf } from '../lib/name-words.ts';
import { type Candidate, rankSuggestions } from '../lib/suggest-rank.ts';
import { TYPO_MIN_LENGTH, transpositions } from '../lib/typo.ts';

/** Class ids by their number in the index (0 = R0). */
export const CLASS_IDS = ['R0', 'R1', 'R2', 'R3', 'R4'];

export const CLASS_NAMES = ['No effect', 'Restorable', 'Compensable', 'Hard to recover', 'Irreversible'];

/** A suggestion: a server or one of its tools. */
export interface Suggestion extends Candidate {
  href: string;
  cls: number;
  /** The record id of the server (of the tool's server, for a tool). */
  server: string;
  /** The tool's server name; absent for a server. */
  of?: string;
}

interface Doc {
  id: number;
  text: string;
}

interface Loaded {
  docs: Suggestion[];
  search: MiniSearch<Doc>;
}

const segment = (value: string): string => {
  const safe = value.replaceAll('/', '~');
  if (safe === '.' || safe === '..') return `~${safe}`;
  return /^[A-Za-z0-9._~-]+$/.test(safe) ? safe : encodeURIComponent(safe);
};

/** The suggestions of one shard, indexed for prefix and fuzzy search. */
export function indexShard(shard: NamesShard, base: string): Loaded {
  const docs: Suggestion[] = [];
  const server = (row: ShardServer) => ({ href: `${base}servers/${segment(row[0])}/`, archived: row[3] === 1 });
  for (const row of shard.s) {
    if (row[4] !== 1) continue;
    docs.push({ kind: 'server', names: [row[0], row[1].split('(')[0]!], label: row[1], score: 0, cls: row[2], server: row[0], ...server(row) });
  }
  for (const [at, name, cls] of shard.t) {
    const row = shard.s[at]!;
    const { href, archived } = server(row);
    docs.push({ kind: 'tool', names: [name], label: name, score: 0, cls, server: row[0], of: row[1], href: `${href}${segment(name)}/`, archived });
  }
  const search = new MiniSearch<Doc>({ fields: ['text'], tokenize: (text) => text.split(' ') });
  search.addAll(docs.map((doc, id) => ({ id, text: doc.names.flatMap(nameWords).join(' ') })));
  return { docs, search };
}

/** A names search over the site's names index, with its shards cached. */
interface NamesSearch {
  /**
   * The names matching `query`, ranked, at most `limit`, after `keep`.
   * Resolves to `[]` for a query without a word or when its shard cannot be loaded.
   */
  find(query: string, limit: number, keep?: (item: Suggestion) => boolean): Promise<Suggestion[]>;
}

/** A names search reading the index under the site's base path (`data-base` of `<body>`). */
export function namesSearch(): NamesSearch {
  const base = document.body.dataset.base ?? '/';
  const shards = new Map<string, Promise<Loaded | undefined>>();
  const load = (key: string): Promise<Loaded | undefined> => {
    let found = shards.get(key);
    if (found === undefined) {
      found = fetch(`${base}search/names/${key}.json`)
        .then((response) => (response.ok ? (response.json() as Promise<NamesShard>) : undefined))
        .then((shard) => (shard === undefined ? undefined : indexShard(shard, base)))
        .catch(() => undefined);
      shards.set(key, found);
    }
    return found;
  };
  return {
    async find(query, limit, keep = () => true) {
      const words = nameWords(query);
      if (words.length === 0) return [];
      const first = words[0]!;
      let hits = searchShard(await load(shardOf(first)), words);
      // A swap of the first two letters points to another shard ("igthub" is in "ig", github in "gi").
      const swapped = transpositions(first)[0];
      if (hits.length === 0 && swapped !== undefined && shardOf(swapped) !== shardOf(first)) {
        hits = searchShard(await load(shardOf(swapped)), [swapped, ...words.slice(1)]);
      }
      const candidates = hits.filter(keep);
      return rankSuggestions(query, candidates, limit);
    },
  };
}

/**
 * The names of a loaded shard matching every word (AND), each word by
 * prefix, by MiniSearch's fuzzy match (one letter changed, added or removed,
 * for words of {@link TYPO_MIN_LENGTH} letters or more) or by one of its
 * transpositions (lib/typo.ts), with MiniSearch's score; `[]` for a shard
 * that could not be loaded.
 */
export function searchShard(loaded: Loaded | undefined, words: readonly string[]): Suggestion[] {
  if (loaded === undefined || words.length === 0) return [];
  const query: Query = {
    combineWith: 'AND',
    queries: words.map((word) => {
      const swaps = transpositions(word);
      return swaps.length === 0 ? word : { combineWith: 'OR', queries: [word, { queries: swaps, combineWith: 'OR', fuzzy: false }] };
    }),
  };
  const hits = loaded.search.search(query, {
    prefix: true,
    fuzzy: (term) => (term.length >= TYPO_MIN_LENGTH ? 1 : false),
    tokenize: (text) => text.split(' '),
  });
  return hits.map((hit) => ({ ...loaded.docs[hit.id as number]!, score: hit.score }));
}
