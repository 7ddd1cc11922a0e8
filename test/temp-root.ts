/**
 * vitest globalSetup of every project (vitest.config.ts): one temporary
 * folder per `vitest` run, set as `TMPDIR` before the workers start, so every
 * temporary file or folder a test makes with `os.tmpdir()` (and every child
 * process it starts, which inherits the variable) lands in it, and removed
 * when the run ends. Test files need not clean up after themselves for the
 * machine's temporary folder to stay clean: a run used to leave about 250
 * folders behind (a module-level `afterAll` registers once per worker when
 * files share modules, and some files never removed theirs).
 *
 * The projects of one run share the folder: each project imports this file
 * through a module runner of its own, so the count lives on `globalThis` of
 * vitest's one process, and the last project to finish removes it.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface TempRoot {
  users: number;
  dir?: string;
  previous?: string;
}

const KEY = Symbol.for('reversibility-classes.test.temp-root');
const shared = globalThis as { [KEY]?: TempRoot };

/** Make (first project) or join the run's temporary folder; the returned teardown removes it after the last project. */
export default function setup(): () => void {
  shared[KEY] ??= { users: 0 };
  const root = shared[KEY];
  if (root.users === 0) {
    root.previous = process.env.TMPDIR;
    root.dir = mkdtempSync(path.join(tmpdir(), 'rclass-run-'));
    // mkdtemp makes it 0700; tests that run the hook as another user (test/hook/child.test.ts) need to
    // pass through it to their own folder, as they pass through the system's /tmp.
    chmodSync(root.dir, 0o755);
    process.env.TMPDIR = root.dir;
  }
  root.users += 1;
  return () => {
    root.users -= 1;
    if (root.users > 0 || root.dir === undefined) return;
    if (root.previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = root.previous;
    rmSync(root.dir, { recursive: true, force: true });
    root.dir = undefined;
  };
}
