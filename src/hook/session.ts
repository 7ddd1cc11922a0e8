/**
 * Opening a session's state for one hook event (SPEC 9.3): the saved state,
 * a new one, or, when it was lost or cannot be kept, a new one that
 * assumes the session has read. Node-only.
 */
import { rfc3339 } from '../node/time.ts';
import { BUDGET, type HookContext } from './context.ts';
import type { HookPayload } from './payload.ts';
import { priorActivity } from './prior-activity.ts';
import { type LoadedState, type SessionFile, type SessionStateResult, freshState, withSessionState } from './state.ts';

/** The state an event works with. */
export interface OpenedSession {
  /** A copy to change and return as the next state. */
  state: SessionFile;
  /** How it was found (SPEC 9.3). */
  status: LoadedState['status'];
  /** Why the state was lost or cannot be kept, when it was or cannot. */
  problem?: string;
}

/**
 * Run `fn` with the session's state under its lock and save what it returns.
 * @returns `fn`'s result, and whether the state was saved (with why not)
 * @throws whatever `fn` throws
 */
export async function withSession<T>(
  context: HookContext,
  payload: HookPayload,
  fn: (session: OpenedSession) => Promise<{ result: T; next?: SessionFile }>,
): Promise<SessionStateResult<T>> {
  const time = rfc3339(context.now());
  const open = (loaded: LoadedState): OpenedSession => {
    switch (loaded.status) {
      case 'found':
        return { state: { ...loaded.state, servers: loaded.state.servers === null ? null : { ...loaded.state.servers } }, status: 'found' };
      case 'new':
        return { state: freshState(payload.sessionId, time, context.projectDirAtStart(payload)), status: 'new' };
      default: {
        const state = freshState(payload.sessionId, time, context.projectDirAtStart(payload));
        state.has_read = true;
        state.lost = loaded.reason;
        return { state, status: loaded.status, problem: loaded.reason };
      }
    }
  };
  const dir = context.sessionsDir;
  if (dir === undefined) {
    const reason = `the session state cannot be kept: ${context.stateProblem ?? 'no state folder'}`;
    const { result } = await fn(open({ status: 'unavailable', reason }));
    return { result, saved: false, error: reason };
  }
  return withSessionState(
    {
      dir,
      sessionId: payload.sessionId,
      deadline: context.at(BUDGET.sessionLock),
      priorActivity: () => priorActivity(payload.sessionId, payload.transcriptPath, context.logFile),
    },
    async (loaded) => fn(open(loaded)),
  );
}

/** Stamp a state as updated now. */
export function touched(context: HookContext, state: SessionFile): SessionFile {
  return { ...state, updated: rfc3339(context.now()) };
}
