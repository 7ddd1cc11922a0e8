/**
 * The header's as-you-type suggestions without a browser (issue 27 item 3):
 * the names index's shards (lib/names-index.ts) over the repository's own
 * registry, and the order of suggestions (lib/suggest-rank.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { assembleRegistry } from '../../src/records/assemble.ts';
import { nameWords, shardOf } from '../../src/site/lib/name-words.ts';
import { type NamesShard, namesShards } from '../../src/site/lib/names-index.ts';
import { type Candidate, matchOf, rankSuggestions } from '../../src/site/lib/suggest-rank.ts';
import { loadedRegistry } from '../loaded-registry.ts';

const server = (label: string, names: string[], archived = false, score = 1): Candidate => ({ kind: 'server', names, label, archived, score });
const tool = (label: string, archived = false, score = 1): Candidate => ({ kind: 'tool', names: [label], label, archived, score });
const labels = (ranked: Candidate[]): string[] => ranked.map((candidate) => candidate.label);

describe('name words', () => {
  it('splits snake, kebab and camel case into lower-case words', () => {
    expect(nameWords('linear_createIssue')).toEqual(['linear', 'create', 'issue']);
    expect(nameWords('github-reference')).toEqual(['github', 'reference']);
    expect(nameWords('getURLContent')).toEqual(['get', 'url', 'content']);
    expect(nameWords('__')).toEqual([]);
  });

  it('a word outside a-z0-9 goes to the shard _', () => {
    expect(shardOf('slack')).toBe('s');
    expect(shardOf('3d')).toBe('3');
    expect(shardOf('élan')).toBe('_');
  });
});

describe('suggestion order', () => {
  it('a maintained server ranks above the archived one of the same name, even when the archived id is the exact query', () => {
    const ranked = rankSuggestions('redis', [
      server('Redis (archived MCP reference server)', ['redis', 'Redis'], true),
      server('Redis (official redis/mcp-redis)', ['redis-official', 'Redis']),
    ]);
    expect(labels(ranked)).toEqual(['Redis (official redis/mcp-redis)', 'Redis (archived MCP reference server)']);
  });

  it('a name matched exactly or by prefix ranks above one found only through a typo', () => {
    expect(matchOf('git', ['github'])).toBe('prefix');
    expect(matchOf('githb', ['github'])).toBe('fuzzy');
    const ranked = rankSuggestions('gith', [server('Gith fuzzy', ['gitea'], false, 99), server('GitHub', ['github'], false, 1)]);
    expect(labels(ranked)).toEqual(['GitHub', 'Gith fuzzy']);
  });

  it('servers come before tools that match as well, and a tool that matches better still beats a fuzzy server', () => {
    const ranked = rankSuggestions('slack', [
      tool('slack_post_message', false, 50),
      server('Slack', ['slack-korotovsky', 'Slack']),
      server('Stack', ['stack'], false, 80),
    ]);
    expect(labels(ranked)).toEqual(['Slack', 'slack_post_message', 'Stack']);
  });

  it('an exact name ranks above a prefix of the same kind, then the higher score, then the shorter name', () => {
    expect(labels(rankSuggestions('fetch', [tool('fetch_url', false, 9), tool('fetch', false, 1)]))).toEqual(['fetch', 'fetch_url']);
    expect(labels(rankSuggestions('create', [tool('create_issue', false, 2), tool('create_branch', false, 3)]))).toEqual(['create_branch', 'create_issue']);
    expect(labels(rankSuggestions('create', [tool('create_issue_comment'), tool('create_issue')]))).toEqual(['create_issue', 'create_issue_comment']);
  });

  it('query words may begin any word of a name, the last one unfinished', () => {
    expect(matchOf('issue crea', ['create_issue'])).toBe('prefix');
    expect(matchOf('slack post', ['slack_post_message'])).toBe('prefix');
    expect(matchOf('create_issue', ['linear_createIssue'])).toBe('prefix');
    expect(matchOf('create issue', ['create_issue'])).toBe('exact');
  });

  it('keeps at most the limit', () => {
    expect(
      rankSuggestions(
        'a',
        Array.from({ length: 20 }, (_, i) => tool(`a${i}`)),
      ),
    ).toHaveLength(8);
  });
});

describe('names index of the registry', () => {
  let shards = new Map<string, NamesShard>();
  beforeAll(async () => {
    shards = namesShards(assembleRegistry((await loadedRegistry()).records));
  });

  it('lists the github server under g with its worst class, and the archived reference server as archived', () => {
    const g = shards.get('g')!;
    const row = (id: string) => g.s.find((candidate) => candidate[0] === id)!;
    expect(row('github')[3]).toBe(0);
    expect(row('github')[4]).toBe(1);
    expect(row('github')[2]).toBe(4);
    expect(row('github-reference')[3]).toBe(1);
  });

  it('puts a tool in the shard of each of its words: slack_post_message under s, p and m', () => {
    for (const key of ['s', 'p', 'm']) {
      const shard = shards.get(key)!;
      const hit = shard.t.find(([at, name]) => name === 'slack_post_message' && shard.s[at]![0] === 'slack');
      expect(hit?.[2], `shard ${key}`).toBe(4);
    }
  });

  it('lists a server under its name only up to the parenthesis', () => {
    const official = shards.get('o')!.s.find((row) => row[0] === 'github');
    expect(official?.[4] ?? 0).toBe(0);
  });

  it('every tool of the registry is in at least one shard', async () => {
    const { records } = await loadedRegistry();
    const seen = new Set<string>();
    for (const shard of shards.values()) for (const [at, name] of shard.t) seen.add(`${shard.s[at]![0]}/${name}`);
    expect(seen.size).toBe(records.reduce((sum, record) => sum + record.tools.length, 0));
  });
});
