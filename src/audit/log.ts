/**
 * Appending to the audit log (SPEC 10): one JSON object per line, each
 * carrying `seq`, `time`, the decision or outcome, `prev_hash` (the previous
 * line's `hash`) and its own `hash`.
 *
 * One lock ({@link withFileLock}) is held across reading the last line and
 * writing the new ones, so processes appending at the same time (Claude
 * Code runs hooks and tool calls in parallel) never fork the chain. The
 * work under the lock is synchronous (read the tail, one `write` of all the
 * new lines with `O_APPEND`) and the flush to disk comes after the lock is
 * released, so the lock is held for well under a millisecond of CPU.
 *
 * A process that cannot take the lock before its deadline (a machine so
 * loaded that tens of hook processes queue for it) does not lose its lines:
 * it writes them, unchained, to a file of their own in `<log>.pending/`,
 * and the next append chains every pending file in, oldest first, before
 * its own lines, under the lock (issue 14: under 40 concurrent hook
 * processes a decision could be missing from the log). With an anchor, a
 * pending line has no anchored head (heads are written under the lock, in
 * order): the append writes a pending mark (the decision's digest) to the
 * anchor, so `audit verify --anchor` fails if the file is deleted before it
 * is chained in, then throws {@link AnchorWriteError}, and the caller asks
 * about the call rather than let it run (issue 23, item 5; SPEC 10.2, 10.3).
 * Node-only.
 */
