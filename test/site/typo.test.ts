/**
 * Typo tolerance of the names search behind the header's suggestions and the
 * search page's tool matches (issue 27 item 3): one letter changed, added or
 * removed (MiniSearch's fuzzy match) and, in Damerau's sense, two neighbours
 * swapped (lib/typo.ts), over a shard of the names index built from the
 * repository's own registry, ranked as lib/suggest-rank.ts says.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { assembleRegistry } from '../../src/records/assemble.ts';
import { type NamesShard, namesShards } from '../../src/site/lib/names-index.ts';
import { rankSuggestions } from '../../src/site/lib/suggest-rank.ts';
import { transpositions } from '../../src/site/lib/typo.ts';
import { indexShard, searchShard } from '../../src/site/scripts/names-search.ts';
import { loadedRegistry } from '../loaded-registry.ts';

describe('transpositions', () => {
  it('gives every word one swap of neighbours away, without the word itself or repeats', () => {
    expect(transpositions('slakc')).toEqual(['lsakc', 'salkc', 'slkac', 'slack']);
    expect(transpositions('githbu')).toContain('github');
    expect(transpositions('aaaa')).toEqual([]);
    expect(transpositions('abba')).toEqual(['baba', 'abab']);
  });

  it('gives none for a word under four letters, which gets no fuzzy match either', () => {
    expect(transpositions('gti')).toEqual([]);
  });
});

describe('names search with typos', () => {
  let shards: Map<string, NamesShard>;
  beforeAll(async () => {
    shards = namesShards(assembleRegistry((await loadedRegistry()).records));
  });
  const find = (shard: string, query: string[]) => rankSuggestions(query.join(' '), searchShard(indexShard(shards.get(shard)!, '/'), query));

  it('two swapped letters find the name: "githbu" suggests the official GitHub server first', () => {
    const found = find('gi', ['githbu']);
    expect(found[0]).toMatchObject({ kind: 'server', server: 'github', archived: false });
  });

  it('"slakc" finds the Slack servers, the maintained ones above the archived reference server', () => {
    const servers = find('sl', ['slakc']).filter((item) => item.kind === 'server');
    expect(servers.map((item) => item.server)).toContain('slack-korotovsky');
    const archived = servers.findIndex((item) => item.archived);
    expect(archived === -1 || servers.slice(archived).every((item) => item.archived)).toBe(true);
  });

  it('one changed, added or removed letter still finds the name as before', () => {
    for (const typo of ['githb', 'githubb', 'gitgub']) expect(find('gi', [typo]).map((item) => item.server)).toContain('github');
  });

  it('a swap in a later word of the query narrows like any other word: "slack pots" finds slack_post_message', () => {
    expect(find('sl', ['slack', 'pots']).map((item) => item.label)).toContain('slack_post_message');
  });

  it('a word two swaps away from github (gihtbu) finds nothing: one typo is tolerated, not two', () => {
    expect(find('gi', ['gihtbu'])).toEqual([]);
  });
});
