/**
 * Install the MCP server packages of test/servers (vitest globalSetup of the
 * integration tier; also `npx tsx test/servers/install.ts`). Runs
 * `npm ci --ignore-scripts` in test/servers unless its node_modules already
 * holds exactly what package-lock.json locks: a stamp with the lockfile's
 * SHA-256 is written after a successful install and compared before the next.
 * No package's install script runs (none of these servers needs one; the
 * same packages were `allowScripts: false` in the main package.json).
 * Two test runs at once (two vitest commands, or a `tsx` run beside one)
 * take turns through a lock beside the lockfile, so their installs never
 * write the same node_modules together; the second finds the stamp current.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withFileLock } from '../../src/node/lock.ts';
import { SERVERS_DIR, SERVERS_MODULES } from './paths.ts';

/** The most an install may take, waiting for another run's install included (ms). */
const INSTALL_DEADLINE_MS = 15 * 60 * 1000;

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

/** Run `npm ci --ignore-scripts` in test/servers; resolves with its exit code (or signal). */
function npmCi(): Promise<number | string> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return new Promise((resolve, reject) => {
    const child = spawn(npm, ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: SERVERS_DIR,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
}

/**
 * Install the server packages when they are missing or stale, holding the
 * lock `test/servers/package-lock.json.lock` (src/node/lock.ts) meanwhile.
 * @throws Error when npm ci fails; LockTimeoutError when another run's install holds the lock past the deadline
 */
export async function ensureServers(): Promise<void> {
  if (serversInstalled()) return;
  await withFileLock(path.join(SERVERS_DIR, 'package-lock.json'), Date.now() + INSTALL_DEADLINE_MS, async () => {
    if (serversInstalled()) return;
    const started = Date.now();
    console.log('test/servers: installing the MCP server packages the integration tests start (npm ci --ignore-scripts)');
    const status = await npmCi();
    if (status !== 0) throw new Error(`npm ci in test/servers failed (exit ${status})`);
    writeFileSync(STAMP, `${lockDigest()}\n`);
    console.log(`test/servers: installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}

/** vitest globalSetup. */
export default async function setup(): Promise<void> {
  await ensureServers();
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.join(SERVERS_DIR, 'install.ts')) {
  ensureServers().catch((error: unknown) => {
    console.error(`test/servers: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
