/**
 * A scan-private npm cache for servers started through `npx` or `npm exec`
 * (a scan leaves the user's package caches as they were; README, scan).
 *
 * Why: npx installs a package into `<cache>/_npx/<hash>/` and, on the next
 * run, uses whatever is there. A scan that kills npx at its deadline in the
 * middle of a first download (SIGKILL, so npm cannot roll back) leaves a
 * half-installed folder that every later `npx -y <package>` — the command
 * Claude Desktop, Cursor and VS Code run — then fails on
 * (`ERR_MODULE_NOT_FOUND`) until the user deletes it. So scanned npm-family
 * servers get `npm_config_cache` pointing at rclass's own cache folder
 * (npm reads the `cache` setting from `npm_config_cache`,
 * docs.npmjs.com/cli/using-npm/config#cache), and after a server that did
 * not finish, its install folder there is removed, so the next scan installs
 * it afresh from the downloaded tarballs (`_cacache` is content-addressed
 * and written atomically, so a kill cannot corrupt it). Node-only.
 *
 * Seeded from the user's cache: the scan's `_cacache` is a link to the
 * user's own `_cacache` when that exists ({@link seedNpmCache}), so a first
 * scan installs from what the user's clients already downloaded, and what
 * the scan downloads is there for them too. That is what the user's own
 * `npx` does to `_cacache`, interrupted or not (npm's cacache writes each
 * content file to a temporary name and moves it into place, and each index
 * line carries its own hash, so a killed writer leaves no entry that reads
 * as valid); only `_npx`, the folder a kill can leave half-written, stays
 * the scan's own.
 *
 * The install folder's name is libnpmexec's (npm 11,
 * `node_modules/libnpmexec/lib/index.js`): the first 16 hex digits of the
 * SHA-512 of the package specs, sorted and joined by newlines; npm writes
 * `_npx.packages` into its `package.json` once the install has finished.
 */
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readlinkSync, rmSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { homeFrom } from '../node/state-dir.ts';
import { readRegularFileSync } from '../node/read-regular.ts';

/** rclass's own npm cache: `$XDG_CACHE_HOME/rclass/npm`, else `~/.cache/rclass/npm` (`%LOCALAPPDATA%\rclass\npm-cache` on Windows); undefined when no home is known. */
export function scanNpmCache(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform = process.platform): string | undefined {
  if (platform === 'win32' && env.LOCALAPPDATA !== undefined && path.win32.isAbsolute(env.LOCALAPPDATA))
    return path.win32.join(env.LOCALAPPDATA, 'rclass', 'npm-cache');
  const xdg = env.XDG_CACHE_HOME;
  if (xdg !== undefined && xdg !== '' && path.isAbsolute(xdg)) return path.join(xdg, 'rclass', 'npm');
  const home = homeFrom(env);
  return home === undefined ? undefined : path.join(home, '.cache', 'rclass', 'npm');
}

/**
 * The user's own npm cache folder, as npm finds it without a config file:
 * `npm_config_cache` (any case) from the environment when absolute, else
 * `%LocalAppData%\npm-cache` on Windows and `~/.npm` elsewhere (the `cache`
 * default, docs.npmjs.com/cli/using-npm/config#cache). A `cache` set in an
 * `.npmrc` is not read, so such a cache is not seeded from. Undefined when
 * no home is known.
 */
export function userNpmCache(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform = process.platform): string | undefined {
  for (const [key, value] of Object.entries(env))
    if (key.toLowerCase() === 'npm_config_cache' && value !== undefined && (path.isAbsolute(value) || path.win32.isAbsolute(value))) return value;
  if (platform === 'win32')
    return env.LOCALAPPDATA !== undefined && path.win32.isAbsolute(env.LOCALAPPDATA) ? path.win32.join(env.LOCALAPPDATA, 'npm-cache') : undefined;
  const home = homeFrom(env);
  return home === undefined ? undefined : path.join(home, '.npm');
}

