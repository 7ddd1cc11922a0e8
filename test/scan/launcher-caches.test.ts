/**
 * The caches a scan gives the servers it starts (README, scan; issue 15):
 * npx's `_cacache` is the user's own, linked, so a first scan does not
 * download again what the user's clients already have, while `_npx` stays
 * the scan's; pnpm dlx, bunx and yarn dlx get folders of rclass's own
 * through the settings their documentation names.
 */
import { existsSync, lstatSync, mkdirSync, readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheRefusal, launcherCache, scanCacheRoot } from '../../src/scan/launcher-caches.ts';
import { seedNpmCache, userNpmCache } from '../../src/scan/npm-cache.ts';
import { tempDir } from '../cli/harness.ts';

describe('the npx cache a scan reads', () => {
  it("regression: a scan's npm cache reads the user's _cacache (a link), so a first scan installs from what the user's clients downloaded", () => {
    const home = tempDir();
    const user = path.join(home, '.npm');
    mkdirSync(path.join(user, '_cacache', 'index-v5'), { recursive: true });
    const scan = path.join(home, '.cache', 'rclass', 'npm');
    // An earlier scan's own cache is replaced by the link.
    mkdirSync(path.join(scan, '_cacache', 'content-v2'), { recursive: true });
    expect(seedNpmCache(scan, userNpmCache({ HOME: home }, 'linux'))).toBe(true);
    expect(lstatSync(path.join(scan, '_cacache')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(path.join(scan, '_cacache'))).toBe(path.join(user, '_cacache'));
    expect(existsSync(path.join(scan, '_cacache', 'index-v5'))).toBe(true);
    expect(seedNpmCache(scan, user)).toBe(true);
  });

  it("creates nothing in the user's folder when they have no cache, and drops a link to one that went away", () => {
    const home = tempDir();
    const scan = path.join(home, '.cache', 'rclass', 'npm');
    expect(seedNpmCache(scan, path.join(home, '.npm'))).toBe(false);
    expect(existsSync(path.join(home, '.npm'))).toBe(false);
    mkdirSync(path.join(home, 'gone', '_cacache'), { recursive: true });
    expect(seedNpmCache(scan, path.join(home, 'gone'))).toBe(true);
    expect(seedNpmCache(scan, path.join(home, '.npm'))).toBe(false);
    expect(existsSync(path.join(scan, '_cacache'))).toBe(false);
    // A file where the user's folder should be is no cache.
    mkdirSync(path.join(home, 'odd'), { recursive: true });
    writeFileSync(path.join(home, 'odd', '_cacache'), '');
    expect(seedNpmCache(scan, path.join(home, 'odd'))).toBe(false);
  });

  it("finds the user's cache as npm does without a config file: npm_config_cache, else ~/.npm, else %LocalAppData%\\npm-cache", () => {
    expect(userNpmCache({ HOME: '/home/u', NPM_CONFIG_CACHE: '/var/cache/npm' }, 'linux')).toBe('/var/cache/npm');
    expect(userNpmCache({ HOME: '/home/u', npm_config_cache: 'relative' }, 'linux')).toBe(path.join('/home/u', '.npm'));
    expect(userNpmCache({ LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, 'win32')).toBe('C:\\Users\\u\\AppData\\Local\\npm-cache');
    expect(userNpmCache({}, 'linux')).toBeUndefined();
  });
});

describe('pnpm dlx, bunx and yarn dlx in a scan', () => {
  const root = scanCacheRoot({ HOME: '/home/u' }, 'linux')!;

  it('regression: pnpm dlx and pnpx get a private cache-dir and store-dir, under the names pnpm 10 and pnpm 12 read', () => {
    const expected = {
      launcher: 'pnpm dlx',
      env: {
        npm_config_cache_dir: '/home/u/.cache/rclass/pnpm/cache',
        pnpm_config_cache_dir: '/home/u/.cache/rclass/pnpm/cache',
        npm_config_store_dir: '/home/u/.cache/rclass/pnpm/store',
        pnpm_config_store_dir: '/home/u/.cache/rclass/pnpm/store',
      },
    };
    expect(launcherCache(['pnpm', 'dlx', '@modelcontextprotocol/server-memory'], {}, root)).toEqual(expected);
    expect(launcherCache(['/usr/local/bin/pnpx', '@modelcontextprotocol/server-memory'], {}, root)).toEqual(expected);
    expect(launcherCache(['pnpm', 'install'], {}, root)).toBeUndefined();
  });

  it('regression: bunx and bun x get a private BUN_INSTALL_CACHE_DIR; yarn dlx a private YARN_GLOBAL_FOLDER', () => {
    expect(launcherCache(['bunx', 'some-mcp'], {}, root)).toEqual({ launcher: 'bunx', env: { BUN_INSTALL_CACHE_DIR: '/home/u/.cache/rclass/bun' } });
    expect(launcherCache(['C:\\bun\\bun.exe', 'x', 'some-mcp'], {}, root)?.env).toEqual({ BUN_INSTALL_CACHE_DIR: '/home/u/.cache/rclass/bun' });
    expect(launcherCache(['yarn', 'dlx', 'some-mcp'], {}, root)).toEqual({ launcher: 'yarn dlx', env: { YARN_GLOBAL_FOLDER: '/home/u/.cache/rclass/yarn' } });
    expect(launcherCache(['yarn', 'some-mcp'], {}, root)).toBeUndefined();
    expect(launcherCache(['npx', '-y', 'some-mcp'], {}, root)).toBeUndefined();
  });

  it('leaves a cache the entry names itself (its client uses it too), and refuses to start them with no home to keep a cache in', () => {
    expect(launcherCache(['pnpm', 'dlx', 'x'], { PNPM_CONFIG_STORE_DIR: '/s' }, root)?.env).toEqual({
      npm_config_cache_dir: '/home/u/.cache/rclass/pnpm/cache',
      pnpm_config_cache_dir: '/home/u/.cache/rclass/pnpm/cache',
    });
    expect(launcherCache(['bunx', 'x'], { BUN_INSTALL_CACHE_DIR: '/b' }, root)?.env).toEqual({});
    expect(scanCacheRoot({ XDG_CACHE_HOME: '/xdg', HOME: '/home/u' }, 'linux')).toBe('/xdg/rclass');
    expect(cacheRefusal(['bunx', 'x'], undefined)).toBe(
      'it runs through bunx, and with no home folder known rclass has nowhere to keep a cache of its own, so it does not risk a half-finished install in yours',
    );
    expect(cacheRefusal(['bunx', 'x'], root)).toBeUndefined();
    expect(cacheRefusal(['node', 'server.js'], undefined)).toBeUndefined();
  });
});
