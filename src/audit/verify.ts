/**
 * `rclass audit verify`: recompute the audit log's hash chain (SPEC 10.3).
 *
 * Every line must be a JSON object written as rclass writes it, whose
 * `hash` is the SHA-256 of its canonical JSON without `hash`, whose `seq`
 * is its line number and whose `prev_hash` is the previous line's `hash`
 * (64 zeros for the first). A changed, removed, inserted or reordered line
 * fails; so does a line cut short. Passing proves the file is consistent,
 * not that it is complete or authentic: whoever can write the file can
 * rewrite the whole chain. Node-only.
 */
import { GENESIS_HASH, entryHash, isSha256Hex } from './chain.ts';
import { MAX_LOG_LINE_BYTES, type LogLine, readLogLines } from './lines.ts';

/** The first line that fails, 1-based, and why. */
export interface BadLine {
  line: number;
  reason: string;
}

/** The verdict on a whole log. */
export interface VerifyResult {
  ok: boolean;
  /** Lines read (up to and including the first bad one). */
  lines: number;
  /** The first bad line, when `ok` is false. */
  bad?: BadLine;
}

/**
 * Check one line against the chain so far.
 * @param line the line
 * @param number its 1-based line number, which its `seq` must equal
 * @param previous the previous line's `hash` (64 zeros before the first)
 * @returns the line's `hash` when it is sound, or why it is not
 */
export function checkLine(line: LogLine, number: number, previous: string): { hash: string } | { reason: string } {
  if (line.tooLong) return { reason: `longer than ${MAX_LOG_LINE_BYTES} bytes` };
  if (line.text === '') return { reason: 'empty' };
  let value: unknown;
  try {
    value = JSON.parse(line.text);
  } catch {
    return { reason: 'not JSON (changed, or cut short)' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { reason: 'not a JSON object' };
  const entry = value as Record<string, unknown>;
  if (JSON.stringify(entry) !== line.text) return { reason: 'not written as rclass writes a line (spacing changed or a key repeated)' };
  if (!isSha256Hex(entry.hash)) return { reason: 'has no `hash`' };
  let computed: string;
  try {
    computed = entryHash(entry);
  } catch {
    return { reason: 'cannot be hashed' };
  }
  if (computed !== entry.hash) return { reason: '`hash` does not match the line\'s content: the line was changed' };
  if (entry.seq !== number) {
    return { reason: `\`seq\` is ${JSON.stringify(entry.seq)} where ${number} was expected: a line was removed, inserted or reordered` };
  }
  if (entry.prev_hash !== previous) {
    return { reason: `\`prev_hash\` is not the ${number === 1 ? 'genesis value (64 zeros)' : `\`hash\` of line ${number - 1}`}: a line was removed, inserted or reordered` };
  }
  return { hash: entry.hash };
}

/**
 * Verify a sequence of lines (SPEC 10.3).
 * @returns ok, or the first bad line
 */
export async function verifyLines(lines: AsyncIterable<LogLine> | Iterable<LogLine>): Promise<VerifyResult> {
  let previous = GENESIS_HASH;
  let number = 0;
  for await (const line of lines) {
    number += 1;
    const checked = checkLine(line, number, previous);
    if ('reason' in checked) return { ok: false, lines: number, bad: { line: number, reason: checked.reason } };
    previous = checked.hash;
  }
  return { ok: true, lines: number };
}

/**
 * Verify a log file (SPEC 10.3).
 * @param file the log's path
 * @returns ok, or the first bad line; an empty file is ok
 * @throws the file system's error when the file cannot be read (`ENOENT` for a missing file)
 */
export async function verifyAuditFile(file: string): Promise<VerifyResult> {
  return verifyLines(readLogLines(file));
}
