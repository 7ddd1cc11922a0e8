/**
 * The audit log's anchor (SPEC 10.3): the chain head (`seq` and `hash` of
 * the last line) written, on every append and under the log's lock, to a
 * second place the user chooses, so that `rclass audit verify --anchor`
 * can prove the log still reaches that head. A log cut short at the end,
 * or a chain rewritten from an edited line onward, then no longer matches.
 *
 * One head is one line of JSON, `{"seq":N,"hash":"<64 hex>"}`:
 * - an anchor file gets it appended (`O_APPEND`, flushed), so a file made
 *   append-only (`chattr +a`) or in a folder only the hook's user can
 *   write keeps every head;
 * - an anchor command gets it on stdin, run through the shell
 *   (`logger -t rclass` sends it to syslog or the journal: util-linux
 *   logger(1) logs its standard input when no message is given).
 *
 * Node-only.
 */
// node:fs/promises through `promises`, loaded on first use: importing it cost every hook call about 1 ms of CPU (issue 14).
import { promises as fsp } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { readLogLines } from './lines.ts';

/** Where heads go: a file, a command, or both. At least one is set. */
export interface AnchorTarget {
  /** An absolute path; each head is appended as one line. */
  file?: string;
  /** A shell command line; each head is written to its stdin. */
  command?: string;
}

/** The head of the chain: the last line's `seq` and `hash`. */
export interface ChainHead {
  seq: number;
  hash: string;
}

/** A head could not be written to the anchor; the log line itself was written. */
export class AnchorWriteError extends Error {
  override name = 'AnchorWriteError';
}

/** The anchor line for a head, without a newline. */
function anchorLine(head: ChainHead): string {
  return JSON.stringify({ seq: head.seq, hash: head.hash });
}

/** Output kept from a failing command, for the error message (bytes). */
const COMMAND_OUTPUT_KEPT = 300;

/**
 * Run the anchor command with the head on stdin.
 * @param timeoutMs the command is killed after this long
 * @throws AnchorWriteError when it cannot start, exits non-zero, is killed or outlasts the timeout
 */
