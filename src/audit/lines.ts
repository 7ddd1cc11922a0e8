/**
 * Reading a log file line by line with a bound on each line, so a damaged
 * or hostile file cannot make `rclass audit` hold a gigabyte line in
 * memory. Node-only.
 */
import { createReadStream } from 'node:fs';

/** One line of the file: its text (without the newline), or `tooLong` when it exceeded the bound. */
export type LogLine = { text: string; tooLong: false } | { text: ''; tooLong: true };

/** The largest line read (bytes); longer lines are reported as too long. */
export const MAX_LOG_LINE_BYTES = 1024 * 1024;

/**
 * The lines of a file, in order. A final newline does not start another
 * line; text after the last newline is a line of its own (a torn write).
 * @param file the path
 * @param maxLineBytes longer lines are yielded as `tooLong`
 * @throws the file system's error when the file cannot be opened or read (`ENOENT` for a missing file)
 */
export async function* readLogLines(file: string, maxLineBytes = MAX_LOG_LINE_BYTES): AsyncGenerator<LogLine> {
  let parts: Buffer[] = [];
  let size = 0;
  let started = false;
  let tooLong = false;
  const take = (piece: Buffer): void => {
    started = true;
    if (tooLong) return;
    if (size + piece.length > maxLineBytes) {
      tooLong = true;
      parts = [];
      size = 0;
      return;
    }
    parts.push(Buffer.from(piece));
    size += piece.length;
  };
  const flush = (): LogLine => {
    const line: LogLine = tooLong ? { text: '', tooLong: true } : { text: Buffer.concat(parts, size).toString('utf8'), tooLong: false };
    parts = [];
    size = 0;
    started = false;
    tooLong = false;
    return line;
  };
  for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let newline = chunk.indexOf(0x0a, start); newline >= 0; newline = chunk.indexOf(0x0a, start)) {
      take(chunk.subarray(start, newline));
      yield flush();
      start = newline + 1;
    }
    if (start < chunk.length) take(chunk.subarray(start));
  }
  if (started) yield flush();
}
