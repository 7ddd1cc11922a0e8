/**
 * Install the MCP server packages of test/servers (vitest globalSetup of the
 * integration tier; also `npx tsx test/servers/install.ts`). Runs
 * `npm ci --ignore-scripts` in test/servers unless its node_modules already
 * holds exactly what package-lock.json locks: a stamp with the lockfile's
 * SHA-256 is written after a successful install and compared before the next.
 * No package's install script runs (none of these servers needs one; the
 * same packages were `allowScripts: false` in the main package.json).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVERS_DIR, SERVERS_MODULES } from './paths.ts';

const STAMP = path.join(SERVERS_MODULES, '.rclass-lock-sha256');

function lockDigest(): string {
  return createHash('sha256')
    .update(readFileSync(path.join(SERVERS_DIR, 'package-lock.json')))
    .digest('hex');
}

/** Whether test/servers/node_modules matches the lockfile. */
export function serversInstalled(): boolean {
  return existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === lockDigest();
}

/**
 * Install the server packages when they are missing or stale.
 * @throws Error when npm ci fails
 */
export function ensureServers(): void {
  if (serversInstalled()) return;
  const started = Date.now();
  console.log('test/servers: installing the MCP server packages the integration tests start (npm ci --ignore-scripts)');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: SERVERS_DIR,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`npm ci in test/servers failed (exit ${result.status ?? result.signal ?? result.error?.message})`);
  writeFileSync(STAMP, `${lockDigest()}\n`);
  console.log(`test/servers: installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** vitest globalSetup. */
export default function setup(): void {
  ensureServers();
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.join(SERVERS_DIR, 'install.ts')) ensureServers();
