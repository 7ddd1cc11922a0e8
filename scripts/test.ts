/**
 * `npm test`: the whole suite, as CI runs it. Builds everything (registry,
 * policies, CLI bundle, site) while the MCP server packages of test/servers
 * install, type-checks, runs every vitest tier (unit,
 * integration, and the site checks; see test/tiers.ts) and the browser
 * tests (Playwright on Debian's Chromium), then prints the time of each
 * step and one closing line `N passed, N failed`. Exits non-zero if any
 * step failed. The vitest projects that keep the processor busy (unit,
 * Cedar, site) run first, with the integration files whose processes must
 * answer within a deadline (test/tiers.ts); then the integration tier;
 * then the browser tests (issue 30). Reports: build/test-reports/vitest.json,
 * vitest-integration.json and playwright.json.
 *
 * Before the tests: Biome (lint and format) and Knip (unused code) beside
 * the build, and `astro check` after it, each with zero diagnostics. `astro check` runs TypeScript's checker over every file
 * tsconfig.json includes (.ts as well as .astro), so tsc is not run a second time.
 *
 * `npm run test:quick` (`tsx scripts/test.ts quick`): the edit loop. Biome,
 * type check and the unit tier only: no build, no processes, under a minute.
 *
 * `npm run test:crawl` (`tsx scripts/test.ts crawl`): the checks whose size
 * grows with the registry, over every page and every server (issue 30):
 * builds, then runs with `RCLASS_CRAWL=1` the integration files that
 * sample the registry in `npm test` (test/tiers.ts CRAWL_TESTS: the static
 * exports' property over every tool, every pinned server's live tools/list)
 * and the site tier's vitest files, then the Playwright tests tagged
 * `@crawl` (playwright.crawl.config.ts), then the real-client tests
 * (vitest project `real-clients`: real agents from npm against a stand-in
 * for their model's API; `npm test` runs no real client). `npm test` runs the same checks
 * over a sample of tools, servers (test/registry-sample.ts) and pages
 * (test/site/sample.ts).
 * Nightly in .github/workflows/crawl.yml.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CRAWL_TESTS } from '../test/tiers.ts';
import { BUILD_DIR } from './lib/paths.ts';

const quick = process.argv.includes('quick');
const crawl = process.argv.includes('crawl');
const reports = path.join(BUILD_DIR, 'test-reports');
mkdirSync(reports, { recursive: true });
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
const times: Array<[string, number]> = [];

/**
 * Run one step on its own and wait for it. Asynchronous, so the steps started beside it (Biome and Knip beside
 * the build) are timed to their own end: with spawnSync the event loop was blocked until the build ended, and
 * their times printed as the build's. Resolves to whether the step exited 0.
 */
