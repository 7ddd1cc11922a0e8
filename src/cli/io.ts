/**
 * What a command gets from the outside world, so the CLI runs the same in
 * a terminal, in a test (injected streams) and as a child process.
 */

/** Something text can be written to: `process.stdout`, or a test's collector. */
export interface TextSink {
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

/** Write `rclass: <message>` and a newline to stderr. */
export function complain(io: CliIO, message: string): void {
  io.stderr.write(`rclass: ${message}\n`);
}

/**
 * Read all of stdin as UTF-8 text.
 * @param limit the largest number of bytes accepted
 * @throws UsageError when stdin holds more than `limit` bytes
 */
export async function readStdin(io: CliIO, limit: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const encoder = new TextEncoder();
  for await (const chunk of io.stdin) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    size += bytes.byteLength;
    if (size > limit) throw new UsageError(`stdin holds more than ${limit} bytes`);
    chunks.push(bytes);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder('utf-8').decode(all);
}
