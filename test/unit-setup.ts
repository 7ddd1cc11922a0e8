/**
 * Set-up of the unit tier (test/tiers.ts): any attempt to start a process
 * fails the test that made it, naming the call, so a file that starts
 * processes cannot sit in the unit tier unnoticed (test/tiers.test.ts
 * catches the obvious cases before they run). Only this worker's
 * `node:child_process` is replaced; vitest's own workers are already running.
 */
import { existsSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { BUNDLED_REGISTRY } from '../src/node/package-paths.ts';
import { registryFromSources } from '../src/node/registry.ts';

const require = createRequire(import.meta.url);
const childProcess = require('node:child_process') as Record<string, unknown>;

for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
  childProcess[name] = () => {
    throw new Error(`child_process.${name}() in a unit test: a test that starts a process belongs in the integration tier (test/tiers.ts)`);
  };
}
syncBuiltinESMExports();

// In a clone where nothing was built (`npm run test:quick` needs no build), the in-process CLI and hook assemble the
// registry from registry/*.yaml, once per process (src/node/registry.ts registryFromSources). Assemble it here, before
// any test, so no test's hook call pays those seconds inside the hook's 8 s watchdog. With a build, nothing to do.
if (!existsSync(BUNDLED_REGISTRY)) await registryFromSources();
