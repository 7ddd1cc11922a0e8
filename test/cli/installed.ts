/**
 * A package folder laid out as npm installs this package: `package.json`,
 * `bin/`, `schema/`, `build/registry.json` with its hook index and a fresh bundle of the current
 * source at `build/cli/rclass.mjs`, with the repository's node_modules
 * linked in for the packages the bundle leaves external. Child-process
 * tests run `bin/rclass.mjs` from it.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleCli } from '../../scripts/steps/cli-bundle.ts';
import { writeRegistryIndex } from '../../scripts/steps/registry-index.ts';
import type { RegistryDocument } from '../../src/core/record.ts';
import { registryDocument } from '../export/registry.ts';
import { ROOT, tempDir } from './harness.ts';

/**
 * Make the folder (the registry is `build/registry.json` when built, else assembled from `registry/`).
 * @returns its absolute path
 */
export async function installedPackage(): Promise<string> {
  const installed = tempDir();
  for (const item of ['package.json', 'bin', 'schema']) cpSync(path.join(ROOT, item), path.join(installed, item), { recursive: true });
  mkdirSync(path.join(installed, 'build'), { recursive: true });
  const registry = path.join(ROOT, 'build', 'registry.json');
  const text = existsSync(registry) ? readFileSync(registry, 'utf8') : JSON.stringify(await registryDocument());
  writeFileSync(path.join(installed, 'build', 'registry.json'), text);
  await writeRegistryIndex(JSON.parse(text) as RegistryDocument, text, path.join(installed, 'build', 'registry-index'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(installed, 'node_modules'), 'dir');
  await bundleCli(path.join(installed, 'build', 'cli', 'rclass.mjs'));
  return installed;
}
