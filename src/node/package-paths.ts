/**
 * Where the package's own files are. This module sits two levels below the
 * package root both as source (`src/node/package-paths.ts`) and in the bundle
 * (`build/cli/rclass.mjs`), so the same relative URL finds the root in both.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The package root: the folder holding `package.json`, `bin/`, `schema/` and `build/`. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The registry document the build emits (SPEC 5.8). */
export const BUNDLED_REGISTRY = path.join(PACKAGE_ROOT, 'build', 'registry.json');

/** The registry's hook index the build emits beside it (`src/node/registry-index.ts`). */
export const REGISTRY_INDEX = path.join(PACKAGE_ROOT, 'build', 'registry-index');

/** The package's JSON Schemas. */
export const SCHEMA_DIR = path.join(PACKAGE_ROOT, 'schema');

/**
 * The launcher generated hooks start: `bin/rclass-hook.cjs`, the hook
 * through a CommonJS entry (Node 20 starts an ES module about 5 ms of CPU
 * slower; issue 14). It takes the same words as the `bin` entry.
 */
const BIN_LAUNCHER = path.join(PACKAGE_ROOT, 'bin', 'rclass-hook.cjs');

/**
 * The words that start this installation of rclass with no lookup at run
 * time: the Node binary running now and the package's `bin/rclass-hook.cjs`, both
 * absolute with symbolic links resolved. The hook fragment fixes these at
 * generation time, so a repository cannot put its own `rclass` first on the
 * PATH; regenerate it after moving the package or removing that Node.
 */
export function fixedLauncher(): string[] {
  const real = (file: string): string => {
    try {
      return realpathSync(file);
    } catch {
      return file;
    }
  };
  return [real(process.execPath), real(BIN_LAUNCHER)];
}

/**
 * Whether a path lies in npm's cache of one-off `npx` downloads
 * (`…/_npx/<hash>/…`), which npm may clear at any time.
 * @param file an absolute path, POSIX or Windows
 */
export function inNpxCache(file: string): boolean {
  return /[\\/]_npx[\\/]/.test(file);
}
