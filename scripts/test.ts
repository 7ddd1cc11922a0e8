/**
 * `npm test`: the whole suite, as CI runs it. Builds everything (registry,
 * policies, CLI bundle, site), type-checks, runs the unit and integration
 * tests (vitest) and the browser tests (Playwright on Debian's Chromium),
 * then prints one closing line `N passed, N failed`. Exits non-zero if any
 * step failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BUILD_DIR } from './lib/paths.ts';

const reports = path.join(BUILD_DIR, 'test-reports');
mkdirSync(reports, { recursive: true });
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };

function step(name: string, command: string, args: string[], extraEnv: Record<string, string> = {}): boolean {
  console.log(`\n> ${name}: ${command} ${args.join(' ')}`);
  const run = spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  return run.status === 0;
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

for (const [name, command, args] of [
  ['build', 'npx', ['--no-install', 'tsx', 'scripts/build.ts']],
  ['typecheck', 'npx', ['--no-install', 'tsc', '--noEmit', '-p', '.']],
] as Array<[string, string, string[]]>) {
  if (!step(name, command, args)) failedSteps.push(name);
}

const vitestJson = path.join(reports, 'vitest.json');
const vitestOk = step('unit and integration tests', 'npx', ['--no-install', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const vitest = readJson(vitestJson) as { numPassedTests?: number; numFailedTests?: number } | undefined;
passed += vitest?.numPassedTests ?? 0;
failed += vitest?.numFailedTests ?? 0;
if (!vitestOk) failedSteps.push('vitest');

if (existsSync('playwright.config.ts')) {
  const playwrightJson = path.join(reports, 'playwright.json');
  const e2eOk = step('browser tests', 'npx', ['--no-install', 'playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });
  const e2e = readJson(playwrightJson) as { stats?: { expected?: number; unexpected?: number; flaky?: number } } | undefined;
  passed += (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
  failed += e2e?.stats?.unexpected ?? 0;
  if (!e2eOk) failedSteps.push('playwright');
} else {
  failedSteps.push('playwright (no playwright.config.ts)');
}

console.log('');
if (failedSteps.length > 0) console.log(`failed steps: ${failedSteps.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failedSteps.length > 0 || failed > 0 ? 1 : 0;
