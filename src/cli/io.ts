import path from 'node:path';
import { readBounded } from '../node/read-bounded.ts';
import { messageOf } from '../core/errors.ts';
import { safeText } from '../core/safe-text.ts';

/**
 * What a command gets from the outside world, so the CLI runs the same in
 * a terminal, in a test (injected streams) and as a child process.
 */

/** Something text can be written to: `process.stdout`, or a test's collector. */
interface TextSink {
  write(chunk: string): unknown;
}

/** The CLI's view of its process. */
export interface CliIO {
  /** Read only by `--args -`. */
  stdin: AsyncIterable<string | Uint8Array>;
  stdout: TextSink;
  stderr: TextSink;
  env: Readonly<Record<string, string | undefined>>;
  /** Relative paths in arguments are resolved against this directory. */
  cwd: string;
}

/** Exit codes (the same for every command). */
export const EXIT = {
  /** Done. */
  ok: 0,
  /** A threshold the user set was met (`lookup --fail-on`). */
  threshold: 1,
  /** The command line was wrong; nothing was done. */
  usage: 2,
  /** The answer is incomplete: an entry could not be identified for a reason the user should fix, or the registry could not be read. */
  incomplete: 3,
} as const;

/** A mistake in the command line: the message is shown with the command's usage, and the exit code is 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Write `rclass: <message>` and a newline to stderr, with control and bidirectional-override characters removed. */
export function complain(io: CliIO, message: string): void {
  // Messages quote configuration words (server names, options): no escape sequence from them reaches the terminal.
  io.stderr.write(`rclass: ${safeText(message, { keepTabAndNewline: true })}\n`);
}

/**
 * Read all of stdin as UTF-8 text.
 * @param limit the largest number of bytes accepted
 * @throws UsageError when stdin holds more than `limit` bytes
 */
export async function readStdin(io: CliIO, limit: number): Promise<string> {
  const read = await readBounded(io.stdin, limit);
  if (!read.ok) throw new UsageError(`stdin holds more than ${limit} bytes`);
  return read.text;
}

/**
 * Write a command's output to `--out FILE` atomically, or to stdout when no
 * file is named, and say where it went.
 * @returns `done` on success; EXIT.incomplete when the file cannot be written (the message is on stderr)
 */
export async function writeOutput(io: CliIO, out: string | undefined, text: string, done: number): Promise<number> {
  if (out === undefined) {
    io.stdout.write(text);
    return done;
  }
  try {
    // Loaded here, not at the top: the hook imports this module and never writes `--out` (issue 14).
    const { writeAtomic } = await import('../node/write-atomic.ts');
    await writeAtomic(path.resolve(io.cwd, out), text);
  } catch (error) {
    complain(io, `cannot write \`${out}\`: ${(error as NodeJS.ErrnoException).code ?? messageOf(error)}`);
    return EXIT.incomplete;
  }
  complain(io, `wrote \`${out}\``);
  return done;
}
