/**
 * The registry test files are handed by the globalSetup (test/registry-setup.ts,
 * through inject) is exactly what each file used to load for itself.
 */
import { expect, inject, it } from 'vitest';
import { loadRegistryDir } from '../src/records/read-dir.ts';
import { loadedRegistry } from './loaded-registry.ts';

it('the registry handed to a test file is the globalSetup’s, and equals a fresh loadRegistryDir() of registry/', async () => {
  const provided = inject('registry');
  expect(provided).toBeDefined();
  expect(await loadedRegistry()).toBe(provided);
  const fresh = await loadRegistryDir();
  expect(provided.records.length).toBeGreaterThan(90);
  expect(provided).toEqual(fresh);
}, 120_000); // a fresh load parses every record's YAML with positions: seconds, more on a busy machine
