/**
 * `npm run bench:tests [TIER…]`: how long each test tier takes, run one
 * after another from this checkout (test/tiers.ts says which files are in
 * which tier). Tiers: quick (type check + unit, `npm run test:quick`), unit,
 * integration (installs test/servers first when needed; that install is
 * timed on its own), build (`npm run build`, which the site tier needs), site
 * (the built-site checks and Playwright over a sample of pages). Default: all
 * of them. `crawl` (the same checks over every page and server, `npm run
 * test:crawl` without its build) runs only when asked for: it takes far
 * longer than the rest together. So does `together`: the integration tier
 * and the Playwright tests side by side, as `npm test` runs them (issue 30),
 * to compare with `integration` and `site` one after the other.
 *
 * Targets on a 2-core machine: quick under 60 s; `npm ci && npm test` on a
 * fresh clone under 10 minutes. Wall-clock figures depend on load, so the
 * load average is printed next to each one. Figures only: exit 0 even when
 * a tier fails, but the failure is printed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { CRAWL_TESTS } from '../test/tiers.ts';

const TIERS: Record<string, Array<[string, string[]]>> = {
  quick: [['npx', ['--no-install', 'tsx', 'scripts/test.ts', 'quick']]],
  unit: [['npx', ['--no-install', 'vitest', 'run', '--project', 'unit']]],
  'servers install': [['npx', ['--no-install', 'tsx', 'test/servers/install.ts']]],
  integration: [['npx', ['--no-install', 'vitest', 'run', '--project', 'integration', '--project', 'integration-deadlines', '--project', 'integration-cedar']]],
  build: [['npx', ['--no-install', 'tsx', 'scripts/build.ts']]],
  site: [
    ['npx', ['--no-install', 'vitest', 'run', '--project', 'site']],
    ['npx', ['--no-install', 'playwright', 'test']],
  ],
  crawl: [
    ['env', ['RCLASS_CRAWL=1', 'npx', '--no-install', 'vitest', 'run', '--project', 'integration', ...CRAWL_TESTS]],
    ['env', ['RCLASS_CRAWL=1', 'npx', '--no-install', 'vitest', 'run', '--project', 'site']],
    ['npx', ['--no-install', 'playwright', 'test', '-c', 'playwright.crawl.config.ts']],
  ],
};
/** Tiers whose commands run side by side rather than one after another. */
const SIDE_BY_SIDE: Record<string, Array<[string, string[]]>> = {
  together: [
    ['npx', ['--no-install', 'vitest', 'run', '--project', 'integration']],
    ['npx', ['--no-install', 'playwright', 'test']],
  ],
};
const ORDER = ['quick', 'unit', 'servers install', 'integration', 'build', 'site', 'crawl', 'together'];

const asked = process.argv.slice(2);
const unknown = asked.filter((tier) => !(tier in TIERS) && !(tier in SIDE_BY_SIDE));
if (unknown.length > 0) {
  console.error(`unknown tier ${unknown.join(', ')}; tiers: ${ORDER.join(', ')}`);
  process.exit(2);
}
const chosen =
  asked.length > 0
    ? ORDER.filter((tier) => asked.includes(tier) || (tier === 'servers install' && (asked.includes('integration') || asked.includes('together'))))
    : ORDER.filter((tier) => tier !== 'crawl' && tier !== 'together');

const rows: Array<{ tier: string; seconds: number; ok: boolean; load: string }> = [];
for (const tier of chosen) {
  console.log(`\n## ${tier}`);
  const started = Date.now();
  let ok = true;
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
  for (const [command, args] of TIERS[tier] ?? []) {
    const run = spawnSync(command, args, { stdio: 'inherit', env });
    ok &&= run.status === 0;
  }
  const together = (SIDE_BY_SIDE[tier] ?? []).map(
    ([command, args]) =>
      new Promise<boolean>((resolve) => {
        const child = spawn(command, args, { stdio: 'inherit', env });
        child.on('error', () => resolve(false));
        child.on('close', (code) => resolve(code === 0));
      }),
  );
  for (const passed of await Promise.all(together)) ok &&= passed;
  rows.push({
    tier,
    seconds: (Date.now() - started) / 1000,
    ok,
    load: loadavg()
      .map((n) => n.toFixed(1))
      .join(' '),
  });
}

console.log('\ntier              wall      result  load (1/5/15 min, at the end)');
for (const row of rows) console.log(`${row.tier.padEnd(16)} ${row.seconds.toFixed(1).padStart(6)} s  ${(row.ok ? 'passed' : 'FAILED').padEnd(7)} ${row.load}`);
const quick = rows.find((row) => row.tier === 'quick');
if (quick !== undefined) console.log(`quick: ${quick.seconds.toFixed(1)} s (target: under 60 s)`);