async function runAnchorCommand(command: string, line: string, timeoutMs: number): Promise<void> {
  // Loaded only with --anchor-command: loading node:child_process cost every hook call about 2 ms of CPU (issue 14).
  const { spawn } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    let settled = false;
    const done = (error?: Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error === undefined) resolve();
      else reject(error);
    };
    const child = spawn(command, { shell: true, stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < COMMAND_OUTPUT_KEPT) stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      done(new AnchorWriteError(`the anchor command did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('error', (error) => done(new AnchorWriteError(`the anchor command could not start: ${error.message}`)));
    child.stdin.on('error', () => undefined); // A command that ignores stdin closes it early; its exit status decides.
    child.on('close', (code, signal) => {
      if (code === 0) done();
      else
        done(
          new AnchorWriteError(
            `the anchor command ${signal !== null ? `was killed by ${signal}` : `exited ${code}`}${stderr.trim() !== '' ? `: ${stderr.trim().slice(0, COMMAND_OUTPUT_KEPT)}` : ''}`,
          ),
        );
    });
    child.stdin.end(`${line}\n`);
  });
}

/**
 * Open the anchor file for appending (the folder made with mode 700, the file with 600).
 * @throws AnchorWriteError when the folder or file cannot be made or opened
 */
async function openAnchorFile(file: string): Promise<FileHandle> {
  try {
    await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    return await fsp.open(file, 'a', 0o600);
  } catch (error) {
    throw new AnchorWriteError(`the anchor file could not be written: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/**
 * Append lines to an open anchor file, flush and close it.
 * @throws AnchorWriteError when they cannot be written
 */
async function appendAnchorFile(handle: FileHandle, line: string): Promise<void> {
  try {
    await handle.appendFile(`${line}\n`, 'utf8');
    await handle.datasync();
  } catch (error) {
    throw new AnchorWriteError(`the anchor file could not be written: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/**
 * Write lines to every place the target names. The file is opened first and
 * written only once the command has taken the lines, so a failure of either
 * before that leaves the head in neither, and the log's line can say what
 * was answered instead (SPEC 10.3).
 * @throws AnchorWriteError naming the first place that failed
 */
async function writeAnchorLines(target: AnchorTarget, lines: readonly string[], deadline: number): Promise<void> {
  const text = lines.join('\n');
  const handle = target.file !== undefined ? await openAnchorFile(target.file) : undefined;
  try {
    if (target.command !== undefined) await runAnchorCommand(target.command, text, Math.max(deadline - Date.now(), 500));
  } catch (error) {
    await handle?.close().catch(() => undefined);
    throw error;
  }
  if (handle !== undefined) await appendAnchorFile(handle, text);
}

/**
 * Write a pending mark for each decision that went to the pending folder
 * (SPEC 10.3): `{"pending":"<decision digest>"}`, one line each, so that
 * `audit verify --anchor` fails when such a decision is neither chained into
 * the log nor still waiting (its pending file was deleted).
 * @param digests {@link decisionDigest} of each pending decision
 * @param deadline ms since the epoch; the command is given until then (at least 500 ms)
 * @throws AnchorWriteError naming the first place that failed
 */
export async function writeAnchorPending(target: AnchorTarget, digests: readonly string[], deadline: number): Promise<void> {
  if (digests.length === 0) return;
  await writeAnchorLines(
    target,
    digests.map((digest) => JSON.stringify({ pending: digest })),
    deadline,
  );
}

/**
 * Write a head to every place the target names: the file first, then the command.
 * @param deadline ms since the epoch; the command is given until then (at least 500 ms)
 * @throws AnchorWriteError naming the first place that failed
 */
export async function writeAnchor(target: AnchorTarget, head: ChainHead, deadline: number): Promise<void> {
  await writeAnchorLines(target, [anchorLine(head)], deadline);
}

/** A head anywhere in a line, so syslog files (`… rclass: {"seq":…}`) and `journalctl -o cat` output both read. */
const HEAD_PATTERN = /\{"seq":([1-9][0-9]{0,15}),"hash":"([0-9a-f]{64})"\}/g;

/** A pending mark anywhere in a line, as a head is found. */
const PENDING_PATTERN = /\{"pending":"([0-9a-f]{64})"\}/g;

/** What an anchor holds. */
export interface AnchorHeads {
  /** Every head, in order, each with a higher `seq` than the one before (an exact repeat of the last head is left out). */
  heads: ChainHead[];
  /** Lines with no head in them (left out). */
  ignored: number;
  /**
   * The first head that went back: its `seq` is not above that of a head
   * before it, and it is not an exact repeat of the last one. Heads only move
   * forward, so this is a forged or misplaced head, or a log started afresh
   * over the same anchor; either way the anchor no longer proves the log
   * (SPEC 10.3). It and every later head not above the highest are left out of `heads`.
   */
  backward?: { line: number; head: ChainHead; highest: ChainHead };
  /**
   * Pending marks, in order: the {@link decisionDigest} of each decision the
   * hook wrote to the pending folder because it could not take the log's
   * lock (SPEC 10.3). Each must be in the log or still waiting.
   */
  pending: string[];
}

/**
 * Read the heads an anchor file (or a saved syslog or journal extract) holds.
 * Heads only move forward (SPEC 10.3): a head whose `seq` is not above the
 * highest one before it never lowers what the log must reach; it is
 * reported as {@link AnchorHeads.backward}, and verification fails. (Until
 * issue 23 such a head started a new run and dropped the earlier heads, so
 * one appended line could make a log cut back to its first line verify.)
 * Pending marks (`{"pending":"<digest>"}`) are collected in
 * {@link AnchorHeads.pending}.
 * @throws the file system's error when the file cannot be read (`ENOENT` when missing)
 */
export async function readAnchorHeads(file: string): Promise<AnchorHeads> {
  const heads: ChainHead[] = [];
  let ignored = 0;
  let number = 0;
  let backward: AnchorHeads['backward'];
  const pending: string[] = [];
  for await (const line of readLogLines(file)) {
    number += 1;
    const matches = line.tooLong ? [] : [...line.text.matchAll(HEAD_PATTERN)];
    const last = matches.at(-1);
    const marks = line.tooLong || last !== undefined ? [] : [...line.text.matchAll(PENDING_PATTERN)];
    if (marks.length > 0) {
      pending.push(marks.at(-1)![1]!);
      continue;
    }
    if (last === undefined) {
      if (!line.tooLong && line.text.trim() === '') continue;
      ignored += 1;
      continue;
    }
    const head = { seq: Number(last[1]), hash: last[2]! };
    const highest = heads.at(-1);
    if (highest === undefined || head.seq > highest.seq) heads.push(head);
    else if (!(head.seq === highest.seq && head.hash === highest.hash)) backward ??= { line: number, head, highest };
  }
  return { heads, ignored, pending, ...(backward !== undefined ? { backward } : {}) };
}
