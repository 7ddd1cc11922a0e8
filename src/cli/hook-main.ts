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
import { HOOK_HARD_STOP_MS } from '../clients/claude-code-hooks.ts';
import { EXIT, complain } from './io.ts';
import { messageOf } from '../core/errors.ts';
import { fdSink, standardInput } from '../node/stdio-fd.ts';

/**
 * End the process at {@link HOOK_HARD_STOP_MS} after it started, whatever
 * it is doing (a log write stuck on a loaded disk, exit handlers): exit 0
 * once the answer is out, else a blocking reason on stderr and exit 2,
 * which every agent's hook treats as a block. The timer is unreferenced, so
 * it never keeps the process alive; it cannot interrupt synchronous work.
 */
function watchdog(processStart: number, answered: () => boolean): void {
  setTimeout(
    () => {
      if (answered()) process.exit(0);
      try {
        process.stderr.write(`rclass: the hook did not finish within ${HOOK_HARD_STOP_MS / 1000} s of starting; the call is blocked rather than let through\n`);
      } finally {
        process.exit(2);
      }
    },
    Math.max(0, processStart + HOOK_HARD_STOP_MS - Date.now()),
  ).unref();
}

/**
 * Run `rclass hook` on the real process: `process.argv` (whose first word
 * after the script must be `hook`), the standard streams and environment.
 * The deadline counts from `processStart`, and a watchdog ends the process
 * by {@link HOOK_HARD_STOP_MS} after it.
 * @param processStart ms since the epoch: the process's start when run from the bundle (`hook-launch.ts` passes
 *   the process start from `process.uptime()`), now when run from source through tsx, whose compiling must not eat the deadline. Ends the
 * process once the answer is flushed, rather than wait for stdin or for
 * work cut off by the deadline.
 */
export async function main(processStart = Date.now()): Promise<void> {
  let answered = false;
  watchdog(processStart, () => answered);
  const brokenPipe = (): never => process.exit(process.exitCode ?? 0);
  const stdoutStream = (): NodeJS.WritableStream => {
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') brokenPipe();
      throw error;
    });
    return process.stdout;
  };
  // The descriptors, not process.stdin/stdout: building those streams was about 4 ms of a decision (issue 14).
  const sink = fdSink(1, stdoutStream, brokenPipe);
  const stdout = {
    get usedStream() {
      return sink.usedStream;
    },
    write(text: string): void {
      sink.write(text);
      answered = true;
    },
  };
  const stderr = fdSink(
    2,
    () => process.stderr,
    () => undefined,
  );
  const io = { stdin: standardInput(), stdout, stderr, env: process.env, cwd: process.cwd() };
  let code: number;
  try {
    code = await hookCommand(process.argv.slice(3), io, processStart);
  } catch (error) {
    complain(io, `internal error: ${messageOf(error)}`);
    code = EXIT.incomplete;
  }
  process.exitCode = code;
  if (stdout.usedStream) process.stdout.write('', () => process.exit(code));
  else process.exit(code);
}
