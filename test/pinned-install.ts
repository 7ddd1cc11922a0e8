/**
 * Install a folder of pinned test packages (its own package.json and
 * package-lock.json) into its own node_modules, kept out of the main
 * `npm ci`: test/servers (the MCP servers the integration tier starts) and
 * test/real-clients (the agents the real-client tier runs). Runs
 * `npm ci --ignore-scripts` in the folder unless its node_modules already
 * holds exactly what its lockfile locks: a stamp with the lockfile's
 * SHA-256 is written after a successful install and compared before the
 * next. No package's install script runs. Two test runs at once take turns
 * through a lock beside the lockfile, so their installs never write the
 * same node_modules together; the second finds the stamp current.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withFileLock } from '../src/node/lock.ts';

/** The most an install may take, waiting for another run's install included (ms). */
const INSTALL_DEADLINE_MS = 15 * 60 * 1000;

function lockDigest(dir: string): string {
  return createHash('sha256')
    .update(readFileSync(path.join(dir, 'package-lock.json')))
    .digest('hex');
}

function stampOf(dir: string): string {
  return path.join(dir, 'node_modules', '.rclass-lock-sha256');
}

/** Whether `dir`/node_modules matches its lockfile. */
function installed(dir: string): boolean {
  const stamp = stampOf(dir);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === lockDigest(dir);
}

/** Run `npm ci --ignore-scripts` in `dir`; resolves with its exit code (or signal). */
function npmCi(dir: string): Promise<number | string> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return new Promise((resolve, reject) => {
    const child = spawn(npm, ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
}

/**
 * Install the folder's packages when they are missing or stale, holding the
 * lock `<dir>/package-lock.json.lock` (src/node/lock.ts) meanwhile.
 * @param dir the folder with package.json and package-lock.json
 * @param what what the packages are, for the progress lines (`the MCP server packages the integration tests start`)
 * @throws Error when npm ci fails; LockTimeoutError when another run's install holds the lock past the deadline
 */
export async function ensurePinned(dir: string, what: string): Promise<void> {
  if (installed(dir)) return;
  const name = path.relative(process.cwd(), dir) || dir;
  await withFileLock(path.join(dir, 'package-lock.json'), Date.now() + INSTALL_DEADLINE_MS, async () => {
    if (installed(dir)) return;
    const started = Date.now();
    console.log(`${name}: installing ${what} (npm ci --ignore-scripts)`);
    const status = await npmCi(dir);
    if (status !== 0) throw new Error(`npm ci in ${name} failed (exit ${status})`);
    writeFileSync(stampOf(dir), `${lockDigest(dir)}\n`);
    console.log(`${name}: installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}
