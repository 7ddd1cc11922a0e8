/**
 * `rclass audit verify`: recompute the audit log's hash chain (SPEC 10.3).
 *
 * Every line must be a JSON object written as rclass writes it, whose
 * `hash` is the SHA-256 of its canonical JSON without `hash`, whose `seq`
 * is its line number and whose `prev_hash` is the previous line's `hash`
 * (64 zeros for the first). A changed, removed, inserted or reordered line
 * fails; so does a line cut short. Passing proves the file is consistent,
 * not that it is complete or authentic: whoever can write the file can
 * rewrite the whole chain. Checked against an anchor ({@link verifyAnchored})
 * it also proves the log reaches every head the anchor recorded. Node-only.
 */
import { GENESIS_HASH, decisionDigest, entryHash, isSha256Hex } from './chain.ts';
import { MAX_LOG_LINE_BYTES, type LogLine, readLogLines } from './lines.ts';
import type { AnchorHeads, ChainHead } from './anchor.ts';

/** The first line that fails, 1-based, and why. */
interface BadLine {
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
function checkLine(line: LogLine, number: number, previous: string): { hash: string } | { reason: string } {
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
  if (computed !== entry.hash) return { reason: "`hash` does not match the line's content: the line was changed" };
  if (entry.seq !== number) {
    return { reason: `\`seq\` is ${JSON.stringify(entry.seq)} where ${number} was expected: a line was removed, inserted or reordered` };
  }
  if (entry.prev_hash !== previous) {
    return {
      reason: `\`prev_hash\` is not the ${number === 1 ? 'genesis value (64 zeros)' : `\`hash\` of line ${number - 1}`}: a line was removed, inserted or reordered`,
    };
  }
  return { hash: entry.hash };
}

/**
 * Verify a sequence of lines (SPEC 10.3).
 * @returns ok, or the first bad line
 */
async function verifyLines(lines: AsyncIterable<LogLine> | Iterable<LogLine>): Promise<VerifyResult> {
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

/** Why a sound chain does not verify against its anchor (SPEC 10.3). */
type AnchorFailureKind = 'truncated' | 'rewritten' | 'backward' | 'no-head' | 'pending-lost';

/** The verdict on a log checked against an anchor's heads (SPEC 10.3). */
export interface AnchoredResult extends VerifyResult {
  /** The last head the anchor holds, when it holds any. */
  anchored?: ChainHead;
  /** Why the log does not reach the anchor, when the chain holds but the anchor says otherwise. */
  anchorFailure?: { kind: AnchorFailureKind; message: string };
  /** Lines after the last anchored head (appended after the anchor was last written, or while it could not be). */
  unanchored: number;
}

/**
 * Verify a log file and prove it reaches the heads an anchor recorded
 * (SPEC 10.3): every anchored `seq` must be a line of the log with the
 * anchored `hash`, so lines cut from the end (the log stops before the last
 * anchored `seq`) and a chain rewritten from an edited line onward (a hash
 * differs from the anchored one at the same `seq`) both fail. So does an
 * anchor whose heads went back ({@link AnchorHeads.backward}): heads only
 * move forward, and a lower one must never lower what the log must reach
 * (issue 23, item 5). Every pending mark of the anchor (a decision written
 * to the pending folder while the lock was held elsewhere) must be a line of
 * the log or still wait in the pending folder; one that is neither had its
 * pending file deleted before it was chained in.
 * @param anchor the anchor's heads, in order, the first that went back and
 *   its pending marks ({@link readAnchorHeads})
 * @param waiting the {@link decisionDigest} of every decision now in the
 *   log's pending folder (empty when none)
 * @returns the chain's verdict, and the anchor's when the chain holds
 * @throws the file system's error when the log cannot be read
 */
export async function verifyAnchored(
  file: string,
  anchor: Pick<AnchorHeads, 'heads' | 'backward'> & Partial<Pick<AnchorHeads, 'pending'>>,
  waiting: readonly string[] = [],
): Promise<AnchoredResult> {
  const { heads, backward } = anchor;
  const marks = new Set(anchor.pending ?? []);
  for (const digest of waiting) marks.delete(digest);
  const last = heads.at(-1);
  if (last === undefined) {
    const chain = await verifyAuditFile(file);
    return {
      ...chain,
      unanchored: chain.lines,
      anchorFailure: { kind: 'no-head', message: 'the anchor holds no chain head, so it proves nothing about the log' },
    };
  }
  const expected = new Map(heads.map((head) => [head.seq, head.hash]));
  let previous = GENESIS_HASH;
  let number = 0;
  let mismatch: ChainHead | undefined;
  for await (const line of readLogLines(file)) {
    number += 1;
    const checked = checkLine(line, number, previous);
    if ('reason' in checked) return { ok: false, lines: number, bad: { line: number, reason: checked.reason }, anchored: last, unanchored: 0 };
    previous = checked.hash;
    if (marks.size > 0) marks.delete(decisionDigest(JSON.parse(line.text) as Record<string, unknown>));
    const want = expected.get(number);
    if (mismatch === undefined && want !== undefined && want !== checked.hash) mismatch = { seq: number, hash: checked.hash };
  }
  const anchorFailed = (kind: Exclude<AnchorFailureKind, 'no-head'>, message: string): AnchoredResult => ({
    ok: false,
    lines: number,
    anchored: last,
    unanchored: 0,
    anchorFailure: { kind, message },
  });
  if (backward !== undefined) {
    return anchorFailed(
      'backward',
      `the anchor's heads go back: line ${backward.line} holds seq ${backward.head.seq} after a head with seq ${backward.highest.seq}; heads only move forward, so that head was forged, or a new log was started over the same anchor (start a new anchor with a new log, SPEC 10.3)`,
    );
  }
  if (mismatch !== undefined) {
    return anchorFailed(
      'rewritten',
      `line ${mismatch.seq}'s hash is not the one the anchor recorded for seq ${mismatch.seq}: the chain was rewritten from line ${mismatch.seq} or earlier`,
    );
  }
  if (number < last.seq) {
    return anchorFailed(
      'truncated',
      `the log ends at line ${number} but the anchor's last head is seq ${last.seq}: ${last.seq - number} line${last.seq - number === 1 ? ' was' : 's were'} cut from the end`,
    );
  }
  if (marks.size > 0) {
    return anchorFailed(
      'pending-lost',
      `${marks.size} decision${marks.size === 1 ? '' : 's'} the anchor recorded as waiting in the pending folder ${marks.size === 1 ? 'is' : 'are'} neither in the log nor in \`${file}.pending/\`: ${marks.size === 1 ? 'its pending file was' : 'their pending files were'} deleted before being chained in (or ${marks.size === 1 ? 'is' : 'are'} among the pending files that cannot be read)`,
    );
  }
  return { ok: true, lines: number, anchored: last, unanchored: number - last.seq };
}
