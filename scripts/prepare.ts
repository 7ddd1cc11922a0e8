/**
 * `npm pack` and `npm publish` run this (`prepack`, also run when npm installs
 * the package from git): emit build/registry.json and the CLI bundle that the
 * tarball ships, with the hook's V8 code cache beside its bundle. It is not `prepare`, which npm also runs when the tarball is
 * installed, where scripts/ and tsx are absent (issue 15). It skips quietly
 * when the registry has problems; `npm run check` reports them.
 */
import { loadRegistryDir } from '../src/records/read-dir.ts';
import { bundleCli } from './steps/cli-bundle.ts';
import { warmHookCache } from './steps/hook-cache.ts';
import { ROOT } from './lib/paths.ts';
import { assembleRegistry } from '../src/records/assemble.ts';
import { writeRegistry } from './steps/registry-json.ts';

const loaded = await loadRegistryDir().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
if (loaded instanceof Error) {
  // A record that trips the validator itself (a bug there, not in the
  // record) must not fail an install either.
  console.warn(`rclass: the registry could not be validated (${loaded.message}); run \`npm run check\`. The CLI was not bundled.`);
} else if (loaded.problems.length === 0) {
  await writeRegistry(assembleRegistry(loaded.records));
  await bundleCli();
  // The hook's V8 code cache ships beside its bundle (for the Node version that packs).
  warmHookCache(ROOT);
} else {
  console.warn(`rclass: the registry has ${loaded.problems.length} problems; run \`npm run check\`. The CLI was not bundled.`);
}
