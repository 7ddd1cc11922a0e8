/**
 * The environment a server under test gets: a minimal one, never the
 * caller's. Only `PATH` is taken from the running process; `HOME` and
 * `TMPDIR` point into a scratch directory, so no real credentials
 * (`~/.kube/config`, `~/.aws`, tokens in the environment) can reach the
 * server, and nothing it writes lands in the user's home.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A scratch area for one server start. */
export interface Scratch {
  /** The root of the scratch area; also the server's working directory. */
  root: string;
  /** Its `HOME`. */
  home: string;
  /** Its `TMPDIR`. */
  tmp: string;
  /** A fresh empty directory for each `"<tmpdir>"` argument. */
  placeholderDir(): string;
  /** Remove the whole scratch area. */
  remove(): void;
}

/** Create a scratch area under the system's temporary directory. */
export function makeScratch(): Scratch {
  const root = mkdtempSync(path.join(tmpdir(), 'rclass-live-'));
  const home = path.join(root, 'home');
  const tmp = path.join(root, 'tmp');
  mkdirSync(home);
  mkdirSync(tmp);
  let count = 0;
  return {
    root,
    home,
    tmp,
    placeholderDir() {
      count += 1;
      const dir = path.join(root, `dir-${count}`);
      mkdirSync(dir);
      return dir;
    },
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * Opt-outs of background work that outlives the listing. chrome-devtools-mcp
 * otherwise starts a detached update check (a process group of its own, so
 * killing the server's group misses it) that asks the npm registry for its
 * latest version and writes into `HOME` after the scratch area is gone.
 */
const QUIET_ENV: Readonly<Record<string, string>> = {
  CHROME_DEVTOOLS_MCP_NO_UPDATE_CHECKS: '1',
};

/**
 * The environment for one server: `PATH`, a scratch `HOME` and `TMPDIR`,
 * `NO_COLOR`, {@link QUIET_ENV}, then the fixture's own (dummy) variables,
 * which win.
 */
export function serverEnv(scratch: Scratch, fixtureEnv: Readonly<Record<string, string>>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: scratch.home,
    TMPDIR: scratch.tmp,
    NO_COLOR: '1',
    ...QUIET_ENV,
    ...fixtureEnv,
  };
}
