/**
 * The two sets of MCP server packages test/servers pins (issue 30), in its
 * one package.json and one package-lock.json, so every version and
 * integrity hash is written once:
 * - `dependencies`, the core set: exactly the servers `npm test` starts
 *   (the live-fixture sample of test/registry-sample.ts and the servers
 *   tests start by name, {@link NAMED_SERVERS}), installed with
 *   `npm ci --omit=dev`;
 * - `devDependencies`: every other pinned server, started only by the
 *   crawl tier (`npm run test:crawl`), installed with a plain `npm ci`.
 * npm marks each locked package reachable only from `devDependencies` as
 * `dev` in the lockfile, which is what `--omit=dev` leaves out.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type LiveFixture, liveFixtureIds, readLiveFixture } from '../registry/support/live-fixture.ts';
import { sampleLiveFixtures } from '../registry-sample.ts';
import { SERVERS_DIR } from './paths.ts';

/**
 * The servers tests start by name, besides the live fixtures they sample:
 * package → the tests that start it.
 */
const NAMED_SERVERS: Readonly<Record<string, string>> = {
  '@modelcontextprotocol/server-memory':
    'test/scan (MEMORY_BIN, npx -y), test/hook/proxy*.test.ts, test/cli/readme-run.test.ts, test/examples/gateway-hook.test.ts, test/real-clients/gemini-headless.test.ts',
  '@modelcontextprotocol/server-sequential-thinking': 'test/scan/scan.test.ts',
  'kubernetes-mcp-server': "test/registry/live-tools.test.ts (the Go build information of the package's binary)",
};

/** The versions test/servers/package.json pins: the core set and the crawl-only rest, package → exact version. */
export interface PinnedServers {
  core: Record<string, string>;
  crawlOnly: Record<string, string>;
}

/**
 * Read test/servers/package.json (or `dir`/package.json).
 * @throws when the file is missing or not JSON
 */
export function readPinnedServers(dir = SERVERS_DIR): PinnedServers {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  return { core: manifest.dependencies ?? {}, crawlOnly: manifest.devDependencies ?? {} };
}

/** Every package of `pinned`, core or crawl-only, with its version. */
export function everyPinned(pinned: PinnedServers): Record<string, string> {
  return { ...pinned.core, ...pinned.crawlOnly };
}

/** The well-formed live fixtures whose package `pinned` pins, in id order (test/registry/live-tools.test.ts reports the malformed ones). */
export function pinnedLiveFixtures(pinned: PinnedServers): LiveFixture[] {
  const every = everyPinned(pinned);
  return liveFixtureIds().flatMap((id) => {
    try {
      const fixture = readLiveFixture(id);
      return Object.hasOwn(every, fixture.package) ? [fixture] : [];
    } catch {
      return [];
    }
  });
}

/**
 * The packages `npm test` starts, each with why: the live fixtures of
 * {@link sampleLiveFixtures} over the pinned fixtures (`changed`: the record
 * ids a change touched, test/site/sample.ts `changedRecordIds`) and
 * {@link NAMED_SERVERS}.
 */
export function defaultTierServers(pinned: PinnedServers, changed: readonly string[]): Map<string, string[]> {
  const wanted = new Map<string, string[]>();
  const want = (name: string, why: string): void => {
    wanted.set(name, [...(wanted.get(name) ?? []), why]);
  };
  const fixtures = pinnedLiveFixtures(pinned);
  for (const [id, reasons] of sampleLiveFixtures(fixtures, changed))
    want(fixtures.find((fixture) => fixture.id === id)!.package, `test/registry/live-tools.test.ts: ${id} (${reasons.join(', ')})`);
  for (const [name, tests] of Object.entries(NAMED_SERVERS)) want(name, tests);
  return wanted;
}

/** Which set to install, and why. */
interface ServerSet {
  every: boolean;
  why: string;
}

/**
 * Which set a run needs: every pinned server for the crawl tier (`crawl`),
 * else the core set, unless a package {@link defaultTierServers} names is
 * crawl-only (a changed record's fixture): then every pinned server, never
 * a run that skips the start.
 * @throws when a package {@link defaultTierServers} names is not pinned at all
 */
export function serverSetFor(pinned: PinnedServers, changed: readonly string[], crawl: boolean): ServerSet {
  const wanted = [...defaultTierServers(pinned, changed)];
  const unpinned = wanted.filter(([name]) => !Object.hasOwn(everyPinned(pinned), name));
  if (unpinned.length > 0)
    throw new Error(`test/servers/package.json pins no ${unpinned.map(([name, why]) => `${name} (${why.join('; ')})`).join(', ')}; add it to its dependencies`);
  if (crawl) return { every: true, why: 'the crawl tier starts every pinned server' };
  const crawlOnly = wanted.filter(([name]) => !Object.hasOwn(pinned.core, name));
  if (crawlOnly.length > 0)
    return {
      every: true,
      why: `this run starts ${crawlOnly.map(([name, why]) => `${name} (${why.join('; ')})`).join(', ')}, which only the full set holds`,
    };
  return { every: false, why: 'the servers npm test starts' };
}
