import { decideBuiltin, decideOutbound, isOutbound } from './builtin-verdict.ts';
import type { ClaudeServers } from '../node/clients/claude-code.ts';
import { type EarlyServers, claudeServers, claudeServersEarly } from './servers.ts';
import type { HookContext } from './context.ts';
import { preToolUseOutput } from './output.ts';
import { logVerdict } from './core/log-verdict.ts';
import type { HookPayload } from './payload.ts';
import { settleCall, unsavedNote, withSession } from './session.ts';

/** What the hook prints and reports for one event. */
export interface HookAnswer {
  /** Exactly one JSON object and a newline. */
  stdout: string;
  /** Notes for stderr (Claude Code keeps them in its debug log). */
  stderr: string[];
}

/**
 * Answer one PreToolUse event.
 * @param payload a checked payload with `toolName` and `toolInput`
 * @returns the answer; errors other than an unwritable log propagate (the caller answers `ask`)
 */
export async function preToolUse(context: HookContext, payload: HookPayload): Promise<HookAnswer> {
  const toolName = payload.toolName!;
  const isMcp = toolName.startsWith('mcp__');
  const stderr: string[] = [];
  // The MCP decision (identification, the registry, the classifier) is its own chunk, loaded only for MCP calls;
  // what is slow in it is done before the session's lock is taken.
  const mcp = isMcp ? await import('./decide-mcp.ts') : undefined;
  let early: EarlyServers | undefined;
  if (mcp !== undefined) {
    early = await claudeServersEarly(context, payload);
    await mcp.prepareMcp(context, payload, early.servers);
  }
  const {
    result: verdict,
    error,
    saved,
  } = await withSession(context, payload, async (session) => {
    const state = session.state;
    let servers: ClaudeServers | undefined;
    if (isMcp || state.servers === null) {
      servers = await claudeServers(context, state, early);
      if (state.servers === null) state.servers = { ...servers.digests };
    }
    const verdict =
      mcp !== undefined
        ? await mcp.decideMcp(context, payload, servers!, session)
        : isOutbound('claude-code', toolName)
          ? decideOutbound(context, payload, session)
          : await decideBuiltin(context, payload);
    return settleCall(context, session, verdict, stderr);
  });
  const note = unsavedNote(saved, error);
  if (note !== undefined) stderr.push(note);
  const { decision, reason } = await logVerdict(context, verdict, stderr);
  return { stdout: preToolUseOutput(decision, reason), stderr };
}
