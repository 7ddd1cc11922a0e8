/**
 * Session state kept between hook processes (SPEC 9.3): whether the session
 * has read, its effective class, the project folder it started in and a
 * digest of each MCP server's configuration entries at its start.
 *
 * One file per session, `<sessions>/<sha256(session_id)[0:32]>.json`,
 * rewritten atomically (temporary file and rename) under a lock, so
 * parallel tool calls of one session cannot lose each other's updates.
 * State that cannot be kept, or that disappeared while the session was
 * running, is reported as such, and the caller assumes the session has
 * read. Node-only.
 */
import { randomBytes } from 'node:crypto';
// node:fs/promises through `promises`, loaded on first use: importing it cost every hook call about 1 ms of CPU (issue 14).
import { mkdirSync, promises as fsp, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ReversibilityClass, isClass } from '../core/classes.ts';
import { sha256Hex } from '../node/digest.ts';
import { withFileLock } from '../node/lock.ts';
import { messageOf } from '../core/errors.ts';
import { readRegularFileSync } from '../node/read-regular.ts';

/** The state file's format version. */
const STATE_VERSION = 1;

/** Session files not touched for this long (ms) are removed when a new session starts: 30 days. */
const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** What is kept for one session. */
export interface SessionFile {
  version: typeof STATE_VERSION;
  /** Claude Code's `session_id`. */
  session: string;
  /** RFC 3339 times. */
  created: string;
  updated: string;
  /** Claude Code's project folder when the session's first hook ran (absolute), if known. */
  project_dir: string | null;
  /** Whether any tool call has been made (SPEC 9.1). */
  has_read: boolean;
  /** The worst class decided so far (SPEC 10.1). */
  effective_class: ReversibilityClass;
  /** Tool calls seen. */
  calls: number;
  /** SHA-256 of each MCP server's configuration entries at the session's start, by the name Claude Code gives it; null until taken. */
  servers: Record<string, string> | null;
  /** Set when the state was rebuilt because it was lost (SPEC 9.3): why. */
  lost?: string;
  /**
   * What the hook derived from Claude Code's configuration files, keyed by
   * their size, modification time and SHA-256 (`ServersCache` in
   * `src/node/clients/claude-code.ts`); checked before use and ignored when
   * unsound or stale (issue 14).
   */
  config?: unknown;
}

/**
 * What was found for a session:
 * - `new`: no state and no sign the session ran before;
 * - `found`: the saved state;
 * - `lost`: no usable state, but the session ran before (the file vanished or is damaged): assume a read;
 * - `unavailable`: state cannot be kept at all (no folder, no lock): assume a read, nothing is saved.
 */
export type LoadedState =
  | { status: 'new' }
  | { status: 'found'; state: SessionFile }
  | { status: 'lost'; reason: string }
  | { status: 'unavailable'; reason: string };

/** Options for {@link withSessionState}. */
export interface SessionStateOptions {
  /** The folder of session files. */
  dir: string;
  sessionId: string;
  /** Give up waiting for the lock at this time (ms since the epoch). */
  deadline: number;
  /**
   * Called when no state file exists: a reason when there are signs the
   * session made calls before (so the state was lost), undefined for a new session.
   */
  priorActivity: () => Promise<string | undefined>;
}

/** The result of {@link withSessionState}: what the callback returned, and whether its new state was saved. */
export interface SessionStateResult<T> {
  result: T;
  saved: boolean;
  /** Why the state could not be kept, when it could not. */
  error?: string;
}

/** The file holding a session's state: named by a digest, so no session id can name another path. */
function sessionStateFile(dir: string, sessionId: string): string {
  return path.join(dir, `${sha256Hex(sessionId).slice(0, 32)}.json`);
}

/** Whether a parsed value is a sound {@link SessionFile} for `sessionId`. */
function isSessionFile(value: unknown, sessionId: string): value is SessionFile {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  const servers = v.servers;
  const serversOk =
    servers === null || (typeof servers === 'object' && !Array.isArray(servers) && Object.values(servers as object).every((d) => typeof d === 'string'));
  return (
    v.version === STATE_VERSION &&
    v.session === sessionId &&
    typeof v.created === 'string' &&
    typeof v.updated === 'string' &&
    (v.project_dir === null || typeof v.project_dir === 'string') &&
    typeof v.has_read === 'boolean' &&
    isClass(v.effective_class) &&
    typeof v.calls === 'number' &&
    Number.isSafeInteger(v.calls) &&
    serversOk
  );
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code ?? messageOf(error);
}

