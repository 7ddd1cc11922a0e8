/**
 * Lay out a folder as npm installs this package: `package.json`, `bin/`,
 * `schema/`, `build/registry.json` with its hook index and a fresh bundle of
 * the current source at `build/cli/rclass.mjs` (with the hook's bundles), the
 * repository's node_modules linked in for the packages the bundle leaves
 * external. No vitest import: the run's globalSetup (test/cli-package-setup.ts)
 * uses it as well as test files (test/cli/installed.ts).
 */
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleCli } from '../../scripts/steps/cli-bundle.ts';
import { writeRegistryIndex } from '../../scripts/steps/registry-index.ts';
import type { RegistryDocument } from '../../src/core/record.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Fill `installed` (an existing, empty folder).
 * @param registry the registry document to ship when the repository has no `build/registry.json`; called only then
 * @throws when a copy, the index or the bundle cannot be written (esbuild's errors for a source that does not bundle)
 */
export async function writePackageFolder(installed: string, registry: () => Promise<RegistryDocument>): Promise<void> {
  for (const item of ['package.json', 'bin', 'schema']) cpSync(path.join(ROOT, item), path.join(installed, item), { recursive: true });
  mkdirSync(path.join(installed, 'build'), { recursive: true });
  const built = path.join(ROOT, 'build', 'registry.json');
  const text = existsSync(built) ? readFileSync(built, 'utf8') : JSON.stringify(await registry());
  writeFileSync(path.join(installed, 'build', 'registry.json'), text);
  await writeRegistryIndex(JSON.parse(text) as RegistryDocument, text, path.join(installed, 'build', 'registry-index'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(installed, 'node_modules'), 'dir');
  await bundleCli(path.join(installed, 'build', 'cli', 'rclass.mjs'));
}
