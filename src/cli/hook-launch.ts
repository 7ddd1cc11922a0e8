/**
 * The entry of `build/cli/hook-launch.cjs`, which `bin/rclass.mjs` and
 * `bin/rclass-hook.cjs` load for `rclass hook`: it runs the hook's CommonJS
 * bundle (`build/cli/hook.cjs`, entry `hook-main.ts`) with V8's code cache
 * kept beside it in `build/cli/` (`src/node/code-cache.ts`), so a hook
 * process neither parses the bundle nor compiles the functions of a decision
 * again (issue 14). The cache is never in the user's state folder, which an
 * agent can write (issue 23 item 2). With `RCLASS_CODE_CACHE=0` it runs the
 * same bundle without a cache.
 */
import { runWithCodeCache } from '../node/code-cache.ts';

/**
 * Run `rclass hook` from its bundle on the real process (`process.argv`, the
 * standard streams and environment), as `hook-main.ts`'s `main` does.
 * @param bundle the hook's CommonJS bundle (absolute)
 * @throws what loading the bundle throws (a missing or broken bundle); decisions never throw
 */
export async function launchHook(bundle: string): Promise<void> {
  // This file runs only as build/cli/hook-launch.cjs, beside the bundle: its own CommonJS `require` resolves as the
  // bundle's would, without loading node:module for `createRequire`.
  const { exports, save } = runWithCodeCache({ bundle, cache: process.env.RCLASS_CODE_CACHE !== '0', prefix: 'hook-', env: process.env, require });
  // At exit: the hook ends its process itself once the answer is written (hook-main.ts), and the cache
  // should hold every function the decision compiled.
  process.once('exit', save);
  // The deadline counts from the process's start: on a loaded machine starting Node and loading the bundle took
  // seconds, which came on top of it (issue 23). `process.uptime()` counts from the same start as
  // `performance.timeOrigin`, without loading `perf_hooks` (about 2 ms of a hook process, bench/hook.ts).
  const now = Date.now();
  await (exports as { main(processStart: number): Promise<void> }).main(now - Math.round(process.uptime() * 1000));
}