function step(name: string, command: string, args: string[], extraEnv: Record<string, string> = {}): Promise<boolean> {
  console.log(`\n> ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
    let ended = false;
    const done = (ok: boolean): void => {
      if (ended) return; // 'error' may be followed by 'close'
      ended = true;
      times.push([name, (Date.now() - started) / 1000]);
      resolve(ok);
    };
    child.on('error', () => done(false));
    child.on('close', (code) => done(code === 0));
  });
}

/**
 * Run one step while others run. By default its output is held and printed
 * in one piece when it ends, so the logs of steps running side by side do not
 * interleave; `stream` lets one of them (at most one at a time) print as it
 * goes. Its time is its own wall-clock time. Resolves to [name, whether it
 * exited 0].
 */
function stepAlongside(
  name: string,
  command: string,
  args: string[],
  options: { extraEnv?: Record<string, string>; stream?: boolean } = {},
): Promise<[string, boolean]> {
  const started = Date.now();
  return new Promise((resolve) => {
    if (options.stream) console.log(`\n> ${name} (alongside other checks; their output follows when they end): ${command} ${args.join(' ')}`);
    const child = spawn(command, args, {
      stdio: ['ignore', options.stream ? 'inherit' : 'pipe', options.stream ? 'inherit' : 'pipe'],
      env: { ...env, ...options.extraEnv },
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    let ended = false;
    const done = (ok: boolean): void => {
      if (ended) return; // 'error' may be followed by 'close'
      ended = true;
      if (!options.stream) {
        console.log(`\n> ${name} (alongside other checks): ${command} ${args.join(' ')}`);
        process.stdout.write(Buffer.concat(output));
      }
      times.push([`${name} (alongside)`, (Date.now() - started) / 1000]);
      resolve([name, ok]);
    };
    child.on('error', () => done(false));
    child.on('close', (code) => done(code === 0));
  });
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

let passed = 0;
let failed = 0;
const failedSteps: string[] = [];

/** Add a Playwright JSON report's counts to the totals; the step's own exit status decides whether it failed. */
function countPlaywright(file: string): void {
  const e2e = readJson(file) as { stats?: { expected?: number; unexpected?: number; flaky?: number } } | undefined;
  passed += (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
  failed += e2e?.stats?.unexpected ?? 0;
}

/** Add a vitest JSON report's counts to the totals. */
function countVitest(file: string): void {
  const vitest = readJson(file) as { numPassedTests?: number; numFailedTests?: number } | undefined;
  passed += vitest?.numPassedTests ?? 0;
  failed += vitest?.numFailedTests ?? 0;
}

/** Print the time of each step and the closing line; set the exit code. */
function finish(): void {
  console.log('');
  for (const [name, seconds] of times) console.log(`${name.padEnd(50)} ${seconds.toFixed(1).padStart(7)} s`);
  if (failedSteps.length > 0) console.log(`failed steps: ${failedSteps.join(', ')}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failedSteps.length > 0 || failed > 0 ? 1 : 0;
}

if (crawl) {
  if (!(await step('build', 'npx', ['--no-install', 'tsx', 'scripts/build.ts']))) failedSteps.push('build');
  const registryJson = path.join(reports, 'vitest-crawl-registry.json');
  rmSync(registryJson, { force: true });
  if (
    !(await step(
      'registry checks of every tool and pinned server (vitest)',
      'npx',
      [
        '--no-install',
        'vitest',
        'run',
        '--project',
        'integration',
        '--project',
        'integration-cedar',
        ...CRAWL_TESTS,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${registryJson}`,
      ],
      { RCLASS_CRAWL: '1' },
    ))
  )
    failedSteps.push('vitest (registry)');
  countVitest(registryJson);
  const vitestJson = path.join(reports, 'vitest-crawl.json');
  rmSync(vitestJson, { force: true });
  if (
    !(await step(
      'site checks of every page (vitest)',
      'npx',
      ['--no-install', 'vitest', 'run', '--project', 'site', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
      {
        RCLASS_CRAWL: '1',
      },
    ))
  )
    failedSteps.push('vitest');
  countVitest(vitestJson);
  const playwrightJson = path.join(reports, 'playwright-crawl.json');
  if (
    !(await step(
      'browser checks of every page (@crawl)',
      'npx',
      ['--no-install', 'playwright', 'test', '-c', 'playwright.crawl.config.ts', '--reporter=list,json'],
      {
        PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
      },
    ))
  )
    failedSteps.push('playwright');
  countPlaywright(playwrightJson);
  // Real agents from npm against a stand-in for their model's API (test/tiers.ts REAL_CLIENT_TESTS): each installs
  // its client (test/real-clients) and runs it whole, too slow and too large a download for `npm test`.
  const realClientsJson = path.join(reports, 'vitest-real-clients.json');
  if (
    !(await step('real clients (vitest)', 'npx', [
      '--no-install',
      'vitest',
      'run',
      '--project',
      'real-clients',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${realClientsJson}`,
    ]))
  )
    failedSteps.push('real clients (vitest)');
  countVitest(realClientsJson);
  finish();
  process.exit();
}

// Zero diagnostics: Biome's lint and format check (biome.jsonc), Knip's unused files, exports and
// dependencies (knip.json), and `astro check`: TypeScript's own checker over every file tsconfig.json includes, the
// .astro files and also every .ts file (a type error planted in test/tiers.ts or scripts/coverage.ts fails it, an
// unused local too), so `npm test` no longer runs tsc as well (about 38 processor-seconds; issue 30). The edit loop
// (`quick`) runs tsc, which is quicker than `astro check` when nothing needs the .astro files.
const LINT: [string, string, string[]] = ['lint and format (biome)', 'npx', ['--no-install', 'biome', 'check', '--error-on-warnings', '.']];
const UNUSED: [string, string, string[]] = ['unused code (knip)', 'npx', ['--no-install', 'knip', '--no-progress']];
const TYPECHECK: [string, string, string[]] = ['typecheck', 'npx', ['--no-install', 'tsc', '--noEmit', '-p', '.']];
// `--noSync`: the build just before it wrote Astro's generated types (.astro/), which `astro check` would otherwise
// generate again first (`astro sync`: about 4.5 processor-seconds, measured alone).
const ASTRO_CHECK: [string, string, string[]] = ['astro check', 'npx', ['--no-install', 'astro', 'check', '--noSync', '--minimumFailingSeverity', 'hint']];
const before: Array<[string, string, string[]]> = quick
  ? // tsc needs Astro's generated types; a build writes them, `astro sync` alone is quicker.
    [...(existsSync('.astro/types.d.ts') ? [] : [['astro types', 'npx', ['--no-install', 'astro', 'sync']] as [string, string, string[]]]), LINT, TYPECHECK]
  : [['build', 'npx', ['--no-install', 'tsx', 'scripts/build.ts']]];
// The base-path copy of the site the browser tests serve (e2e/build-base.ts, about 23 s): built here rather than
// when Playwright starts its web server, which then finds it newer than build/site/ and reuses it.
const BASE_COPY: [string, string, string[]] = ['base-path copy of the site (browser tests)', 'npx', ['--no-install', 'tsx', 'e2e/build-base.ts']];
// `astro check` keeps about one core busy for most of a minute and reads only the sources and the types the
// build generated; the base-path copy fills the other core beside it (issue 30: measured side by side, astro check
// took 41 s as it does alone, and the copy 23 s).
const together: Array<[string, string, string[]]> = quick ? [] : [ASTRO_CHECK, BASE_COPY];
// Biome and Knip read only the sources, never the build's output, so they run beside the build, which keeps
// about 1.4 of the 2 cores busy (81 CPU-s in 57 s, measured alone; Biome 3 and Knip 5 CPU-s; issue 30).
const besideBuild: Array<[string, string, string[]]> = quick ? [] : [LINT, UNUSED];
// The MCP server packages the integration tier starts (test/servers) install
// alongside the build, which waits on the CPU while npm waits on the disk
// and the network; the tier's own set-up then finds them installed. Only the
// core set, the servers `npm test` starts (test/servers/sets.ts: 216 packages
// instead of 1,880; about 31 CPU-s instead of 201, issue 30), unless a
// changed record's server is crawl-only: then every pinned server.
const serversStarted = Date.now();
const servers = quick
  ? undefined
  : new Promise<boolean>((resolve) => {
      console.log('\n> servers npm test starts (alongside the build): npx --no-install tsx test/servers/install.ts');
      const child = spawn('npx', ['--no-install', 'tsx', 'test/servers/install.ts'], { stdio: 'inherit', env });
      child.on('error', () => resolve(false));
      child.on('exit', (code) => resolve(code === 0));
    });
const early = besideBuild.map(([name, command, args]) => stepAlongside(name, command, args));
for (const [name, command, args] of before) {
  if (!(await step(name, command, args))) failedSteps.push(name);
}
const afterBuild = together.map(([name, command, args]) => stepAlongside(name, command, args));
for (const [name, ok] of await Promise.all([...early, ...afterBuild])) {
  if (!ok) failedSteps.push(name);
}
if (servers !== undefined) {
  const ok = await servers;
  times.push(['servers install (alongside build and typecheck)', (Date.now() - serversStarted) / 1000]);
  if (!ok) failedSteps.push('servers install');
}

/** Vitest's reporters, its JSON report written to build/test-reports/`json` (a previous run's report removed first, so it is never counted again). */
function vitestArgs(json: string): string[] {
  rmSync(path.join(reports, json), { force: true });
  return ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, json)}`];
}
if (quick) {
  if (!(await step('unit tests', 'npx', ['--no-install', 'vitest', 'run', '--project', 'unit', ...vitestArgs('vitest-unit.json')]))) failedSteps.push('vitest');
  countVitest(path.join(reports, 'vitest-unit.json'));
} else {
  // The processor-bound vitest projects first, on both cores, with the integration files whose processes
  // answer within a deadline (test/tiers.ts DEADLINE_TESTS), which fail on a starved processor.
  if (
    !(await step('unit, Cedar, deadline-bound integration and site tests (vitest)', 'npx', [
      '--no-install',
      'vitest',
      'run',
      '--project',
      'unit',
      '--project',
      'integration-cedar',
      '--project',
      'integration-deadlines',
      '--project',
      'site',
      ...vitestArgs('vitest.json'),
    ]))
  )
    failedSteps.push('vitest');
  countVitest(path.join(reports, 'vitest.json'));
  // Then the integration tier and the browser tests, one after the other. Side by side (integration at four
  // workers beside Playwright's two) they took 822 s and 1,138 s on a fresh clone of this 2-core machine, and
  // the processor-bound integration files (the CEL and static-export checks over every tool, a registry build)
  // ran past their 30 s limits: the processor, not the waiting, is what both tiers share (issue 30).
  const playwrightJson = path.join(reports, 'playwright.json');
  rmSync(playwrightJson, { force: true });
  if (
    !(await step('integration tests (vitest)', 'npx', ['--no-install', 'vitest', 'run', '--project', 'integration', ...vitestArgs('vitest-integration.json')]))
  )
    failedSteps.push('integration tests (vitest)');
  if (existsSync('playwright.config.ts')) {
    if (!(await step('browser tests', 'npx', ['--no-install', 'playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson })))
      failedSteps.push('browser tests');
  } else failedSteps.push('playwright (no playwright.config.ts)');
  countVitest(path.join(reports, 'vitest-integration.json'));
  countPlaywright(playwrightJson);
}

finish();
