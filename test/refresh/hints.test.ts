/**
 * Launch hints (src/refresh/hints.ts): the live fixtures read as data, and
 * their placeholders: `<tmpdir>` for a fresh folder, `<file:NAME>` for a
 * file holding the fixture's `files[NAME]` (a dummy kubeconfig, say), in
 * arguments and environment values alike.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { placeValue, readLaunchHints } from '../../src/refresh/hints.ts';
import { namesScratch } from '../../src/refresh/scratch-names.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function hintsDir(id: string, fixture: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rclass-hints-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, `${id}.json`), JSON.stringify(fixture));
  return dir;
}

const place = { dir: () => '/scratch/dir-1', file: (name: string) => `/scratch/files/${name}` };

describe('launch hints', () => {
  it('replaces <tmpdir> and <file:NAME> and leaves every other value as it is', () => {
    expect(['<tmpdir>', '<file:kubeconfig>', '--kubeconfig', 'x<file:kubeconfig>', '<file:../x>'].map((value) => placeValue(value, place))).toEqual([
      '/scratch/dir-1',
      '/scratch/files/kubeconfig',
      '--kubeconfig',
      'x<file:kubeconfig>',
      '<file:../x>',
    ]);
  });

  it('gives each run the fixture-level files its placeholders name', () => {
    const dir = hintsDir('k', {
      package: 'kubernetes-mcp-server',
      version: '0.0.66',
      files: { kubeconfig: 'apiVersion: v1\n' },
      runs: [
        { args: ['--kubeconfig', '<file:kubeconfig>'], env: {}, tools: [] },
        { args: [], env: { KUBECONFIG: '<file:kubeconfig>' }, tools: [] },
      ],
    });
    const hints = readLaunchHints(dir, 'hints', 'k')!;
    expect(hints.runs.map((run) => [run.label, run.files])).toEqual([
      ['fixture run 1', { kubeconfig: 'apiVersion: v1\n' }],
      ['fixture run 2', { kubeconfig: 'apiVersion: v1\n' }],
    ]);
  });

  it('refuses a run whose <file:NAME> the fixture does not hold, naming the file and run', () => {
    const dir = hintsDir('k', { package: 'p', version: '1.0.0', runs: [{ args: [], env: { KUBECONFIG: '<file:kubeconfig>' }, tools: [] }] });
    expect(() => readLaunchHints(dir, 'hints', 'k')).toThrow('hints/k.json: run 1 uses `<file:kubeconfig>`, which `files` does not hold');
  });
});

describe('fingerprints of definitions that name where the server runs', () => {
  it('a definition naming the run folder gets no fingerprint; one that does not, keeps it', () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'rclass-hints-'));
    dirs.push(scratch);
    const named = { name: 'download_figma_images', definition: { description: `Images will be saved relative to the server's image directory: ${scratch}` } };
    expect(namesScratch(named, scratch)).toBe(true);
    expect(namesScratch({ name: 'get_figma_data', definition: { description: 'Get the layout of a Figma file.' } }, scratch)).toBe(false);
  });
});
