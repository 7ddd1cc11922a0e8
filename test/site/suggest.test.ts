/**
 * The header's as-you-type suggestions without a browser (issue 27 item 3):
 * the names index's shards (lib/names-index.ts) over the repository's own
 * registry and over three copies of it (which fill the crowded shards past
 * their ceiling), and the order of suggestions (lib/suggest-rank.ts).
 */
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { assembleRegistry } from '../../src/records/assemble.ts';
import { nameWords, shardOf } from '../../src/site/lib/name-words.ts';
import { type NamesShard, namesShards, SHARD_GZIP_BYTES } from '../../src/site/lib/names-index.ts';
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

  it('a word goes to the shard of its first two characters, a one-letter word to its letter, and characters outside a-z0-9 to _', () => {
    expect(shardOf('slack')).toBe('sl');
    expect(shardOf('s')).toBe('s');
    expect(shardOf('3d')).toBe('3d');
    expect(shardOf('élan')).toBe('_');
    expect(shardOf('aé')).toBe('a_');
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

  it('lists the github server under gi with its worst class, and the archived reference server as archived', () => {
    const gi = shards.get('gi')!;
    const row = (id: string) => gi.s.find((candidate) => candidate[0] === id)!;
    expect(row('github')[3]).toBe(0);
    expect(row('github')[4]).toBe(1);
    expect(row('github')[2]).toBe(4);
    expect(row('github-reference')[3]).toBe(1);
  });

  it('a one-letter shard lists the servers with a word starting with that letter, and no two-letter tool words: g has github, not get_issue', () => {
    const g = shards.get('g')!;
    expect(g.s.find((row) => row[0] === 'github')?.[4]).toBe(1);
    expect(g.t.some(([, name]) => name.startsWith('get_'))).toBe(false);
  });

  it('puts a tool in the shard of each of its words: slack_post_message under sl, po and me', () => {
    for (const key of ['sl', 'po', 'me']) {
      const shard = shards.get(key)!;
      const hit = shard.t.find(([at, name]) => name === 'slack_post_message' && shard.s[at]![0] === 'slack');
      expect(hit?.[2], `shard ${key}`).toBe(4);
    }
  });

  it('lists a server under its name only up to the parenthesis', () => {
    const official = shards.get('of')?.s.find((row) => row[0] === 'github');
    expect(official?.[4] ?? 0).toBe(0);
  });

  it("no shard of today's registry reaches the ceiling, so every tool is in the shard of each of its words", async () => {
    const { records } = await loadedRegistry();
    expect([...shards].filter(([, shard]) => shard.o !== undefined).map(([key]) => key)).toEqual([]);
    const seen = new Set<string>();
    for (const shard of shards.values()) for (const [at, name] of shard.t) seen.add(`${shard.s[at]![0]}/${name}`);
    expect(seen.size).toBe(records.reduce((sum, record) => sum + record.tools.length, 0));
  });
});

describe('names index past its ceiling (three copies of the registry, names unchanged)', () => {
  let shards = new Map<string, NamesShard>();
  beforeAll(async () => {
    const { records } = await loadedRegistry();
    const registry = assembleRegistry(records);
    // The same servers three times under new ids: the crowded shards (get_, list_, create_) triple.
    shards = namesShards({ ...registry, servers: [0, 1, 2].flatMap((copy) => registry.servers.map((record) => ({ ...record, id: `${record.id}-${copy}` }))) });
  });

  it('every shard stays within the ceiling after gzip, and the crowded ones say how many names they left out', () => {
    const sizes = [...shards].map(([key, shard]) => ({ key, gzip: gzipSync(JSON.stringify(shard), { level: 9 }).length }));
    expect(sizes.filter(({ gzip }) => gzip > SHARD_GZIP_BYTES)).toEqual([]);
    const ge = shards.get('ge')!;
    expect(ge.o).toBeGreaterThan(0);
  });

  it('a full shard keeps servers before tools, then tools of maintained servers whose first word carries the prefix: ge cuts get_ tools of archived servers and list_gemini_ tools first', () => {
    const ge = shards.get('ge')!;
    // The one server listed under "ge" (gitmcp-docs: "GitMCP generic documentation server") is kept in each copy.
    expect(ge.s.filter((row) => row[4] === 1).map((row) => row[0])).toEqual(['gitmcp-docs-0', 'gitmcp-docs-1', 'gitmcp-docs-2']);
    expect(ge.t.length).toBeGreaterThan(1000);
    expect(ge.t.filter(([at]) => ge.s[at]![3] === 1)).toEqual([]);
    expect(ge.t.filter(([, name]) => !nameWords(name)[0]!.startsWith('ge'))).toEqual([]);
  });
});
