/**
 * Run `scripts/evidence.ts` as `npm run evidence` would, in a child process
 * with a minimal environment: no real token, no real cache. The child runs
 * the script's bundle (test/script-bundle.ts), not the source through tsx.
 */
import { execFile } from 'node:child_process';
import { ROOT } from '../../../scripts/lib/paths.ts';
import { scriptBundle } from '../../script-bundle.ts';

/** What the command printed and how it exited. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Run the evidence command.
 * @param env variables added to a minimal environment (`PATH` only)
 * @param args arguments after the script (`--write-excerpts`)
 * @returns exit code and output; never rejects on a non-zero exit (rejects when the script does not bundle)
 */
export async function runEvidenceCli(env: Record<string, string>, args: readonly string[] = []): Promise<CliResult> {
  const script = await scriptBundle('scripts/evidence.ts');
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error !== null && typeof error.code !== 'number') reject(error);
        else resolve({ code: error === null ? 0 : (error.code as number), stdout, stderr });
      },
    );
  });
}
