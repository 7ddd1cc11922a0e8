/**
 * The packed package installs: `npm pack` into a temporary folder, then the
 * tarball installed into another with install scripts on, and `npm install`
 * run inside the unpacked package itself. Regression (issue 15): the tarball
 * carried `prepare: tsx scripts/prepare.ts`, which npm runs on those installs
 * (npm 11 lists it as an install script to approve) and which needs scripts/
 * and tsx, neither shipped; `npm install` in the unpacked package exited 127.
 * The dependencies come from the npm registry.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../cli/harness.ts';

/** Scripts npm runs when it installs a package (docs.npmjs.com/cli/v11/using-npm/scripts, "npm install"). */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let tarball = '';
let files: string[] = [];

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
}, 300_000);

function npm(args: string[], cwd: string): { code: number | null; output: string } {
  const result = spawnSync(NPM, [...args, '--ignore-scripts=false', '--no-audit', '--no-fund'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_loglevel: 'warn' },
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

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

  it('installs from the tarball into another folder with scripts on, without an install script to approve, and runs', () => {
    const app = tempDir();
    writeFileSync(path.join(app, 'package.json'), '{ "name": "app", "version": "1.0.0", "private": true }\n');
    const installed = npm(['install', tarball], app);
    expect(installed.code, installed.output).toBe(0);
    expect(installed.output).not.toContain('install scripts');
    const version = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version as string;
    expect(execFileSync(path.join(app, 'node_modules', '.bin', 'rclass'), ['--version'], { encoding: 'utf8' })).toBe(`rclass ${version}\n`);
  }, 300_000);

  it("regression: the README's `npm install -g ./reversibility-classes-<version>.tgz`, run as written next to the tarball, puts a working `rclass` on PATH", () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const line = /^(npm install -g \.\/reversibility-classes-[^\s]+\.tgz)/m.exec(readme)?.[1];
    expect(line).toBe(`npm install -g ./${path.basename(tarball)}`);
    // -g into a scratch prefix (npm's `prefix` setting), never this machine's global folder.
    const prefix = tempDir();
    const installed = spawnSync('sh', ['-c', `${line} --no-audit --no-fund`], {
      cwd: path.dirname(tarball),
      encoding: 'utf8',
      env: { ...process.env, npm_config_prefix: prefix, npm_config_loglevel: 'warn' },
    });
    expect(installed.status, `${installed.stdout}${installed.stderr}`).toBe(0);
    const version = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version as string;
    const elsewhere = tempDir();
    const ran = spawnSync('sh', ['-c', 'rclass --version'], {
      cwd: elsewhere,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${path.join(prefix, 'bin')}${path.delimiter}${process.env.PATH ?? ''}` },
    });
    expect(ran.stdout).toBe(`rclass ${version}\n`);
  }, 300_000);

  it('`npm install` inside the unpacked package succeeds (it exited 127: tsx scripts/prepare.ts)', () => {
    const unpacked = tempDir();
    mkdirSync(unpacked, { recursive: true });
    execFileSync('tar', ['-xzf', tarball, '-C', unpacked]);
    const installed = npm(['install', '--omit=dev'], path.join(unpacked, 'package'));
    expect(installed.code, installed.output).toBe(0);
  }, 300_000);
});
