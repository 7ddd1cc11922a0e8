/**
 * The repository's own `registry/`, read and validated as `loadRegistryDir()`
 * does (SPEC 5.9): from test/registry-setup.ts when this vitest project has
 * it as a globalSetup, which loads it once per run, else loaded here.
 */
import { inject } from 'vitest';
import { loadRegistryDir } from '../src/records/read-dir.ts';
import type { ValidationResult } from '../src/records/validate.ts';

/** Valid records of `registry/` and every problem (YAML, schema and lint), sorted as `loadRegistryDir()` sorts them. */
export async function loadedRegistry(): Promise<ValidationResult> {
  return inject('registry') ?? loadRegistryDir();
}
