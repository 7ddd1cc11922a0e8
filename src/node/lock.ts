/**
 * A lock held across processes while a file is read and rewritten or
 * appended to, so concurrent hook processes never fork the audit chain
 * (SPEC 10.2) or lose a session-state update (SPEC 9.3).
 *
 * The lock is `proper-lockfile`'s: a directory `<file>.lock` made with
 * `mkdir`, which is atomic on local file systems, refreshed while held and
 * taken over once stale (left by a process that was killed). Waiting is
 * bounded by a deadline, never by a retry count. Node-only.
 */
import lockfile from 'proper-lockfile';

/** A lock whose holder has not refreshed it for this long (ms) is taken over. proper-lockfile's minimum. */
export const LOCK_STALE_MS = 2000;

/** How often a held lock is refreshed (ms); at most half of {@link LOCK_STALE_MS}. */
export const LOCK_UPDATE_MS = 1000;

/** The lock could not be taken before the deadline. */
export class LockTimeoutError extends Error {
  override name = 'LockTimeoutError';
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, ms);
  });
}

/**
 * Run `fn` while holding the lock on `file`.
 * @param file the file the lock protects; it need not exist (the lock is `<file>.lock`, in the same folder, which must exist)
 * @param deadline the time (ms since the epoch, as `Date.now()`) after which waiting stops
 * @param fn the work to do under the lock
 * @returns what `fn` returns
 * @throws LockTimeoutError when the lock is still held by another process at the deadline;
 *   the file system's error when the lock cannot be made at all (e.g. `EACCES`, `ENOENT`);
 *   whatever `fn` throws. The lock is released in every case.
 */
export async function withFileLock<T>(file: string, deadline: number, fn: () => Promise<T>): Promise<T> {
  let release: (() => Promise<void>) | undefined;
  let compromised: Error | undefined;
  for (let attempt = 0; release === undefined; attempt += 1) {
    try {
      release = await lockfile.lock(file, {
        realpath: false,
        stale: LOCK_STALE_MS,
        update: LOCK_UPDATE_MS,
        retries: 0,
        onCompromised: (error: Error) => {
          compromised = error;
        },
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      const left = deadline - Date.now();
      if (left <= 0) throw new LockTimeoutError(`another process held the lock on \`${file}\` until the deadline`);
      // Short random waits: critical sections last a few milliseconds.
      await pause(Math.min(left, 2 + Math.floor(Math.random() * Math.min(25, 2 + attempt * 2))));
    }
  }
  try {
    const result = await fn();
    if (compromised !== undefined) throw new Error(`the lock on \`${file}\` was lost while held: ${compromised.message}`);
    return result;
  } finally {
    try {
      await release();
    } catch {
      // Released already (taken over as stale); nothing more to do.
    }
  }
}
