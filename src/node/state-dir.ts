/**
 * Where rclass keeps its state on the user's machine: the XDG state folder,
 * `$XDG_STATE_HOME/rclass` or `~/.local/state/rclass`, holding the audit
 * log `audit.jsonl` (SPEC 10) and the hook's session state `sessions/`
 * (SPEC 9.3). Everything comes from the environment given, never from the
 * process's own, so tests run against temporary folders. A state folder
 * that is not the user's own with mode 0700 is refused
 * ({@link unsafeStateFolder}, issue 23 item 2). Node-only.
 */
import { statSync } from 'node:fs';
import path from 'node:path';

/** The folder under the state home that rclass owns. */
const STATE_FOLDER = 'rclass';

/** The audit log's file name in the state folder. */
export const AUDIT_LOG_NAME = 'audit.jsonl';

/** The session-state folder's name in the state folder. */
const SESSIONS_FOLDER = 'sessions';

/** The state folder cannot be found: no absolute `XDG_STATE_HOME` and no absolute `HOME` (or `USERPROFILE`). */
class StateLocationError extends Error {
  override name = 'StateLocationError';
}

/**
 * The user's home folder from the environment: `HOME`, or `USERPROFILE` on Windows.
 * @returns an absolute path, or undefined when neither is set to one
 */
export function homeFrom(env: Readonly<Record<string, string | undefined>>): string | undefined {
  for (const value of [env.HOME, env.USERPROFILE]) {
    if (value !== undefined && value !== '' && path.isAbsolute(value)) return value;
  }
  return undefined;
}

/**
 * rclass's state folder: `$XDG_STATE_HOME/rclass` when `XDG_STATE_HOME` is an
 * absolute path (the XDG rule: a relative value is ignored), otherwise
 * `$HOME/.local/state/rclass`.
 * @throws StateLocationError when neither gives an absolute path
 */
export function stateDirectory(env: Readonly<Record<string, string | undefined>>): string {
  const xdg = env.XDG_STATE_HOME;
  if (xdg !== undefined && xdg !== '' && path.isAbsolute(xdg)) return path.join(xdg, STATE_FOLDER);
  const home = homeFrom(env);
  if (home === undefined) throw new StateLocationError('neither XDG_STATE_HOME nor HOME is set to an absolute path, so rclass has nowhere to keep its state');
  return path.join(home, '.local', 'state', STATE_FOLDER);
}

/**
 * The default audit log, `<state folder>/audit.jsonl` (SPEC 10).
 * @throws StateLocationError as {@link stateDirectory}
 */
export function defaultAuditLog(env: Readonly<Record<string, string | undefined>>): string {
  return path.join(stateDirectory(env), AUDIT_LOG_NAME);
}

/**
 * The folder of per-session state files, `<state folder>/sessions` (SPEC 9.3).
 * @throws StateLocationError as {@link stateDirectory}
 */
export function sessionsDirectory(env: Readonly<Record<string, string | undefined>>): string {
  return path.join(stateDirectory(env), SESSIONS_FOLDER);
}

/**
 * Why rclass must not use a state folder, or undefined when it may: the
 * folder must be the user's own (owner = this process's user) and shut to
 * group and others (mode 0700), since whoever else can write it could
 * rewrite the session state and the audit log, and a folder pre-created
 * for others to write (0777) would be used silently otherwise. A folder
 * that does not exist yet is fine: rclass creates it with mode 0700.
 * POSIX only; on Windows (no owner ids or mode bits in `fs.Stats`) it is
 * not checked.
 * @param dir the state folder (absolute), as {@link stateDirectory} gives it
 * @returns a sentence naming the folder, what is wrong and how to fix it
 */
export function unsafeStateFolder(dir: string): string | undefined {
  if (process.platform === 'win32' || typeof process.getuid !== 'function') return undefined;
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return `rclass's state folder ${dir} cannot be checked (${(error as Error).message}), so rclass does not use it`;
  }
  const uid = process.getuid();
  const wrong: string[] = [];
  if (!stats.isDirectory()) wrong.push('is not a folder');
  if (stats.uid !== uid) wrong.push(`belongs to user id ${stats.uid}, not to you (${uid})`);
  if ((stats.mode & 0o077) !== 0) wrong.push(`has mode ${(stats.mode & 0o777).toString(8).padStart(4, '0')}, not 0700`);
  if (wrong.length === 0) return undefined;
  return `rclass's state folder ${dir} ${wrong.join(' and ')}, so others could rewrite its session state and audit log; rclass does not use it. Make it yours with \`chmod 700\` (and \`chown\`) or remove it`;
}