import { closeSync, fdatasyncSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { ReversibilityClass } from '../core/classes.ts';
import { GENESIS_HASH, decisionDigest, entryHash, isSha256Hex } from './chain.ts';
import { sha256Hex } from '../node/digest.ts';
import { rfc3339 } from '../node/time.ts';
import { LockTimeoutError, withFileLock } from '../node/lock.ts';
import { AnchorWriteError, type AnchorTarget, writeAnchor, writeAnchorPending } from './anchor.ts';
import { readRegularFileSync } from '../node/read-regular.ts';

/** How long the pending marks are given after the lock timed out (ms; an anchor command gets at least 500). */
const PENDING_MARK_MS = 1000;

/** What a line records: a decision before a call, or what became of the call afterwards. */
type AuditEvent = 'decision' | 'outcome';

/** What the hook answered: `none` is no decision (Claude Code's own rules apply). */
type AuditDecision = 'allow' | 'ask' | 'deny' | 'none';

/**
 * What became of a call: it ran (PostToolUse) or ran and failed
 * (PostToolUseFailure), or it was asked about and not run because no
 * approval came (the proxy, which runs the call itself; SPEC 10.1).
 */
type AuditOutcome = 'ran' | 'failed' | 'not_run';

/** The fields a caller gives for one line; `seq`, `time`, `prev_hash` and `hash` are added on append. */
export interface AuditRecord {
  event: AuditEvent;
  /** Claude Code's `session_id`, or null when the input did not say. */
  session: string | null;
  /** The server as the client names it (`pg` in `mcp__pg__query`); null for built-in tools. */
  server: string | null;
  /** The registry record the server was identified as, when it was. */
  record?: string | null;
  /** The tool as the server lists it, or the built-in tool's name (`WebFetch`). */
  tool: string | null;
  /** Claude Code's `tool_use_id`, which links an outcome to its decision. */
  tool_use_id: string | null;
  /** The class decided (SPEC 2); null on outcome lines and for built-in tools that are not classified. */
  class: ReversibilityClass | null;
  /** Where the class came from (SPEC 4.5), `builtin` for a built-in tool; null on outcome lines. */
  source: string | null;
  /** The argument rule that decided the class, when one did. */
  rule?: string;
  /** What the hook answered; null on outcome lines. */
  decision: AuditDecision | null;
  /** The worst class decided so far in the session, this call included (SPEC 10.1). */
  effective_class: ReversibilityClass | null;
  /** SHA-256 of the arguments' canonical JSON; never the arguments (SPEC 10.1). Null when unknown. */
  args_sha256: string | null;
  /** On outcome lines: whether the call ran, failed, or was not run. */
  outcome?: AuditOutcome;
  /** A short reason for errors, unrecognised servers and built-in prompts; never argument values. */
  detail?: string;
  /** On the outcome line of a call the proxy asked about and ran: where the approval came from (SPEC 10.1). */
  approved_via?: 'page' | 'tty' | 'client';
  /**
   * On an outcome line the proxy writes for a request it refused before any decision (SPEC 10.1), which
   * therefore links to no decision line: `approval`, a retry naming no pending approval (a forged or reused
   * nonce); `duplicate_id`, a `tools/call` whose id is that of a request still in flight.
   */
  refused?: 'approval' | 'duplicate_id';
  /** The user the hook ran as, and the host. */
  user: string | null;
  host: string | null;
  /** Claude Code's permission mode (`default`, `plan`, `acceptEdits`, …) when it sent one. */
  permission_mode: string | null;
}

/** One line of the log as written. */
export interface AuditEntry extends AuditRecord {
  /** 1 for the first line, then one more per line. */
  seq: number;
  /** RFC 3339 with the local offset, to the millisecond. */
  time: string;
  /** The previous line's `hash`, 64 zeros for the first line. */
  prev_hash: string;
  /** SHA-256 of this line's canonical JSON without `hash` (SPEC 10.2). */
  hash: string;
}

/** Options for {@link appendAudit}. */
export interface AppendOptions {
  /** Give up waiting for the lock at this time (ms since the epoch); 5 s from now by default. */
  deadline?: number;
  /** The clock, for tests. */
  now?: () => Date;
  /** Where the new chain head is written, under the same lock as the lines (SPEC 10.3). */
  anchor?: AnchorTarget;
  /**
   * What one of `records` becomes when no anchored head will cover it (the
   * anchor could not be written, or the lock was not taken in time and the
   * record goes to the pending folder): the caller answers differently then
   * (the hook asks), and the line must say what was answered. Given the
   * {@link AnchorWriteError}'s message. Only used with `anchor`; by default the record is kept as it is.
   */
  unanchored?: (record: AuditRecord, why: string) => AuditRecord;
}

/** The window read from the end of the file to find the last line; it grows up to {@link MAX_LINE_BYTES}. */
const TAIL_WINDOW = 64 * 1024;

/** A last line longer than this (bytes) is not read; the chain continues from its digest. */
const MAX_LINE_BYTES = 4 * 1024 * 1024;

/** The order of the keys in a written line: the order SPEC 10.1 lists them in; any others follow. */
const FIELD_ORDER = [
  'seq',
  'time',
  'event',
  'session',
  'server',
  'record',
  'tool',
  'tool_use_id',
  'class',
  'source',
  'rule',
  'decision',
  'effective_class',
  'args_sha256',
  'outcome',
  'detail',
  'approved_via',
  'refused',
  'user',
  'host',
  'permission_mode',
  'prev_hash',
  'hash',
] as const;

/** The same members in {@link FIELD_ORDER}, `undefined` ones left out. */
function ordered(entry: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of FIELD_ORDER) if (entry[key] !== undefined) out[key] = entry[key];
  for (const key of Object.keys(entry)) if (!(key in out) && entry[key] !== undefined) out[key] = entry[key];
  return out;
}

/** Where the chain continues: the last line's `seq` and `hash`, and whether the file ends in half a line. */
interface Head {
  seq: number;
  hash: string;
  torn: boolean;
}

function countLines(fd: number, size: number): number {
  const buffer = Buffer.alloc(1024 * 1024);
  let lines = 0;
  for (let position = 0; position < size; ) {
    const bytesRead = readSync(fd, buffer, 0, Math.min(buffer.length, size - position), position);
    if (bytesRead === 0) break;
    for (let i = 0; i < bytesRead; i += 1) if (buffer[i] === 0x0a) lines += 1;
    position += bytesRead;
  }
  return lines;
}

/**
 * Read where the chain continues. A last line that is not an entry rclass
 * wrote (edited, or cut short by a crash) still gets a successor: its `seq`
 * is the line count plus one and its `prev_hash` the digest of the raw line,
 * so new lines stay chained to each other and verification stops at the bad one.
 */
