/**
 * Private caches for the package launchers other than npx (a scan leaves the
 * user's package caches as an interrupted client launch would; README,
 * scan). A scan may kill a server at its deadline in the middle of its first
 * install, so each launcher that keeps installs between runs is pointed at a
 * folder of rclass's own, through the setting its documentation names:
 *
 * - `pnpm dlx` and `pnpx`: `cache-dir` (where dlx prepares each install and
 *   then points a `pkg` link at it) and `store-dir` (the package store)
 *   (pnpm.io/settings). pnpm 10 reads them from `npm_config_cache_dir` and
 *   `npm_config_store_dir`, pnpm 12 from `pnpm_config_cache_dir` and
 *   `pnpm_config_store_dir`; both are set (checked with pnpm 10.34.8 and
 *   12.23.0 from npm: `pnpm config get store-dir`, and a `pnpm dlx` run that
 *   left the user's `~/.cache/pnpm` and `~/.local/share/pnpm` absent).
 * - `bunx` and `bun x`: `BUN_INSTALL_CACHE_DIR`, the global cache
 *   (bun.sh/docs/pm/global-cache); bun 1.4.5 from npm keeps bunx's installs
 *   there too (`<cache>/.bunx-<uid>/<package>`, seen in a run).
 * - `yarn dlx` (Yarn 2 and later; Yarn 1 has no dlx): `YARN_GLOBAL_FOLDER`,
 *   which holds the global cache and metadata (yarnpkg.com/configuration/yarnrc
 *   `globalFolder`; settings are read from `YARN_<NAME>` variables); dlx
 *   itself installs into a new temporary project each run (checked with
 *   Yarn 4.18.1 from npm).
 *
 * A key the entry's own `env` sets is left as the entry sets it: that is the
 * cache its client uses too. Node-only.
 */
import path from 'node:path';
import { homeFrom } from '../node/state-dir.ts';

/** A launcher's private cache: what to call it, and the variables that point it there. */
export interface LauncherCache {
  /** `pnpm dlx`, `bunx` or `yarn dlx`, as messages name it. */
  launcher: string;
  /** The variables to add to the server's environment. */
  env: Record<string, string>;
}

/** The folder under which rclass keeps its launchers' caches: `$XDG_CACHE_HOME/rclass`, else `~/.cache/rclass` (`%LOCALAPPDATA%\rclass` on Windows); undefined when no home is known. */
export function scanCacheRoot(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform = process.platform): string | undefined {
  if (platform === 'win32' && env.LOCALAPPDATA !== undefined && path.win32.isAbsolute(env.LOCALAPPDATA)) return path.win32.join(env.LOCALAPPDATA, 'rclass');
  const xdg = env.XDG_CACHE_HOME;
  if (xdg !== undefined && xdg !== '' && path.isAbsolute(xdg)) return path.join(xdg, 'rclass');
  const home = homeFrom(env);
  return home === undefined ? undefined : path.join(home, '.cache', 'rclass');
}

/** Which of the launchers above a command line runs, or undefined (npx and npm exec have their own handling, npm-cache.ts). */
function cachingLauncher(words: readonly string[]): 'pnpm' | 'bun' | 'yarn' | undefined {
  const base =
    (words[0] ?? '')
      .split(/[\\/]/)
      .at(-1)
      ?.replace(/\.(cmd|exe|ps1)$/i, '')
      .toLowerCase() ?? '';
  if (base === 'pnpx' || (base === 'pnpm' && words[1] === 'dlx')) return 'pnpm';
  if (base === 'bunx' || (base === 'bun' && words[1] === 'x')) return 'bun';
  if (base === 'yarn' && words[1] === 'dlx') return 'yarn';
  return undefined;
}

/**
 * The private cache a launch gets, or undefined when it runs through none of
 * these launchers, when its entry already names the cache, or when no home
 * is known (then the scan does not start it: see {@link cacheRefusal}).
 * @param words the launch words, e.g. `['pnpm', 'dlx', '@modelcontextprotocol/server-memory']`
 * @param entryEnv the entry's own environment after expansion
 * @param root {@link scanCacheRoot}
 */
export function launcherCache(words: readonly string[], entryEnv: Readonly<Record<string, string>>, root: string | undefined): LauncherCache | undefined {
  const launcher = cachingLauncher(words);
  if (launcher === undefined || root === undefined) return undefined;
  const set = (key: string) => Object.keys(entryEnv).some((name) => name.toLowerCase() === key.toLowerCase());
  const env: Record<string, string> = {};
  const put = (keys: readonly string[], folder: string) => {
    if (keys.some(set)) return;
    for (const key of keys) env[key] = folder;
  };
  switch (launcher) {
    case 'pnpm':
      put(['npm_config_cache_dir', 'pnpm_config_cache_dir'], path.join(root, 'pnpm', 'cache'));
      put(['npm_config_store_dir', 'pnpm_config_store_dir'], path.join(root, 'pnpm', 'store'));
      return { launcher: 'pnpm dlx', env };
    case 'bun':
      put(['BUN_INSTALL_CACHE_DIR'], path.join(root, 'bun'));
      return { launcher: 'bunx', env };
    case 'yarn':
      put(['YARN_GLOBAL_FOLDER'], path.join(root, 'yarn'));
      return { launcher: 'yarn dlx', env };
  }
}

/** Why a launch through one of these launchers is not started: no home to keep a private cache in. Undefined when it may start. */
export function cacheRefusal(words: readonly string[], root: string | undefined): string | undefined {
  const launcher = cachingLauncher(words);
  if (launcher === undefined || root !== undefined) return undefined;
  return `it runs through ${launcher === 'pnpm' ? 'pnpm dlx' : launcher === 'bun' ? 'bunx' : 'yarn dlx'}, and with no home folder known rclass has nowhere to keep a cache of its own, so it does not risk a half-finished install in yours`;
}
