/**
 * SessionStart (SPEC 9.3): record Claude Code's project folder and a digest
 * of every MCP server's configuration as the session starts. On `startup`
 * and `resume` Claude Code (re)starts its MCP servers from the current
 * configuration, so the digests are taken afresh; on `clear` and `compact`
 * they are kept. A resumed session whose state is missing but whose
 * transcript shows tool results is taken to have read. Old session files
 * are pruned when a new session starts. Prints `{}`. Node-only.
 */
import { claudeServers } from './servers.ts';
import type { HookContext } from './context.ts';
import { NO_DECISION } from './output.ts';
import type { HookPayload } from './payload.ts';
import type { HookAnswer } from './pre-tool-use.ts';
import { pruneSessions } from './state.ts';
import { touched, withSession } from './session.ts';

/**
 * Answer one SessionStart event.
 * @returns `{}` and notes; errors propagate (the caller still prints `{}`)
 */
export async function sessionStart(context: HookContext, payload: HookPayload): Promise<HookAnswer> {
  const stderr: string[] = [];
  const restart = payload.source === undefined || payload.source === 'startup' || payload.source === 'resume';
  const { result: status, error } = await withSession(context, payload, async (session) => {
    const { state } = session;
    if (restart) state.project_dir = context.projectDirAtStart(payload) ?? state.project_dir;
    if (restart || state.servers === null) {
      const servers = await claudeServers(context, state);
      state.servers = { ...servers.digests };
    }
    if (session.problem !== undefined) stderr.push(`rclass: ${session.problem}; the session is taken to have read (SPEC 9.3)`);
    context.checkCancelled();
    return { result: session.status, next: touched(context, state) };
  });
  if (error !== undefined) stderr.push(`rclass: ${error}`);
  if (status === 'new' && context.sessionsDir !== undefined) await pruneSessions(context.sessionsDir);
  return { stdout: NO_DECISION, stderr };
}
