/**
 * The `rclass` child-process tests run: `bin/rclass.mjs` of the run's package
 * folder, a fresh bundle of the current source (test/cli-package-setup.ts).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

/** The repository root. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The package folder of this run.
 * @throws Error when the file runs in a vitest project without test/cli-package-setup.ts
 */
export function testedPackage(): string {
  const dir = inject('cliPackage');
  if (typeof dir !== 'string' || dir === '') throw new Error('no cliPackage: this vitest project has no test/cli-package-setup.ts in its globalSetup');
  return dir;
}

/** `bin/rclass.mjs` of this run's package folder (run it with `process.execPath`). */
export function testedBin(): string {
  return path.join(testedPackage(), 'bin', 'rclass.mjs');
}

/** What one run of `bin/rclass.mjs` ended with. */
export interface BinResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Run `bin/rclass.mjs` of a package folder or the repository as a child process, with only PATH, HOME and `env` set.
 * @param root the folder holding `bin/rclass.mjs` (the run's package folder, {@link testedPackage}, or the repository)
 * @param input what it reads on stdin
 * @param cwd its working directory (default: the repository)
 */
export function runBin(root: string, args: string[], env: Record<string, string> = {}, input?: string, cwd = ROOT): BinResult {
  const result = spawnSync(process.execPath, [path.join(root, 'bin', 'rclass.mjs'), ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
    input,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