/**
 * Make `<scanCache>/_cacache` a link to the user's `<userCache>/_cacache`
 * when that folder exists (a directory junction on Windows, which needs no
 * privilege), replacing the scan's own `_cacache` or a stale link; when the
 * user has none, a stale link is removed and the scan keeps a cache of its
 * own. Nothing is created in the user's folder. Never throws: a link that
 * cannot be made only costs a download.
 * @returns whether the scan's cache now reads the user's
 */
export function seedNpmCache(scanCache: string, userCache: string | undefined): boolean {
  const link = path.join(scanCache, '_cacache');
  try {
    const target = userCache === undefined ? undefined : path.join(userCache, '_cacache');
    const userHas = target !== undefined && path.resolve(target) !== path.resolve(link) && isDirectory(target);
    let current: ReturnType<typeof lstatSync> | undefined;
    try {
      current = lstatSync(link);
    } catch {
      current = undefined;
    }
    if (current?.isSymbolicLink() === true) {
      if (userHas && path.resolve(scanCache, readlinkSync(link)) === path.resolve(target)) return true;
      rmSync(link, { force: true });
    } else if (current !== undefined && userHas) {
      rmSync(link, { recursive: true, force: true });
    }
    if (!userHas) return false;
    mkdirSync(scanCache, { recursive: true });
    symlinkSync(path.resolve(target), link, process.platform === 'win32' ? 'junction' : 'dir');
    return true;
  } catch {
    return false;
  }
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

const NPM_EXEC_OPTIONS_WITH_VALUE = new Set(['-p', '--package', '-c', '--call', '--registry', '--cache', '--userconfig', '--prefix', '-w', '--workspace']);

/**
 * The package specs npx would install for a command line, or undefined when
 * it is not an npm-family launch (`npx …`, `npm exec …`, `npm x …`).
 * @param words the launch words, e.g. `['npx', '-y', '@modelcontextprotocol/server-memory']`
 */
export function npxPackages(words: readonly string[]): string[] | undefined {
  const base =
    (words[0] ?? '')
      .split(/[\\/]/)
      .at(-1)
      ?.replace(/\.(cmd|exe)$/i, '') ?? '';
  let i: number;
  if (base === 'npx') i = 1;
  else if (base === 'npm' && (words[1] === 'exec' || words[1] === 'x')) i = 2;
  else return undefined;
  const packages: string[] = [];
  let first: string | undefined;
  for (; i < words.length; i += 1) {
    const word = words[i]!;
    if (word === '--') {
      first = words[i + 1];
      break;
    }
    if (!word.startsWith('-')) {
      first = word;
      break;
    }
    const eq = word.indexOf('=');
    const option = eq > 0 ? word.slice(0, eq) : word;
    if (NPM_EXEC_OPTIONS_WITH_VALUE.has(option)) {
      const value = eq > 0 ? word.slice(eq + 1) : words[++i];
      if ((option === '-p' || option === '--package') && value !== undefined) packages.push(value);
    }
  }
  if (packages.length > 0) return packages;
  return first === undefined ? undefined : [first];
}

/** Where npx installs `packages` under `cache` (libnpmexec's folder name). */
export function npxInstallDir(cache: string, packages: readonly string[]): string {
  const hash = createHash('sha512')
    .update([...packages].sort((a, b) => a.localeCompare(b, 'en')).join('\n'))
    .digest('hex')
    .slice(0, 16);
  return path.join(cache, '_npx', hash);
}

/** Whether npx finished installing into `dir` (its `package.json` carries `_npx.packages`). */
export function npxInstallFinished(dir: string): boolean {
  try {
    const json = JSON.parse(readRegularFileSync(path.join(dir, 'package.json')).toString('utf8')) as { _npx?: { packages?: unknown } };
    return Array.isArray(json._npx?.packages);
  } catch {
    return false;
  }
}

/** Remove an install folder npx may have left half-written; only ever under the scan's own cache. Never throws. */
export function removeNpxInstall(cache: string, dir: string): void {
  const relative = path.relative(cache, dir);
  if (relative.startsWith('..') || path.isAbsolute(relative) || !relative.startsWith(`_npx${path.sep}`)) return;
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    // Left for npm: the next install into it may fail, and the scan says so.
  }
}
