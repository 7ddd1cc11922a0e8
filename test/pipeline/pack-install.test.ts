/**
 * The packed package installs: `npm pack` into a temporary folder, then the
 * tarball installed into another with install scripts on, and `npm install`
 * run inside the unpacked package itself. Regression (issue 15): the tarball
 * carried `prepare: tsx scripts/prepare.ts`, which npm runs on those installs
 * (npm 11 lists it as an install script to approve) and which needs scripts/
 * and tsx, neither shipped; `npm install` in the unpacked package exited 127.
 * The dependencies come from the npm registry. The two installs are
 * independent and mostly wait on the network, so they start together once
 * the tarball is packed and each test reads its own install's outcome (issue
 * 30: one after another they took 107 s, the unpacked package's 81 s of it).
 *
 * Two installs, not three (issue 30: each costs 15-20 processor-seconds).
 * A third, `npm install <tarball>` into an app folder, pinned that the
 * tarball installs with install scripts on, without npm's warning about
 * install scripts to approve, and that the installed bin runs. The README's
 * global install pins all three: it is the same `npm install` of the same
 * tarball with scripts on (only the destination differs, `-g` into a scratch
 * prefix), npm 11 prints the same `install-scripts` warning for global
 * installs (lib/utils/reify-output.js, `unreviewedScriptsMessage`), and its
 * `rclass` runs from PATH through the same bin link. Its test now checks the
 * warning too. The install inside the unpacked package stays: it is the one
 * that runs the package's own lifecycle scripts, where issue 15's `prepare`
 * exited 127.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../cli/harness.ts';

/** Scripts npm runs when it installs a package (docs.npmjs.com/cli/v11/using-npm/scripts, "npm install"). */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let tarball = '';
let files: string[] = [];

/** An install's outcome: its exit code (null if a signal ended it) and its output, stdout then stderr. */
interface Outcome {
  code: number | null;
  output: string;
}

/** Run a command without blocking this worker; resolves when it ends, never rejects. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      resolve({ code, output: `${stdout}${stderr}${error !== null && code === null ? String(error) : ''}` });
    });
  });
}

function npm(args: string[], cwd: string): Promise<Outcome> {
  return run(NPM, [...args, '--ignore-scripts=false', '--no-audit', '--no-fund'], cwd, { ...process.env, npm_config_loglevel: 'warn' });
}

const version = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version as string;
const readmeLine = /^(npm install -g \.\/reversibility-classes-[^\s]+\.tgz)/m.exec(readFileSync(path.join(ROOT, 'README.md'), 'utf8'))?.[1];

/** The README's global install line run next to the tarball, into a scratch prefix (npm's `prefix` setting). */
let global: Promise<Outcome & { prefix: string }>;
/** `npm install --omit=dev` inside the unpacked package. */
let unpackedInstall: Promise<Outcome>;

beforeAll(() => {
  const destination = tempDir();
  // Packing runs `prepack` (the CLI bundle), as a real `npm pack` does.
  const packed = JSON.parse(
    execFileSync(NPM, ['pack', '--json', '--pack-destination', destination], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    }).replace(/^[^[]*/s, ''),
  ) as { filename: string; files: { path: string }[] }[];
  tarball = path.join(destination, packed[0]!.filename);
  files = packed[0]!.files.map((file) => file.path);

  // -g into a scratch prefix, never this machine's global folder. Without the README's line the test fails on it.
  const prefix = tempDir();
  global =
    readmeLine === undefined
      ? Promise.resolve({ code: null, output: 'no README line', prefix })
      : run('sh', ['-c', `${readmeLine} --no-audit --no-fund`], destination, {
          ...process.env,
          npm_config_prefix: prefix,
          npm_config_loglevel: 'warn',
          // Install scripts on (the test pins that none needs approving), whatever this machine's npm configuration says.
          npm_config_ignore_scripts: 'false',
        }).then((outcome) => ({ ...outcome, prefix }));

  const unpacked = tempDir();
  mkdirSync(unpacked, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', unpacked]);
  unpackedInstall = npm(['install', '--omit=dev'], path.join(unpacked, 'package'));
}, 300_000);

describe('the packed package', () => {
  it('carries no install-time script that names a file it does not ship', () => {
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as { scripts?: Record<string, string> };
    const installScripts = Object.entries(manifest.scripts ?? {}).filter(([name]) => INSTALL_SCRIPTS.includes(name));
    for (const [name, command] of installScripts) {
      for (const word of command.split(/\s+/).filter((w) => /^[\w.-]+\/[\w./-]+$/.test(w))) expect(files, `${name}: ${command}`).toContain(word);
    }
    expect(installScripts).toEqual([]);
    expect(files).toContain('build/cli/rclass.mjs');
  });

  it("regression: the README's `npm install -g ./reversibility-classes-<version>.tgz`, run as written next to the tarball with scripts on, needs no install script approved and puts a working `rclass` on PATH", async () => {
    expect(readmeLine).toBe(`npm install -g ./${path.basename(tarball)}`);
    const installed = await global;
    expect(installed.code, installed.output).toBe(0);
    expect(installed.output).not.toContain('install scripts');
    const elsewhere = tempDir();
    const ran = spawnSync('sh', ['-c', 'rclass --version'], {
      cwd: elsewhere,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${path.join(installed.prefix, 'bin')}${path.delimiter}${process.env.PATH ?? ''}` },
    });
    expect(ran.stdout).toBe(`rclass ${version}\n`);
  }, 300_000);

  it('`npm install` inside the unpacked package succeeds (it exited 127: tsx scripts/prepare.ts)', async () => {
    const installed = await unpackedInstall;
    expect(installed.code, installed.output).toBe(0);
  }, 300_000);
});