function readHead(fd: number): Head {
  const { size } = fstatSync(fd);
  if (size === 0) return { seq: 0, hash: GENESIS_HASH, torn: false };
  for (let window = TAIL_WINDOW; ; window *= 4) {
    const start = Math.max(0, size - window);
    const buffer = Buffer.alloc(size - start);
    readSync(fd, buffer, 0, buffer.length, start);
    const torn = buffer[buffer.length - 1] !== 0x0a;
    const body = torn ? buffer : buffer.subarray(0, buffer.length - 1);
    const newline = body.lastIndexOf(0x0a);
    if (newline < 0 && start > 0 && window < MAX_LINE_BYTES) continue;
    const raw = body.subarray(newline + 1).toString('utf8');
    if (newline >= 0 || start === 0) {
      try {
        const last = JSON.parse(raw) as { seq?: unknown; hash?: unknown };
        if (!torn && typeof last.seq === 'number' && Number.isSafeInteger(last.seq) && last.seq > 0 && isSha256Hex(last.hash)) {
          return { seq: last.seq, hash: last.hash, torn };
        }
      } catch {
        // Not an entry: fall through.
      }
    }
    const lines = countLines(fd, size) + (torn ? 1 : 0);
    return { seq: lines, hash: sha256Hex(raw), torn };
  }
}

/** The folder of lines written while the lock could not be taken, beside the log. */
function pendingDir(file: string): string {
  return `${file}.pending`;
}

/** Whether a pending file's entry is a record as the hook writes one: an object with its `event` and the `time` of the decision. */
function isPendingRecord(entry: unknown): entry is AuditRecord & { time: string } {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return false;
  const { event, time } = entry as { event?: unknown; time?: unknown };
  return typeof event === 'string' && event !== '' && typeof time === 'string' && !Number.isNaN(Date.parse(time));
}

/**
 * The decisions waiting in `<file>.pending/` (SPEC 10.2): written there by
 * hook processes that could not take the log's lock in time, and chained in
 * by the next append. Reads only; nothing is removed.
 * @param file the audit log (absolute)
 * @returns the waiting records, oldest first; the pending files they came
 *   from (to be removed once chained in); and the names of pending files that
 *   cannot be read as a non-empty list of records, each an object with an
 *   `event` and a `time` (half written, or not rclass's), which are skipped
 *   and kept for a person to look at, never chained in. No folder: all empty.
 */
export function pendingRecords(file: string): { records: Array<AuditRecord & { time: string }>; files: string[]; damaged: string[] } {
  const dir = pendingDir(file);
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort();
  } catch {
    return { records: [], files: [], damaged: [] };
  }
  const records: Array<AuditRecord & { time: string }> = [];
  const files: string[] = [];
  const damaged: string[] = [];
  for (const name of names) {
    const pending = path.join(dir, name);
    try {
      const value: unknown = JSON.parse(readRegularFileSync(pending).toString('utf8'));
      if (!Array.isArray(value) || value.length === 0 || !value.every(isPendingRecord)) {
        damaged.push(name);
        continue;
      }
      records.push(...(value as Array<AuditRecord & { time: string }>));
      files.push(pending);
    } catch {
      // Half written (its writer died mid-write) or not ours: left for a person to look at.
      damaged.push(name);
    }
  }
  return { records, files, damaged };
}

/**
 * Write records that could not be chained in to a pending file of their
 * own (created exclusively, written in one call, flushed), named so that
 * names sort in time order.
 */
