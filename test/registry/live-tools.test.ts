/**
 * Live `tools/list` of published npm packages: for every
 * `test/fixtures/live/<id>.json`, start the package at the fixture's exact
 * version over stdio (minimal environment, scratch HOME, dummy credentials),
 * list its tools, and check that they equal the fixture's list and that the
 * record `registry/<id>.yaml` lists every one of them (SPEC 5.1 `verified`,
 * 5.2). A live tool the record lacks is drift and is named in the failure.
 *
 * Each start has a hard deadline ({@link SERVER_DEADLINE_MS}) and its whole
 * process group is killed afterwards. A package test/servers pins but did
 * not install fails; a fixture of a package it does not pin serves the
 * refresh only, and its record must carry the listing taken from it.
 *
 * `npm test` starts a sample of the pinned servers (the first fixture with
 * each way of starting, the longest listing, the records a change touched:
 * test/registry-sample.ts); `npm run test:crawl` starts every one. `npm
 * test` installs only the core set of test/servers (test/servers/sets.ts),
 * so every fixture's pinned version is checked in test/servers' package.json
 * and lockfile, and the installed one for the servers this run installs
 * (the core set, and every server a run starts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { releaseBefore } from '../../src/core/version.ts';
import { goBuildOf } from '../../src/refresh/go-build.ts';
import { type Placement, placeValue } from '../../src/refresh/hints.ts';
import { SERVERS_DIR } from '../servers/paths.ts';
import { everyPinned, readPinnedServers } from '../servers/sets.ts';
import { type LiveFixture, liveFixtureIds, readLiveFixture, resolveInstalledBin } from './support/live-fixture.ts';
import { listServerTools } from './support/list-tools.ts';
import { sampleLiveFixtures } from '../registry-sample.ts';
import { CRAWL, changedRecordIds } from '../site/sample.ts';
import { readRecord } from './support/records.ts';
import { makeScratch, serverEnv } from './support/server-env.ts';

/** Hard deadline for starting one server and listing its tools, in milliseconds. */
const SERVER_DEADLINE_MS = 30_000;

/** The packages test/servers pins (its package.json): the core set `npm test` installs and the crawl-only rest. */
const PINNED_SETS = readPinnedServers();
const PINNED = everyPinned(PINNED_SETS);

/** The version test/servers/package-lock.json locks for a package it pins (its top-level entry). */
const LOCKED: Readonly<Record<string, { version?: string }>> = JSON.parse(readFileSync(path.join(SERVERS_DIR, 'package-lock.json'), 'utf8')).packages;

/**
 * Fixtures of packages test/servers installs are started here; the others
 * (newer records, whose packages would lengthen every CI install) serve
 * `npm run refresh` only, and their records must carry the live listing the
 * refresh took from exactly the fixture's release.
 */
const allIds = liveFixtureIds();
const ids = allIds.filter((id) => {
  const fixture = load(id);
  return fixture instanceof Error || Object.hasOwn(PINNED, fixture.package);
});
const refreshOnly = allIds.filter((id) => !ids.includes(id));
/**
 * The fixtures whose servers this run starts: every one in the crawl tier (`npm run test:crawl`), a sample in
 * `npm test` (test/registry-sample.ts). Every fixture's record and installed version are checked either way.
 */
const pinnedFixtures = ids.map(load).filter((fixture): fixture is LiveFixture => !(fixture instanceof Error));
const started = CRAWL ? new Set(ids) : new Set(sampleLiveFixtures(pinnedFixtures, changedRecordIds()).keys());

function load(id: string): LiveFixture | Error {
  try {
    return readLiveFixture(id);
  } catch (error) {
    return error as Error;
  }
}

function describeRun(fixture: LiveFixture, index: number): string {
  const run = fixture.runs[index]!;
  const parts = [...run.args, ...Object.keys(run.env).map((name) => `${name}=…`)];
  return `${fixture.package}@${fixture.version}${parts.length === 0 ? '' : ` ${parts.join(' ')}`}`;
}

