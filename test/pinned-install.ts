/**
 * Install a folder of pinned test packages (its own package.json and
 * package-lock.json) into its own node_modules, kept out of the main
 * `npm ci`: test/servers (the MCP servers the integration tier starts) and
 * test/real-clients (the agents the real-client tier runs). Runs
 * `npm ci --ignore-scripts` in the folder unless its node_modules already
 * holds exactly what its lockfile locks: a stamp with the lockfile's
 * SHA-256 (test/pinned-stamp.ts) is written after a successful install and
 * compared before the next. A folder may install its `dependencies` alone
 * (`omitDev`: `npm ci --omit=dev`, the core set of test/servers,
 * test/servers/sets.ts); its stamp then says so, and a full install serves
 * both. No package's install script runs. Two test runs at once take turns
 * through a lock beside the lockfile, so their installs never write the
 * same node_modules together; the second finds the stamp current.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { withFileLock } from '../src/node/lock.ts';
import { installed, writeStamp } from './pinned-stamp.ts';

/** The most an install may take, waiting for another run's install included (ms). */
const INSTALL_DEADLINE_MS = 15 * 60 * 1000;

/**
 * Run `npm ci --ignore-scripts` in `dir`: `--omit=dev` when `omitDev`, else `--include=dev` (so an `omit` set in the
 * environment or an npmrc never leaves a full install short). Resolves with its exit code (or signal).
 */
function npmCi(dir: string, omitDev: boolean): Promise<number | string> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['ci', '--ignore-scripts', omitDev ? '--omit=dev' : '--include=dev', '--no-audit', '--no-fund', '--loglevel=error'];
  return new Promise((resolve, reject) => {
    const child = spawn(npm, args, {
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
 * @param omitDev install the lockfile's `dependencies` alone (`npm ci --omit=dev`); a full install already there serves
 * @throws Error when npm ci fails; LockTimeoutError when another run's install holds the lock past the deadline
 */
export async function ensurePinned(dir: string, what: string, omitDev = false): Promise<void> {
  if (installed(dir, omitDev)) return;
  const name = path.relative(process.cwd(), dir) || dir;
  await withFileLock(path.join(dir, 'package-lock.json'), Date.now() + INSTALL_DEADLINE_MS, async () => {
    if (installed(dir, omitDev)) return;
    const started = Date.now();
    console.log(`${name}: installing ${what} (npm ci --ignore-scripts ${omitDev ? '--omit=dev' : '--include=dev'})`);
    const status = await npmCi(dir, omitDev);
    if (status !== 0) throw new Error(`npm ci in ${name} failed (exit ${status})`);
    writeStamp(dir, omitDev);
    console.log(`${name}: installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}
