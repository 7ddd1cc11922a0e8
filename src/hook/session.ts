/**
 * Opening a session's state for one hook event (SPEC 9.3): the saved state,
 * a new one, or, when it was lost or cannot be kept, a new one that
 * assumes the session has read. Node-only.
 */
import { type ReversibilityClass, worseClass } from '../core/classes.ts';
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

/**
 * The session's bookkeeping once a call has its verdict (SPEC 9.3): a lost
 * state is reported on `stderr`, the session has read, its call count and
 * worst class so far move on, and the verdict's audit line carries that
 * class. Every agent's PreToolUse path ends this way.
 * @param verdict the call's verdict; its `audit` line, when present, is updated in place
 * @param stderr where the note about a lost state is added
 * @returns the verdict and the next state to save
 * @throws CancelledError when the hook's deadline has passed
 */
export function settleCall<V extends { cls?: ReversibilityClass; audit?: { effective_class: ReversibilityClass | null } }>(
  context: HookContext,
  session: OpenedSession,
  verdict: V,
  stderr: string[],
): { result: V; next: SessionFile } {
  const { state } = session;
  if (session.problem !== undefined) stderr.push(`rclass: ${session.problem}; the session is taken to have read (SPEC 9.3)`);
  state.has_read = true;
  state.calls += 1;
  if (verdict.cls !== undefined) state.effective_class = worseClass(state.effective_class, verdict.cls);
  if (verdict.audit !== undefined) verdict.audit.effective_class = state.effective_class;
  context.checkCancelled();
  return { result: verdict, next: touched(context, state) };
}

/**
 * The note for `stderr` when a session's state could not be saved after a
 * call (SPEC 9.3), or undefined when it was.
 */
export function unsavedNote(saved: boolean, error: string | undefined): string | undefined {
  return !saved && error !== undefined
    ? `rclass: ${error}; later calls of this session take it to have read only if they find signs of this one (SPEC 9.3)`
    : undefined;
}