function writePending(file: string, records: ReadonlyArray<AuditRecord & { time: string }>): void {
  const dir = pendingDir(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = `${Date.now().toString().padStart(15, '0')}-${process.pid}-${Math.random().toString(36).slice(2, 10)}.json`;
  const fd = openSync(path.join(dir, name), 'wx', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(records)}\n`);
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Chain records after a head: each gets its `seq`, `prev_hash` and `hash`. */
function chain(head: Head, records: ReadonlyArray<AuditRecord & { time: string }>): AuditEntry[] {
  let { seq, hash } = head;
  const written: AuditEntry[] = [];
  for (const record of records) {
    seq += 1;
    const unsigned = ordered({ ...record, seq, prev_hash: hash });
    hash = entryHash(unsigned);
    written.push({ ...unsigned, hash } as AuditEntry);
  }
  return written;
}

/**
 * Append entries to the log, in order, under one lock (SPEC 10.2). The
 * folder is created (mode 700) and the file too (mode 600). Lines left
 * pending by processes that could not take the lock are chained in first.
 * @param file the log's path
 * @param records what to append; each gets `seq`, `time`, `prev_hash` and `hash`
 * With `options.anchor`, the new head (the last entry's `seq` and `hash`)
 * is written there while the lock is held, just before the lines, so the
 * anchor's last head is always the log's last line, however many processes
 * append. When the head cannot be anchored, the lines are written as
 * `options.unanchored` makes them (the decision the caller gives instead),
 * so a line never says a call was let through that was asked about. A log
 * that then cannot be written leaves a head its lines never reached, which
 * `audit verify --anchor` reports, as it should: a decision is missing.
 * @returns the entries as written (pending lines of other processes included, first);
 *   when the lock could not be taken before the deadline and there is no anchor, `[]`:
 *   the records were written to `<file>.pending/` instead
 * @throws the file system's error when the folder or file cannot be made, read or written
 *   (and, after a lock timeout, when the pending file cannot be written either);
 *   AnchorWriteError when the head could not be anchored (the lines were written, as `unanchored` makes them), and,
 *   with an anchor, when the lock could not be taken in time: the records were written to
 *   `<file>.pending/`, where no anchored head covers them until the next append chains them in
 */
export async function appendAudit(file: string, records: readonly AuditRecord[], options: AppendOptions = {}): Promise<AuditEntry[]> {
  const deadline = options.deadline ?? Date.now() + 5000;
  const now = options.now ?? (() => new Date());
  // The time of the decision, not of the append: a record that waits for the lock, or in a pending file, keeps it.
  const timed = records.map((record) => ({ ...record, time: rfc3339(now()) }));
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  let fd: number | undefined;
  let entries: AuditEntry[];
  try {
    entries = await withFileLock(file, deadline, async () => {
      const pending = pendingRecords(file);
      fd = openSync(file, 'a+', 0o600);
      const head = readHead(fd);
      let written = chain(head, [...pending.records, ...timed]);
      let failure: AnchorWriteError | undefined;
      const last = written.at(-1);
      if (options.anchor !== undefined && last !== undefined) {
        // The head is anchored before its lines are written, so that when it cannot be, the lines written say
        // what the caller answers then (the hook asks), not what it would have answered (SPEC 10.3).
        try {
          await writeAnchor(options.anchor, { seq: last.seq, hash: last.hash }, deadline);
        } catch (anchorError) {
          if (!(anchorError instanceof AnchorWriteError)) throw anchorError;
          failure = anchorError;
          const unanchored = options.unanchored;
          if (unanchored !== undefined)
            written = chain(head, [...pending.records, ...timed.map((record) => ({ ...unanchored(record, anchorError.message), time: record.time }))]);
        }
      }
      // One write with O_APPEND: the lines land whole, after whatever the file holds.
      writeSync(fd, `${head.torn ? '\n' : ''}${written.map((entry) => JSON.stringify(entry)).join('\n')}\n`);
      for (const chained of pending.files) rmSync(chained, { force: true });
      if (failure !== undefined) throw failure;
      return written;
    });
  } catch (error) {
    if (!(error instanceof LockTimeoutError)) throw error;
    if (options.anchor === undefined) {
      writePending(file, timed);
      return [];
    }
    const waiting = new AnchorWriteError(
      `another process held the audit log's lock until the deadline, so the decision waits in \`${path.basename(file)}.pending/\`, where no anchored head covers it yet`,
    );
    const unanchored = options.unanchored;
    const held = unanchored === undefined ? timed : timed.map((record) => ({ ...unanchored(record, waiting.message), time: record.time }));
    writePending(file, held);
    // The anchor records that these decisions wait, so deleting the pending file before it is chained in fails verification (SPEC 10.3).
    await writeAnchorPending(options.anchor, held.map(decisionDigest), Date.now() + PENDING_MARK_MS).catch(() => undefined);
    throw waiting;
  } finally {
    if (fd !== undefined) {
      try {
        // Flushed after the lock is released: the next appender reads the lines from the page cache already.
        fdatasyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
  }
  return entries;
}
