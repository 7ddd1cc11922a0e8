/**
 * `npm run bench`: every benchmark, printed one after another. Figures only,
 * except the site budget at the synthetic 10× registry (bench/site-budget.ts),
 * which fails when a page of the 10× site is over its budget. Builds first so
 * the figures are for the current registry.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const steps: Array<[string, string[]]> = [
  ['classifier', ['tsx', 'bench/classify.ts']],
  ['asks per hundred calls (default policy, seeded replay; exits 1 when noisier than bench/asks-baseline.json)', ['tsx', 'bench/asks.ts']],
  ['SQL analysis', ['tsx', 'bench/sql.ts']],
  ['hook (whole process, ratio to node -e 0)', ['tsx', 'bench/hook.ts']],
  ['hook with the registry twice its size (issue 24 item 5)', ['tsx', 'bench/hook.ts', '--factor', '2']],
  ['hook with a synthetic registry ten times its size (issue 24 item 5)', ['tsx', 'bench/hook.ts', '--factor', '10']],
  ['site build', ['tsx', 'bench/site-build.ts']],
  ['site budget at the synthetic 10× registry (asserted)', ['tsx', 'bench/site-budget.ts']],
];

if (!existsSync('build/registry.json')) spawnSync('npx', ['tsx', 'scripts/build.ts'], { stdio: 'inherit' });
for (const [name, args] of steps) {
  if (!existsSync(args[1]!)) {
    console.log(`\n## ${name}: ${args[1]} is missing`);
    continue;
  }
  console.log(`\n## ${name}`);
  const run = spawnSync('npx', ['--no-install', ...args], { stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: '--expose-gc' } });
  if (run.status !== 0) console.log(`(${name} exited ${run.status})`);
}
