/**
 * The entry of `build/cli/hook-launch.cjs`, which `bin/rclass.mjs` loads
 * for `rclass hook`: it runs the hook's CommonJS bundle
 * (`build/cli/hook.cjs`, entry `hook-main.ts`) with V8's code cache kept in
 * rclass's state folder (`<state>/cache/`, `src/node/code-cache.ts`), so a
 * hook process neither parses the bundle nor compiles the functions of a
 * decision again (issue 14). Without a state folder, or with
 * `RCLASS_CODE_CACHE=0`, it runs the same bundle without a cache.
 */
import path from 'node:path';
import { runWithCodeCache } from '../node/code-cache.ts';
import { stateDirectory } from '../node/state-dir.ts';

/** The cache folder's name in the state folder. */
const CACHE_FOLDER = 'cache';

/**
 * Run `rclass hook` from its bundle on the real process (`process.argv`, the
 * standard streams and environment), as `hook-main.ts`'s `main` does.
 * @param bundle the hook's CommonJS bundle (absolute)
 * @throws what loading the bundle throws (a missing or broken bundle); decisions never throw
 */
export async function launchHook(bundle: string): Promise<void> {
  let cacheDir: string | undefined;
  try {
    cacheDir = process.env.RCLASS_CODE_CACHE === '0' ? undefined : path.join(stateDirectory(process.env), CACHE_FOLDER);
  } catch {
    cacheDir = undefined;
  }
  const { exports, save } = runWithCodeCache({ bundle, cacheDir, prefix: 'hook-', env: process.env });
  // At exit: the hook ends its process itself once the answer is written (hook-main.ts), and the cache
  // should hold every function the decision compiled.
  process.once('exit', save);
  await (exports as { main(): Promise<void> }).main();
}