async function load(file: string, options: SessionStateOptions): Promise<LoadedState> {
  let text: string;
  try {
    text = readRegularFileSync(file).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return { status: 'lost', reason: `the session state could not be read (${describe(error)})` };
    const prior = await options.priorActivity();
    return prior === undefined ? { status: 'new' } : { status: 'lost', reason: `the session state disappeared while the session ran (${prior})` };
  }
  try {
    const value: unknown = JSON.parse(text);
    if (isSessionFile(value, options.sessionId)) return { status: 'found', state: value };
  } catch {
    // Damaged: reported below.
  }
  return { status: 'lost', reason: 'the session state was damaged' };
}

/**
 * Read a session's state without its lock, for work done before the lock
 * is taken (reading configuration files, loading the registry); whatever
 * decides is read again under the lock.
 * @returns the state, or undefined when there is none or it cannot be read; never throws
 */
export async function peekSessionState(dir: string, sessionId: string): Promise<SessionFile | undefined> {
  try {
    const value: unknown = JSON.parse(readRegularFileSync(sessionStateFile(dir, sessionId)).toString('utf8'));
    return isSessionFile(value, sessionId) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Write the state to a temporary file and rename it over the old one (synchronous: a few hundred bytes, under the lock). */
function save(file: string, state: SessionFile): void {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, `${JSON.stringify(state)}\n`, { encoding: 'utf8', mode: 0o600 });
    renameSync(temporary, file);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // Never made, or gone.
    }
    throw error;
  }
}

/**
 * Read a session's state, let `fn` decide with it, and save what `fn`
 * returns, all under the session's lock.
 *
 * When the folder cannot be made or the lock not taken before the
 * deadline, `fn` runs with `unavailable` and nothing is saved. `fn` runs
 * exactly once.
 * @param fn gets the state found; returns its result and the new state (undefined: leave the file as it is)
 * @returns `fn`'s result, and whether the new state was saved
 * @throws whatever `fn` throws
 */
export async function withSessionState<T>(
  options: SessionStateOptions,
  fn: (loaded: LoadedState) => Promise<{ result: T; next?: SessionFile }>,
): Promise<SessionStateResult<T>> {
  const file = sessionStateFile(options.dir, options.sessionId);
  let setup: string | undefined;
  try {
    mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    setup = `the session state folder could not be made (${describe(error)})`;
  }
  if (setup !== undefined) {
    const { result } = await fn({ status: 'unavailable', reason: setup });
    return { result, saved: false, error: setup };
  }
  let ran = false;
  try {
    return await withFileLock(file, options.deadline, async () => {
      ran = true;
      const { result, next } = await fn(await load(file, options));
      if (next === undefined) return { result, saved: false };
      try {
        save(file, next);
        return { result, saved: true };
      } catch (error) {
        return { result, saved: false, error: `the session state could not be written (${describe(error)})` };
      }
    });
  } catch (error) {
    if (ran) throw error;
    const reason = `the session state could not be locked (${describe(error)})`;
    const { result } = await fn({ status: 'unavailable', reason });
    return { result, saved: false, error: reason };
  }
}

/**
 * Remove session files not modified for `maxAgeMs`, best effort. At most
 * 2,000 files are looked at per call.
 * @returns how many were removed; never throws
 */
export async function pruneSessions(dir: string, maxAgeMs = SESSION_MAX_AGE_MS, now = Date.now()): Promise<number> {
  let removed = 0;
  try {
    const names = (await fsp.readdir(dir)).filter((name) => /^[0-9a-f]{32}\.json$/.test(name)).slice(0, 2000);
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        if (now - (await fsp.stat(file)).mtimeMs > maxAgeMs) {
          await fsp.unlink(file);
          removed += 1;
        }
      } catch {
        // Gone already, or not ours to remove.
      }
    }
  } catch {
    // No folder: nothing to prune.
  }
  return removed;
}

/**
 * A new session's state.
 * @param sessionId Claude Code's `session_id`
 * @param time RFC 3339
 * @param projectDir Claude Code's project folder, if known
 */
export function freshState(sessionId: string, time: string, projectDir: string | null): SessionFile {
  return {
    version: STATE_VERSION,
    session: sessionId,
    created: time,
    updated: time,
    project_dir: projectDir,
    has_read: false,
    effective_class: 'R0',
    calls: 0,
    servers: null,
  };
}
