/**
 * The entry of `rclass hook` alone (its own bundle, `build/cli/hook.cjs`,
 * which `bin/rclass.mjs` runs through `hook-launch.ts` when the first
 * argument is `hook`). It
 * imports only the hook command, so a hook process never loads the other
 * commands, the MCP SDK, ajv or the YAML parser (issue 14: loading them was
 * most of a decision's time). Behaves exactly as `rclass hook` through
 * {@link import('./main.ts').main}: exit 0 with one JSON object, and an
 * unexpected error reported on stderr with exit 3.
 */
import { hookCommand } from './commands/hook.ts';
import { EXIT, complain } from './io.ts';
import { messageOf } from '../core/errors.ts';
import { fdSink, standardInput } from '../node/stdio-fd.ts';

/**
 * Run `rclass hook` on the real process: `process.argv` (whose first word
 * after the script must be `hook`), the standard streams and environment.
 * Ends the process once the answer is flushed, rather than wait for stdin
 * or for work cut off by the deadline.
 */
export async function main(): Promise<void> {
  const brokenPipe = (): never => process.exit(process.exitCode ?? 0);
  const stdoutStream = (): NodeJS.WritableStream => {
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') brokenPipe();
      throw error;
    });
    return process.stdout;
  };
  // The descriptors, not process.stdin/stdout: building those streams was about 4 ms of a decision (issue 14).
  const stdout = fdSink(1, stdoutStream, brokenPipe);
  const stderr = fdSink(
    2,
    () => process.stderr,
    () => undefined,
  );
  const io = { stdin: standardInput(), stdout, stderr, env: process.env, cwd: process.cwd() };
  let code: number;
  try {
    code = await hookCommand(process.argv.slice(3), io);
  } catch (error) {
    complain(io, `internal error: ${messageOf(error)}`);
    code = EXIT.incomplete;
  }
  process.exitCode = code;
  if (stdout.usedStream) process.stdout.write('', () => process.exit(code));
  else process.exit(code);
}
