/**
 * Reading a file the agent may have replaced, without ever blocking on it
 * (issue 23: a hook that hangs past the agent's timeout lets the call run).
 * `readFileSync` on a FIFO waits for a writer forever, and on a character
 * device it may never end; the hook's watchdog cannot interrupt synchronous
 * work. So the file is opened without blocking and read only when it is a
 * regular file. Node-only.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';

/** Opening flags: read-only, and never wait for a FIFO's writer (`O_NONBLOCK` is 0 where the platform has none). */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * Read a whole file, synchronously, when it is a regular file.
 * @param file the path (symbolic links are followed)
 * @returns its bytes
 * @throws the file system's error (`ENOENT` when missing), or an error with
 *   code `ENOTREG` when the path is a FIFO, socket, device or folder
 */
export function readRegularFileSync(file: string): Buffer {
  const fd = openSync(file, OPEN_FLAGS);
  try {
    if (!fstatSync(fd).isFile()) throw Object.assign(new Error(`\`${file}\` is not a regular file`), { code: 'ENOTREG' });
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}
