/**
 * `npm install` runs this (`prepare`): emit build/registry.json and the CLI
 * bundle so `npx rclass` works from a fresh clone. It skips quietly when the
 * registry has problems, so an install never fails on a record; `npm run
 * check` reports them.
 */
import { loadRegistryDir } from '../src/records/read-dir.ts';
import { bundleCli } from './steps/cli-bundle.ts';
import { assembleRegistry } from '../src/records/assemble.ts';
import { writeRegistry } from './steps/registry-json.ts';

const loaded = await loadRegistryDir().catch((error: unknown) => error instanceof Error ? error : new Error(String(error)));
if (loaded instanceof Error) {
  // A record that trips the validator itself (a bug there, not in the
  // record) must not fail an install either.
  console.warn(`rclass: the registry could not be validated (${loaded.message}); run \`npm run check\`. The CLI was not bundled.`);
} else if (loaded.problems.length === 0) {
  await writeRegistry(assembleRegistry(loaded.records));
  await bundleCli();
} else {
  console.warn(`rclass: the registry has ${loaded.problems.length} problems; run \`npm run check\`. The CLI was not bundled.`);
}
