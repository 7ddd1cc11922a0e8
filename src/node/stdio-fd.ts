/**
 * The process's standard streams used through their file descriptors,
 * without `process.stdin`/`process.stdout`: building those streams (a
 * `net.Socket` for a pipe, an `fs.ReadStream` for a file) and their
 * machinery cost a hook process about 4 ms of CPU to read its input,
 * `fs.read` about 1 ms (measured on Node 20, issue 14).
 *
 * Input from a regular file is read with `fs.read` on descriptor 0. A pipe,
 * socket or terminal is read through `process.stdin`, on the event loop:
 * `fs.read` there blocks one of libuv's pool threads until the writer sends
 * more or closes, and Node joins those threads when the process exits, so a
 * payload left half-written with stdin open kept the hook's process alive
 * after its answer until the writer went away (issue 23: the answer "after 8
 * s" came after 20 s, past the agent's timeout). Output is written with
 * `fs.writeSync` (the hook writes one short answer). A descriptor in
 * non-blocking mode (`EAGAIN`) falls back to the stream for the rest.
 * Node-only.
 */
import { fstatSync, read, writeSync } from 'node:fs';

const CHUNK_BYTES = 64 * 1024;

function readOnce(buffer: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    read(0, buffer, 0, buffer.length, null, (error, bytesRead) => (error === null ? resolve(bytesRead) : reject(error)));
  });
}

/**
 * Standard input, chunk by chunk, until its end: `fs.read` for a regular file, `process.stdin` otherwise.
 * @throws the file system's error other than `EAGAIN` (e.g. `EBADF` when there is no standard input)
 */
export async function* standardInput(): AsyncGenerator<Uint8Array> {
  let file = false;
  try {
    file = fstatSync(0).isFile();
  } catch {
    // No descriptor 0 to inspect: the stream reports what is wrong.
  }
  if (!file) {
    for await (const chunk of process.stdin) yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Uint8Array);
    return;
  }
  for (;;) {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let bytesRead: number;
    try {
      bytesRead = await readOnce(buffer);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      for await (const chunk of process.stdin) yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Uint8Array);
      return;
    }
    if (bytesRead === 0) return;
    yield buffer.subarray(0, bytesRead);
  }
}

/** A text sink writing to a descriptor synchronously; see {@link fdSink}. */
export interface FdSink {
  write(text: string): void;
  /** Whether the stream had to take over (non-blocking descriptor); it must then be flushed before exit. */
  readonly usedStream: boolean;
}

/**
 * A sink for descriptor 1 or 2 that writes synchronously, and hands the
 * rest to `stream` if the descriptor would block (`EAGAIN`).
 * @param onBrokenPipe called on `EPIPE` (the reader is gone)
 * @throws the file system's error other than `EAGAIN` and `EPIPE`
 */
export function fdSink(fd: 1 | 2, stream: () => NodeJS.WritableStream, onBrokenPipe: () => void): FdSink {
  let usedStream = false;
  return {
    get usedStream() {
      return usedStream;
    },
    write(text: string): void {
      if (usedStream) {
        stream().write(text);
        return;
      }
      let bytes = Buffer.from(text, 'utf8');
      while (bytes.length > 0) {
        try {
          bytes = bytes.subarray(writeSync(fd, bytes));
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'EPIPE') {
            onBrokenPipe();
            return;
          }
          if (code !== 'EAGAIN') throw error;
          usedStream = true;
          stream().write(bytes);
          return;
        }
      }
    },
  };
}
