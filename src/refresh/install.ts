/**
 * Installing one release of an npm package into a folder of its own:
 * `npm install --ignore-scripts --no-audit --no-fund --prefix DIR name@version`,
 * so no install script of the package or its dependencies runs, in its own
 * process group, killed whole at the deadline. Then the bin to start is read
 * from the installed package.json (`bin`, a string or a map of names).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** An installed package: the exact version and the script its bin names. */
interface Installed {
  version: string;
  binPath: string;
}

/** An install, or why it failed (our words, safe to print). */
export type InstallOutcome = { ok: true; installed: Installed } | { ok: false; message: string; detail?: string };

/**
 * Install `name@version` under `dir`.
 * @param env the environment npm runs with (PATH, HOME, proxy and registry settings)
 * @param bin which bin to use when the package has several
 * @param timeoutMs hard deadline for npm, in milliseconds
 * @returns the installed bin, or why not; never throws
 */
export async function installPackage(
  name: string,
  version: string,
  dir: string,
  env: Record<string, string>,
  bin: string | undefined,
  timeoutMs: number,
): Promise<InstallOutcome> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-save', '--loglevel=error', '--prefix', dir, `${name}@${version}`];
  const run = await new Promise<{ code: number | null; timedOut: boolean; stderr: string; error?: string }>((resolve) => {
    const child = spawn(npm, args, {
      env,
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: process.platform !== 'win32',
      shell: process.platform === 'win32',
    });
    let stderr = '';
    let timedOut = false;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid !== undefined) process.kill(process.platform === 'win32' ? child.pid : -child.pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }, timeoutMs);
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ code: null, timedOut, stderr, error: error.code ?? 'error' });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, timedOut, stderr });
    });
  });
  if (run.timedOut) return { ok: false, message: `npm install ${name}@${version} did not finish within ${Math.round(timeoutMs / 1000)} s` };
  if (run.error !== undefined) return { ok: false, message: `npm could not be started (${run.error})` };
  if (run.code !== 0) return { ok: false, message: `npm install ${name}@${version} failed (exit ${run.code})`, detail: run.stderr.trim() };
  return resolveBin(dir, name, bin);
}

/**
 * The installed version of `name` under `dir` and the absolute path of its bin script.
 * @param bin which bin to use when the package has several
 * @returns the bin, or why it cannot be found; throws only when the installed package.json is not JSON
 */
export function resolveBin(dir: string, name: string, bin: string | undefined): InstallOutcome {
  const manifestPath = path.join(dir, 'node_modules', ...name.split('/'), 'package.json');
  if (!existsSync(manifestPath)) return { ok: false, message: `${name} is not in ${path.basename(dir)}/node_modules after npm install` };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version?: unknown; bin?: unknown };
  let relative: string | undefined;
  if (typeof manifest.bin === 'string') relative = manifest.bin;
  else if (manifest.bin !== null && typeof manifest.bin === 'object') {
    const bins = manifest.bin as Record<string, string>;
    const names = Object.keys(bins);
    if (bin !== undefined) relative = bins[bin];
    else if (names.length === 1) relative = bins[names[0]!];
    else return { ok: false, message: `${name} has several bins (${names.join(', ')}) and no launch hint names one` };
  }
  if (typeof relative !== 'string') return { ok: false, message: `${name} has no bin${bin === undefined ? '' : ` named ${bin}`}` };
  return { ok: true, installed: { version: String(manifest.version), binPath: path.join(path.dirname(manifestPath), relative) } };
}
