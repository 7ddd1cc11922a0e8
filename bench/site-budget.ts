/**
 * The site budget (site-budget.json, test/site/budget.test.ts) checked at
 * the synthetic registry ten times the real one (issue 27 item 4): the same
 * test, pointed by `SITE_DIR` at the site bench/site-build.ts built under
 * build/bench/synthetic/site. Every page kind must stay inside its budget
 * there too, so a page that grows with the registry fails here before the
 * registry reaches that size. Too slow for `npm test` (the 10× build takes
 * minutes), so it runs in `npm run bench`, after the site build benchmark;
 * unlike the other benchmarks it exits non-zero when a page is over budget.
 *
 * Usage: tsx bench/site-budget.ts   (after tsx bench/site-build.ts)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_DIR } from '../scripts/lib/paths.ts';

const site = join(BUILD_DIR, 'bench', 'synthetic', 'site');
if (!existsSync(join(site, 'index.html'))) {
  console.error(`${site}/index.html is missing: run \`tsx bench/site-build.ts\` first`);
  process.exit(1);
}
const run = spawnSync('npx', ['--no-install', 'vitest', 'run', '--project', 'site', 'test/site/budget.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, SITE_DIR: site },
});
process.exit(run.status ?? 1);
