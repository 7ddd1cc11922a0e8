/**
 * The `rclass` child-process tests run: `bin/rclass.mjs` of the run's package
 * folder, a fresh bundle of the current source (test/cli-package-setup.ts).
 */
import path from 'node:path';
import { inject } from 'vitest';

/**
 * The package folder of this run.
 * @throws Error when the file runs in a vitest project without test/cli-package-setup.ts
 */
function testedPackage(): string {
  const dir = inject('cliPackage');
  if (typeof dir !== 'string' || dir === '') throw new Error('no cliPackage: this vitest project has no test/cli-package-setup.ts in its globalSetup');
  return dir;
}

/** `bin/rclass.mjs` of this run's package folder (run it with `process.execPath`). */
export function testedBin(): string {
  return path.join(testedPackage(), 'bin', 'rclass.mjs');
}