describe('live tools/list of published npm packages', () => {
  it('there are live fixtures to check', () => {
    expect(ids.length).toBeGreaterThan(0);
  });

  it('a live fixture of a package test/servers does not install has a record whose live listing is that release', () => {
    for (const id of refreshOnly) {
      const fixture = load(id) as LiveFixture;
      const listing = readRecord(id)?.provenance.live_listing as { package?: string; version?: string } | undefined;
      expect([listing?.package, listing?.version], `registry/${id}.yaml`).toEqual([fixture.package, fixture.version]);
    }
  });

  for (const id of ids) {
    const fixture = load(id);
    if (fixture instanceof Error) {
      it(`${id}: the live fixture is well formed`, () => {
        throw fixture;
      });
      continue;
    }
    describe(id, () => {
      it(`${fixture.package} is a package of registry/${id}.yaml`, () => {
        const record = readRecord(id);
        expect(record, `registry/${id}.yaml is missing`).toBeDefined();
        const pkg = (record!.server.packages ?? []).find((candidate) => candidate.registry === 'npm' && candidate.name === fixture.package);
        expect(pkg, `registry/${id}.yaml does not name npm ${fixture.package}`).toBeDefined();
        // A package that runs another server from `before` on (SPEC 5.3) is listed at a release before it.
        if (pkg?.before !== undefined) expect(releaseBefore(pkg.before, fixture.version), `${fixture.version} is not before ${pkg.before}`).toBe(true);
      });

      it(`${fixture.package} is pinned at exactly ${fixture.version} in test/servers' package.json and lockfile`, () => {
        expect(PINNED[fixture.package]).toBe(fixture.version);
        expect(LOCKED[`node_modules/${fixture.package}`]?.version).toBe(fixture.version);
      });

      // The core set is always installed; a crawl-only server is when this run starts it (test/servers/install.ts installs every server then).
      if (Object.hasOwn(PINNED_SETS.core, fixture.package) || started.has(id))
        it(`${fixture.package} is installed at exactly ${fixture.version}`, () => {
          expect(resolveInstalledBin(fixture.package, fixture.bin).version).toBe(fixture.version);
        });

      if (!started.has(id)) return;
      fixture.runs.forEach((run, index) => {
        it(
          `${describeRun(fixture, index)}: lists the fixture's tools, all in the record`,
          async () => {
            const record = readRecord(id);
            expect(record, `registry/${id}.yaml is missing`).toBeDefined();
            const installed = resolveInstalledBin(fixture.package, fixture.bin);
            expect(installed.version, `installed ${fixture.package} is ${installed.version}, the fixture is for ${fixture.version}`).toBe(fixture.version);

            const scratch = makeScratch();
            try {
              const place: Placement = {
                dir: () => scratch.placeholderDir(),
                file: (name) => {
                  const file = path.join(scratch.placeholderDir(), name);
                  writeFileSync(file, fixture.files[name] ?? '', { mode: 0o600 });
                  return file;
                },
              };
              const args = run.args.map((arg) => placeValue(arg, place));
              const env = Object.fromEntries(Object.entries(run.env).map(([name, value]) => [name, placeValue(value, place)]));
              const listed = await listServerTools(
                { command: process.execPath, args: [installed.binPath, ...args], env: serverEnv(scratch, env), cwd: scratch.root },
                SERVER_DEADLINE_MS,
              );
              const live = [...listed.names].sort();
              expect(
                live.filter((name, i) => live[i - 1] === name),
                'tools listed twice',
              ).toEqual([]);
              expect(live, 'live tools/list differs from the fixture').toEqual([...run.tools].sort());
              const known = new Set(record!.tools.map((tool) => tool.name));
              expect(
                live.filter((name) => !known.has(name)),
                `drift: live tools that registry/${id}.yaml does not list`,
              ).toEqual([]);
            } finally {
              scratch.remove();
            }
          },
          SERVER_DEADLINE_MS + 15_000,
        );
      });
    });
  }
});

// The refresh names the commit a Go binary release was built from (src/refresh/go-build.ts); the installed package shows it on a real binary.
describe('Go build information of an installed server package', () => {
  it('kubernetes-mcp-server names the commit the kubernetes-containers record cites, from its per-platform binary', () => {
    const built = goBuildOf(SERVERS_DIR, 'kubernetes-mcp-server');
    expect(built?.revision).toBe(readRecord('kubernetes-containers')?.provenance.commit);
    expect(built?.modified).toBe(false);
    expect(built?.file).toMatch(/^node_modules\/kubernetes-mcp-server-[a-z]+-[a-z0-9]+\/bin\/kubernetes-mcp-server-/);
  });

  it('a JavaScript server package names none', () => {
    expect(goBuildOf(SERVERS_DIR, '@modelcontextprotocol/server-memory')).toBeUndefined();
  });
});
