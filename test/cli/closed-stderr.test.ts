/**
 * A usage error exits 2 even when nobody reads stderr (issue 15): the write
 * fails with EPIPE, which must change neither the exit code nor crash.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from './harness.ts';
import { testedBin } from './tested-bin.ts';

/** Run `rclass <argv…>` (the run's fresh bundle) with stderr a pipe whose reading end is already closed. */
function exitWithClosedStderr(argv: string[]): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [testedBin(), ...argv], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr.destroy();
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout }));
  });
}

describe('a closed stderr', () => {
  it('an unknown option still exits 2 (it exited 1 on an unhandled EPIPE)', async () => {
    expect(await exitWithClosedStderr(['lookup', '--x'])).toEqual({ code: 2, signal: null, stdout: '' });
  }, 60_000);

  it('an unknown command still exits 2', async () => {
    expect(await exitWithClosedStderr(['nope'])).toEqual({ code: 2, signal: null, stdout: '' });
  }, 60_000);
});
