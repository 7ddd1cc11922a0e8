/**
 * test/servers pins two sets in one package.json and lockfile (issue 30):
 * the core set `npm test` installs (`dependencies`) holds exactly the
 * servers it starts, and every other pinned server (`devDependencies`) is
 * installed only for the crawl tier or when a run starts one
 * (test/servers/sets.ts, test/pinned-install.ts).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installed } from '../pinned-stamp.ts';
import { SERVERS_DIR } from './paths.ts';
import { defaultTierServers, pinnedLiveFixtures, readPinnedServers, serverSetFor } from './sets.ts';

const pinned = readPinnedServers();
const lock = JSON.parse(readFileSync(path.join(SERVERS_DIR, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; dev?: boolean; dependencies?: Record<string, string>; devDependencies?: Record<string, string> }>;
};

describe('the core set of test/servers', () => {
  it('holds every server npm test starts, named with the test that starts it', () => {
    const missing = [...defaultTierServers(pinned, [])].filter(([name]) => !Object.hasOwn(pinned.core, name));
    expect(
      missing.map(([name, why]) => `${name}: ${why.join('; ')}`),
      'servers npm test starts that test/servers/package.json does not list in `dependencies`',
    ).toEqual([]);
  });

  it('holds nothing else', () => {
    const wanted = defaultTierServers(pinned, []);
    expect(
      Object.keys(pinned.core).filter((name) => !wanted.has(name)),
      'core servers npm test never starts: move them to `devDependencies`',
    ).toEqual([]);
  });

  it('the lockfile pins the same two sets as package.json, the crawl-only packages marked dev', () => {
    expect(lock.packages['']?.dependencies).toEqual(pinned.core);
    expect(lock.packages['']?.devDependencies).toEqual(pinned.crawlOnly);
    for (const name of Object.keys(pinned.core)) expect(lock.packages[`node_modules/${name}`]?.dev, name).toBeUndefined();
    for (const name of Object.keys(pinned.crawlOnly)) expect(lock.packages[`node_modules/${name}`]?.dev, name).toBe(true);
  });
});

describe('which set a run installs', () => {
  it('npm test with no changed record installs the core set', () => {
    expect(serverSetFor(pinned, [], false).every).toBe(false);
  });

  it('a changed record whose server is crawl-only installs every pinned server, naming it', () => {
    const fixture = pinnedLiveFixtures(pinned).find((candidate) => !Object.hasOwn(pinned.core, candidate.package));
    expect(fixture, 'a live fixture of a crawl-only server').toBeDefined();
    const set = serverSetFor(pinned, [fixture!.id], false);
    expect(set.every).toBe(true);
    expect(set.why).toContain(`${fixture!.package} (test/registry/live-tools.test.ts: ${fixture!.id} (changed))`);
  });

  it('the crawl tier installs every pinned server', () => {
    expect(serverSetFor(pinned, [], true)).toEqual({ every: true, why: 'the crawl tier starts every pinned server' });
  });

  it('a server a test starts that test/servers does not pin fails the install, naming it', () => {
    const { '@modelcontextprotocol/server-memory': _memory, ...core } = pinned.core;
    expect(() => serverSetFor({ core, crawlOnly: pinned.crawlOnly }, [], false)).toThrow(
      /test\/servers\/package\.json pins no @modelcontextprotocol\/server-memory \(test\/scan/,
    );
  });
});

describe('the install stamp (test/pinned-stamp.ts)', () => {
  const withStamp = (stamp: string | undefined, check: (dir: string, digest: string) => void): void => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rclass-stamp-'));
    try {
      writeFileSync(path.join(dir, 'package-lock.json'), '{"lockfileVersion":3}\n');
      const digest = createHash('sha256').update('{"lockfileVersion":3}\n').digest('hex');
      mkdirSync(path.join(dir, 'node_modules'));
      if (stamp !== undefined) writeFileSync(path.join(dir, 'node_modules', '.rclass-lock-sha256'), stamp.replace('DIGEST', digest));
      check(dir, digest);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('a full install serves a run that needs the core set or every server', () => {
    withStamp('DIGEST\n', (dir) => expect([installed(dir, true), installed(dir, false)]).toEqual([true, true]));
  });

  it('a core install serves the core set only', () => {
    withStamp('DIGEST omit=dev\n', (dir) => expect([installed(dir, true), installed(dir, false)]).toEqual([true, false]));
  });

  it('a stamp of another lockfile, or none, serves nothing', () => {
    withStamp('0000 omit=dev\n', (dir) => expect([installed(dir, true), installed(dir, false)]).toEqual([false, false]));
    withStamp(undefined, (dir) => expect([installed(dir, true), installed(dir, false)]).toEqual([false, false]));
  });
});
