/**
 * The stamp test/pinned-install.ts writes into a folder's node_modules
 * after `npm ci` succeeds: the SHA-256 of the folder's package-lock.json,
 * followed by ` omit=dev` when only its `dependencies` were installed
 * (`npm ci --omit=dev`).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The stamp's words after the digest when only `dependencies` were installed. */
const WITHOUT_DEV = 'omit=dev';

function lockDigest(dir: string): string {
  return createHash('sha256')
    .update(readFileSync(path.join(dir, 'package-lock.json')))
    .digest('hex');
}

function stampOf(dir: string): string {
  return path.join(dir, 'node_modules', '.rclass-lock-sha256');
}

/**
 * Whether `dir`/node_modules matches its lockfile: wholly, or (`omitDev`)
 * at least its `dependencies`; a full install serves both.
 * @throws when `dir`/package-lock.json cannot be read
 */
export function installed(dir: string, omitDev: boolean): boolean {
  const stamp = stampOf(dir);
  if (!existsSync(stamp)) return false;
  const [digest, ...rest] = readFileSync(stamp, 'utf8').trim().split(' ');
  const set = rest.join(' ');
  return digest === lockDigest(dir) && (set === '' || (omitDev && set === WITHOUT_DEV));
}

/** Record that `dir`/node_modules now holds what its lockfile locks (`omitDev`: its `dependencies` alone). */
export function writeStamp(dir: string, omitDev: boolean): void {
  writeFileSync(stampOf(dir), `${lockDigest(dir)}${omitDev ? ` ${WITHOUT_DEV}` : ''}\n`);
}
