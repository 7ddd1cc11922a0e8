/**
 * Signs that a session made tool calls before, looked for when its state
 * file is missing: then the state was lost rather than never written, and
 * the session must be taken to have read (SPEC 9.3).
 *
 * - the transcript Claude Code names in the payload holds a tool result;
 * - the audit log's last megabyte has an entry for the session.
 *
 * Both are bounded reads. Neither is proof against an agent that deletes
 * them too; they catch state lost by accident. Node-only.
 */
// node:fs/promises through `promises`, loaded on first use: importing it cost every hook call about 1 ms of CPU (issue 14).
import { promises as fsp } from 'node:fs';
import path from 'node:path';

/** A transcript larger than this (bytes) is taken as a sign of earlier calls without reading it. */
const MAX_TRANSCRIPT_BYTES = 16 * 1024 * 1024;

/** How much of the end of the audit log is searched (bytes). */
const LOG_TAIL_BYTES = 1024 * 1024;

async function readTail(file: string, bytes: number): Promise<{ text: string; size: number } | undefined> {
  let handle: Awaited<ReturnType<typeof fsp.open>>;
  try {
    handle = await fsp.open(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - start);
    await handle.read(buffer, 0, buffer.length, start);
    return { text: buffer.toString('utf8'), size };
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}

/**
 * Look for signs of earlier tool calls in a session.
 * @param sessionId Claude Code's `session_id`
 * @param transcriptPath the payload's `transcript_path`, if any (only an absolute path is read)
 * @param logFile the audit log in use, if any
 * @returns a short reason when there are signs, undefined when there are none; never throws
 */
export async function priorActivity(sessionId: string, transcriptPath: string | undefined, logFile: string | undefined): Promise<string | undefined> {
  if (transcriptPath !== undefined && path.isAbsolute(transcriptPath)) {
    const transcript = await readTail(transcriptPath, MAX_TRANSCRIPT_BYTES);
    if (transcript !== undefined) {
      if (transcript.size > MAX_TRANSCRIPT_BYTES) return 'its transcript is long';
      if (transcript.text.includes('"tool_result"')) return 'its transcript holds tool results';
    }
  }
  if (logFile !== undefined) {
    const log = await readTail(logFile, LOG_TAIL_BYTES);
    if (log?.text.includes(`"session":${JSON.stringify(sessionId)}`)) return 'the audit log has entries for it';
  }
  return undefined;
}
