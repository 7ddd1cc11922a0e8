/**
 * Each scanned server in a PID namespace of its own, where Linux lets an
 * unprivileged user make one (issue 15). A child that calls `setsid` leaves
 * the server's process group, so killing the group misses it; but when the
 * first process of a PID namespace ends, the kernel kills every process left
 * in that namespace (pid_namespaces(7), "the init process"), detached or not.
 *
 * The server is started as `unshare --user --map-current-user --pid --fork
 * --kill-child -- COMMAND ARGS…` (util-linux unshare(1): `--fork` makes
 * COMMAND the namespace's first process, `--kill-child` kills it when
 * unshare dies, which the group kill does; `--user --map-current-user` is
 * what lets an unprivileged user create the PID namespace, with the user's
 * own uid and gid inside; root needs neither, and keeps its capabilities
 * outside a user namespace). `/proc` is not remounted, so the server still
 * sees the machine's. Nothing else changes: the same environment, working
 * folder, streams and exit status.
 *
 * Where it is not available (not Linux, no `unshare` on PATH, an unshare
 * without `--map-current-user` (before util-linux 2.38), user namespaces
 * turned off), the server starts as before, in its own process group only.
 * Node-only.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

let probed: { unshare: string; flags: string[] } | null | undefined;

/** The first executable file named `name` on `searchPath`, or undefined. */
function onPath(name: string, searchPath: string | undefined, cwd: string): string | undefined {
  if (name.includes('/')) return executable(path.resolve(cwd, name)) ? name : undefined;
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const file = path.resolve(cwd, dir, name);
    if (executable(file)) return file;
  }
  return undefined;
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The unshare command and flags that start a process in a PID namespace of
 * its own here, or undefined when none can be made; found once (it runs
 * `unshare … true`, a few milliseconds) and remembered. Never throws.
 */
export function pidNamespaceLauncher(): { unshare: string; flags: string[] } | undefined {
  if (probed !== undefined) return probed ?? undefined;
  probed = null;
  try {
    if (process.platform !== 'linux') return undefined;
    const unshare = onPath('unshare', process.env.PATH, '/');
    if (unshare === undefined) return undefined;
    const flags = process.getuid?.() === 0 ? ['--pid', '--fork', '--kill-child'] : ['--user', '--map-current-user', '--pid', '--fork', '--kill-child'];
    const trial = spawnSync(unshare, [...flags, '--', 'true'], { stdio: 'ignore', timeout: 5000 });
    if (trial.status === 0) probed = { unshare, flags };
  } catch {
    probed = null;
  }
  return probed ?? undefined;
}

/**
 * What to spawn for a server: unshare around it when a PID namespace can be
 * made ({@link pidNamespaceLauncher}) and the command is found on the
 * server's PATH (else it is started as written, so a missing command fails
 * the same way as before). Never throws.
 * @param launch the server's command, arguments, environment and folder
 */
export function inPidNamespace(launch: { command: string; args: readonly string[]; env: Record<string, string>; cwd: string }): {
  command: string;
  args: string[];
} {
  const plain = { command: launch.command, args: [...launch.args] };
  const launcher = pidNamespaceLauncher();
  if (launcher === undefined) return plain;
  if (onPath(launch.command, launch.env.PATH, launch.cwd) === undefined) return plain;
  return { command: launcher.unshare, args: [...launcher.flags, '--', launch.command, ...launch.args] };
}
