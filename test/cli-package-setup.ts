/**
 * vitest globalSetup of the integration projects (vitest.config.ts): one
 * package folder per `vitest` run, laid out as npm installs this package,
 * with a fresh bundle of the current source and the hook's code cache as the
 * build leaves it (test/cli/package-folder.ts, scripts/steps/hook-cache.ts),
 * handed to every test file through `inject('cliPackage')`
 * (test/cli/tested-bin.ts). Child-process tests run `bin/rclass.mjs` from it
 * instead of the source through tsx: a start through tsx cost about 3.2
 * processor-seconds, one from the bundle about 0.7 (issue 30). Bundled afresh
 * on every run, so it is never stale; the folder lies in the run's temporary
 * folder (test/temp-root.ts, listed before this file), removed at the end.
 */
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { warmHookCache } from '../scripts/steps/hook-cache.ts';
import { buildDocument } from '../src/core/registry.ts';
import { loadRegistryDir } from '../src/records/read-dir.ts';
import { writePackageFolder } from './cli/package-folder.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's package folder: `bin/rclass.mjs` runs a bundle of the current source. */
    cliPackage: string;
  }
}

/** The projects of one run share one folder: each imports this file through a module runner of its own, in vitest's one process. */
const MADE = Symbol.for('reversibility-classes.test.cli-package');
const shared = globalThis as { [MADE]?: Promise<string> };

async function makeFolder(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rclass-package-'));
  // Readable by the tests that run the hook as another user, as an installed package is.
  chmodSync(dir, 0o755);
  await writePackageFolder(dir, async () => buildDocument((await loadRegistryDir()).records));
  warmHookCache(dir);
  return dir;
}

/**
 * Provide `cliPackage` to the project's test files.
 * @throws when the source does not bundle (the run stops: every child-process test would fail on it)
 */
export default async function setup(project: TestProject): Promise<void> {
  shared[MADE] ??= makeFolder();
  project.provide('cliPackage', await shared[MADE]);
}
