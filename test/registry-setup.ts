/**
 * vitest globalSetup of the unit, integration, integration-deadlines and integration-cedar
 * projects (vitest.config.ts): reads and validates `registry/` once per
 * `vitest` run, in vitest's own process, and hands the result to every test
 * file through `inject('registry')` (test/loaded-registry.ts). Each file
 * used to parse the whole registry's YAML with positions and validate it
 * itself, a cost that grows with the registry (issue 30). The value is
 * loaded afresh on every run, so it is never stale.
 */
import type { TestProject } from 'vitest/node';
import { loadRegistryDir } from '../src/records/read-dir.ts';
import type { ValidationResult } from '../src/records/validate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `loadRegistryDir()` of the repository's own `registry/`: its valid records and every problem. */
    registry: ValidationResult;
  }
}

/**
 * Where the load is kept: each vitest project imports its globalSetup
 * through a module runner of its own, so module state is not shared between
 * projects, but they all run in vitest's one process.
 */
const LOADED = Symbol.for('reversibility-classes.test.registry');
const shared = globalThis as { [LOADED]?: Promise<ValidationResult> };

/** Provide `registry` to the project's test files; the projects of one run share one load. */
export default async function setup(project: TestProject): Promise<void> {
  shared[LOADED] ??= loadRegistryDir();
  project.provide('registry', await shared[LOADED]);
}
