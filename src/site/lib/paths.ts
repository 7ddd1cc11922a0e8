/**
 * Where the site reads its inputs at build time. Everything is resolved from
 * the repository root, which `astro.config.mjs` puts in `RC_ROOT` (falling
 * back to the working directory), so the bundled page code finds the files
 * wherever Astro writes its chunks.
 *
 * Overrides, for the benchmark and the base-path build:
 * - `RC_REGISTRY_JSON`: the registry document to render (default `build/registry.json`);
 * - `RC_POLICIES_DIR`: the ready-made policies to offer (default `build/policies`).
 */
import { isAbsolute, join, resolve } from 'node:path';

/** Absolute path of the repository root. */
function rootDir(): string {
  return resolve(process.env.RC_ROOT ?? process.cwd());
}

/** Absolute path of a file or folder given relative to the repository root. */
export function fromRoot(...parts: string[]): string {
  return join(rootDir(), ...parts);
}

function fromEnv(name: string, fallback: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') return fromRoot(fallback);
  return isAbsolute(value) ? value : resolve(rootDir(), value);
}

/** The registry document the site renders (SPEC 5.8). */
export function registryJsonPath(): string {
  return fromEnv('RC_REGISTRY_JSON', 'build/registry.json');
}

/** The folder of ready-made policies written by the policies build step (SPEC 8). */
export function policiesDir(): string {
  return fromEnv('RC_POLICIES_DIR', 'build/policies');
}

/** The changelog of class changes the build writes (SPEC 2.9); may be missing for a scratch registry. */
export function changelogJsonPath(): string {
  return fromEnv('RC_CHANGELOG_JSON', 'build/changelog.json');
}
