/**
 * The entry of `rclass hook` alone (its own bundle, `build/cli/hook.mjs`,
 * which `bin/rclass.mjs` loads when the first argument is `hook`). It
 * imports only the hook command, so a hook process never loads the other
 * commands, the MCP SDK, ajv or the YAML parser (issue 14: loading them was
 * most of a decision's time). Behaves exactly as `rclass hook` through
 * {@link import('./main.ts').main}: exit 0 with one JSON object, and an
 * unexpected error reported on stderr with exit 3.
 */
import { hookCommand } from './commands/hook.ts';
import { EXIT, complain } from './io.ts';
import { messageOf } from '../core/errors.ts';

/**
 * Run `rclass hook` on the real process: `process.argv` (whose first word
 * after the script must be `hook`), the standard streams and environment.
 * Ends the process once the answer is flushed, rather than wait for stdin
 * or for work cut off by the deadline.
 */
export async function main(): Promise<void> {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  const io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
  let code: number;
  try {
    code = await hookCommand(process.argv.slice(3), io);
  } catch (error) {
    complain(io, `internal error: ${messageOf(error)}`);
    code = EXIT.incomplete;
  }
  process.exitCode = code;
  process.stdout.write('', () => process.exit(code));
}
