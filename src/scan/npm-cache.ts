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
 * The install folder's name is libnpmexec's (npm 11,
 * `node_modules/libnpmexec/lib/index.js`): the first 16 hex digits of the
 * SHA-512 of the package specs, sorted and joined by newlines; npm writes
 * `_npx.packages` into its `package.json` once the install has finished.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { homeFrom } from '../node/state-dir.ts';

/** rclass's own npm cache: `$XDG_CACHE_HOME/rclass/npm`, else `~/.cache/rclass/npm` (`%LOCALAPPDATA%\rclass\npm-cache` on Windows); undefined when no home is known. */
export function scanNpmCache(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform = process.platform): string | undefined {
  if (platform === 'win32' && env.LOCALAPPDATA !== undefined && path.win32.isAbsolute(env.LOCALAPPDATA))
    return path.win32.join(env.LOCALAPPDATA, 'rclass', 'npm-cache');
  const xdg = env.XDG_CACHE_HOME;
  if (xdg !== undefined && xdg !== '' && path.isAbsolute(xdg)) return path.join(xdg, 'rclass', 'npm');
  const home = homeFrom(env);
  return home === undefined ? undefined : path.join(home, '.cache', 'rclass', 'npm');
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
    const json = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { _npx?: { packages?: unknown } };
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
