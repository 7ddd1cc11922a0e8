/**
 * `npm install` runs this (`prepare`): emit build/registry.json and the CLI
 * bundle so `npx rclass` works from a fresh clone. It skips quietly when the
 * registry has problems, so an install never fails on a record; `npm run
 * check` reports them.
 */
import { loadRegistryDir } from './lib/registry-dir.ts';
import { bundleCli } from './steps/cli-bundle.ts';
import { assembleRegistry, writeRegistry } from './steps/registry-json.ts';

const { records, problems } = await loadRegistryDir();
if (problems.length === 0) {
  await writeRegistry(assembleRegistry(records));
  await bundleCli();
} else {
  console.warn(`rclass: the registry has ${problems.length} problems; run \`npm run check\`. The CLI was not bundled.`);
}
