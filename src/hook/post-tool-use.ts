/**
 * PostToolUse and PostToolUseFailure (SPEC 8.5, 10): the call ran (or ran
 * and failed). The session has read; for an MCP call, `WebFetch` or a
 * built-in tool the hook prompted for, an `outcome` line is appended to
 * the log, tied to its decision by `tool_use_id`, so the log knows which
 * prompts led to a call running. Prints `{}`: after the call there is
 * nothing to decide. Node-only.
 */
import { digestOf } from '../node/digest.ts';
import { parseClaudeToolName } from '../clients/claude-code-names.ts';
import { protectedPathHit, WEB_FETCH } from './builtin.ts';
import type { HookContext } from './context.ts';
import { NO_DECISION } from './output.ts';
import type { HookPayload } from './payload.ts';
import type { HookAnswer } from './pre-tool-use.ts';
import { claudeServers } from './servers.ts';
import { touched, withSession } from './session.ts';
import { peekSessionState } from './state.ts';
import { messageOf } from '../core/errors.ts';

/**
 * Answer one PostToolUse or PostToolUseFailure event.
 * @returns `{}` and notes; errors propagate (the caller still prints `{}`)
 */
export async function postToolUse(context: HookContext, payload: HookPayload): Promise<HookAnswer> {
  const toolName = payload.toolName!;
  const input = payload.toolInput ?? {};
  const stderr: string[] = [];
  // The minimum (issue 14): a session already marked as having read, with its servers' digests taken, has
  // nothing to change, so its state is only read, without the lock or a write; otherwise it is updated under the lock.
  const dir = context.sessionsDir;
  const peeked = dir === undefined ? undefined : await peekSessionState(dir, payload.sessionId);
  const { result: known, error } =
    peeked?.has_read === true && peeked.servers !== null
      ? { result: { names: Object.keys(peeked.servers), effective: peeked.effective_class }, error: undefined }
      : await withSession(context, payload, async (session) => {
          const { state } = session;
          if (state.servers === null) {
            const servers = await claudeServers(context, state);
            state.servers = { ...servers.digests };
          }
          if (session.status === 'new' || session.status === 'lost') state.calls += 1;
          state.has_read = true;
          context.checkCancelled();
          return { result: { names: Object.keys(state.servers), effective: state.effective_class }, next: touched(context, state) };
        });
  if (error !== undefined) stderr.push(`rclass: ${error}`);
  let server: string | null = null;
  let tool = toolName;
  if (toolName.startsWith('mcp__')) {
    const parts = parseClaudeToolName(toolName, known.names);
    if (parts !== undefined) {
      server = parts.server;
      tool = parts.tool;
    }
  } else if (toolName !== WEB_FETCH && (await protectedPathHit(toolName, input, context.protected)) === undefined) {
    return { stdout: NO_DECISION, stderr };
  }
  try {
    await context.log([
      {
        event: 'outcome',
        session: payload.sessionId,
        server,
        tool,
        tool_use_id: payload.toolUseId ?? null,
        class: null,
        source: null,
        decision: null,
        effective_class: known.effective,
        args_sha256: digestOf(input),
        outcome: payload.event === 'PostToolUseFailure' ? 'failed' : 'ran',
        user: context.user,
        host: context.host,
        permission_mode: payload.permissionMode ?? null,
      },
    ]);
  } catch (logError) {
    stderr.push(`rclass: the audit log could not be written: ${messageOf(logError)}`);
  }
  return { stdout: NO_DECISION, stderr };
}
