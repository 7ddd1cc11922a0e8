/**
 * A lock held across processes while a file is read and rewritten or
 * appended to, so concurrent hook processes never fork the audit chain
 * (SPEC 10.2) or lose a session-state update (SPEC 9.3).
 *
 * The lock is a directory `<file>.lock` made with `mkdir`, which is atomic
 * on local file systems: the scheme of `proper-lockfile` 4.1.2, which this
 * module replaced because loading it (with graceful-fs, retry and
 * signal-exit) cost the hook about 10 ms per tool call (issue 14). Same
 * semantics: the holder refreshes the directory's modification time every
 * {@link LOCK_UPDATE_MS}; a lock not refreshed for {@link LOCK_STALE_MS} is
 * stale (its holder was killed or hung) and is removed and taken over; a
 * holder that finds its lock taken over or gone reports it as lost after
 * its work; a process that exits while holding a lock removes it.
 * Waiting is bounded by a deadline, never by a retry count. Taking,
 * refreshing and releasing the lock are synchronous system calls: each is
 * one `mkdir`, `stat`, `utimes` or `rmdir`, and doing them without a round
 * trip through libuv's thread pool keeps a hook process that holds the lock
 * from waiting for a busy machine to schedule that pool's threads
 * (issue 14). Node-only.
 */
import { mkdirSync, rmdirSync, statSync, utimesSync } from 'node:fs';

/** A lock whose holder has not refreshed it for this long (ms) is taken over. proper-lockfile's minimum. */
const LOCK_STALE_MS = 2000;

/** How often a held lock is refreshed (ms); at most half of {@link LOCK_STALE_MS}. */
const LOCK_UPDATE_MS = 1000;

/** The lock could not be taken before the deadline. */
export class LockTimeoutError extends Error {
  override name = 'LockTimeoutError';
}

/** Lock directories this process holds, removed if it exits while holding them. */
const held = new Set<string>();
let exitHandler = false;

function removeHeldOnExit(): void {
  if (exitHandler) return;
  exitHandler = true;
  process.once('exit', () => {
    for (const dir of held) {
      try {
        rmdirSync(dir);
      } catch {
        // Gone already.
      }
    }
  });
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, ms);
  });
}

/**
 * Try once to make the lock directory, taking over a stale one.
 * @returns the directory's modification time (ms) when the lock was taken, undefined when another holder has it
 * @throws the file system's error when the lock cannot be made at all
 */
function tryLock(dir: string, takeOver: boolean): number | undefined {
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    let mtime: number;
    try {
      mtime = statSync(dir).mtimeMs;
    } catch (statError) {
      // Released between our mkdir and stat: try again.
      if ((statError as NodeJS.ErrnoException).code === 'ENOENT') return takeOver ? tryLock(dir, false) : undefined;
      throw statError;
    }
    if (!takeOver || Date.now() - mtime <= LOCK_STALE_MS) return undefined;
    // Stale: its holder died or hung. Remove it and try once more, as proper-lockfile does.
    try {
      rmdirSync(dir);
    } catch (rmError) {
      if ((rmError as NodeJS.ErrnoException).code !== 'ENOENT') throw rmError;
    }
    return tryLock(dir, false);
  }
  // Kept, so a refresh can tell our lock from one made after a takeover.
  return statSync(dir).mtimeMs;
}

/**
 * Run `fn` while holding the lock on `file`.
 * @param file the file the lock protects; it need not exist (the lock is `<file>.lock`, in the same folder, which must exist)
 * @param deadline the time (ms since the epoch, as `Date.now()`) after which waiting stops
 * @param fn the work to do under the lock
 * @returns what `fn` returns
 * @throws LockTimeoutError when the lock is still held by another process at the deadline;
 *   the file system's error when the lock cannot be made at all (e.g. `EACCES`, `ENOENT`);
 *   an error saying the lock was lost when it was taken over or removed while `fn` ran (after `fn` finished);
 *   whatever `fn` throws. The lock is released in every case.
 */
export async function withFileLock<T>(file: string, deadline: number, fn: () => Promise<T>): Promise<T> {
  const dir = `${file}.lock`;
  let mtime: number | undefined;
  for (let attempt = 0; mtime === undefined; attempt += 1) {
    mtime = tryLock(dir, true);
    if (mtime !== undefined) break;
    const left = deadline - Date.now();
    if (left <= 0) throw new LockTimeoutError(`another process held the lock on \`${file}\` until the deadline`);
    // Short random waits: critical sections last a few milliseconds.
    await pause(Math.min(left, 2 + Math.floor(Math.random() * Math.min(25, 2 + attempt * 2))));
  }
  held.add(dir);
  removeHeldOnExit();
  let compromised: string | undefined;
  const refresh = (): void => {
    if (compromised !== undefined) return;
    try {
      const current = statSync(dir).mtimeMs;
      if (current !== mtime) {
        compromised = 'another process took it over';
        return;
      }
      const now = new Date();
      utimesSync(dir, now, now);
      mtime = statSync(dir).mtimeMs;
    } catch (error) {
      compromised =
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? 'the lock directory was removed'
          : `it could not be refreshed (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`;
    }
  };
  const timer = setInterval(refresh, LOCK_UPDATE_MS);
  timer.unref();
  try {
    const result = await fn();
    clearInterval(timer);
    if (compromised !== undefined) throw new Error(`the lock on \`${file}\` was lost while held: ${compromised}`);
    return result;
  } finally {
    clearInterval(timer);
    held.delete(dir);
    // Remove only our own lock: after a takeover the directory is another holder's.
    if (compromised === undefined) {
      try {
        rmdirSync(dir);
      } catch {
        // Released already.
      }
    }
  }
}
