/**
 * Where rclass keeps its state on the user's machine: the XDG state folder,
 * `$XDG_STATE_HOME/rclass` or `~/.local/state/rclass`, holding the audit
 * log `audit.jsonl` (SPEC 10) and the hook's session state `sessions/`
 * (SPEC 9.3). Everything comes from the environment given, never from the
 * process's own, so tests run against temporary folders. Node-only.
 */
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
