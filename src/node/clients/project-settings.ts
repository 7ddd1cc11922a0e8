/**
 * Settings in the folder a server starts in that choose another registry or
 * index than the package's own (SPEC 6.2): a repository can ship them next
 * to its `.mcp.json`, and the launcher reads them. Node-only; plugged into
 * identification as `IdentityIndex.project`.
 *
 * Looked for from the start folder up to, not including, the user's home
 * folder (whose settings are the user's own) or the filesystem root:
 * - npm and pnpm: `.npmrc` (a project's npm configuration, e.g. `registry=`);
 * - bun: `bunfig.toml` and `.npmrc`;
 * - uv: `uv.toml`, or a `pyproject.toml` with a `[tool.uv…]` table.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { PackageLauncher } from '../../clients/identify/index.ts';
import { readRegularFileSync } from '../read-regular.ts';

const FILES: Readonly<Record<PackageLauncher, readonly string[]>> = {
  npm: ['.npmrc'],
  pnpm: ['.npmrc'],
  bun: ['bunfig.toml', '.npmrc'],
  uv: ['uv.toml'],
};

const NAMES: Readonly<Record<PackageLauncher, string>> = { npm: 'npx', pnpm: 'pnpm', bun: 'bunx', uv: 'uv' };

function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch (error) {
    // Anything but "not there" (a loop, no permission) cannot be ruled out.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT' && (error as NodeJS.ErrnoException).code !== 'ENOTDIR';
  }
}

function hasUvTable(file: string): boolean {
  try {
    return /^\s*\[\s*tool\s*\.\s*uv\b/m.test(readRegularFileSync(file).toString('utf8'));
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/**
 * Make the inspector for `IdentityIndex.project`.
 * @param home the user's home folder (absolute), where the search stops; undefined to search up to the root
 * @returns a function of the start folder and the launcher: why the entry is unrecognised, or undefined
 */
export function projectSettingsInspector(home: string | undefined): (dir: string, launcher: PackageLauncher) => string | undefined {
  const stop = home !== undefined ? path.resolve(home) : undefined;
  return (dir, launcher) => {
    if (!path.isAbsolute(dir)) return undefined;
    let current = path.resolve(dir);
    for (;;) {
      if (current === stop) return undefined;
      for (const name of FILES[launcher]) {
        if (exists(path.join(current, name)))
          return `\`${path.join(current, name)}\` can change where ${NAMES[launcher]} installs packages from, and a repository can ship it`;
      }
      if (launcher === 'uv' && hasUvTable(path.join(current, 'pyproject.toml'))) {
        return `\`${path.join(current, 'pyproject.toml')}\` has \`[tool.uv]\` settings, which can change where uv installs packages from, and a repository can ship it`;
      }
      const parent = path.dirname(current);
      if (parent === current || stop?.startsWith(`${current}${path.sep}`)) return undefined;
      current = parent;
    }
  };
}
