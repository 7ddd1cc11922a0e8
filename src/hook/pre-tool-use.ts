/**
 * PreToolUse (SPEC 8.5, 9): mark the session as having read, and decide
 * MCP calls, the built-in tools that send data out (`WebFetch`, `WebSearch`, …), and built-in tools that would write to what
 * guards them.
 *
 * - An MCP call is tied to a record through Claude Code's configuration
 *   (SPEC 6) and classified with its arguments; an unrecognised server or
 *   tool, or a server whose entries changed since the session started, is
 *   R4 (SPEC 4.3).
 * - The class decides: no decision below R2 (or `allow` up to
 *   `--allow-up-to`), `ask` from R2, `deny` from `--deny-from`.
 * - Every decision about an MCP call or an outbound built-in tool, and every prompt for a
 *   built-in tool, is logged (SPEC 10); if the log cannot be written, the
 *   call is asked about rather than let through.
 * Node-only.
 */
import { worseClass } from '../core/classes.ts';
import { decideBuiltin, decideOutbound, isOutbound } from './builtin-verdict.ts';
import type { ClaudeServers } from '../node/clients/claude-code.ts';
import { type EarlyServers, claudeServers, claudeServersEarly } from './servers.ts';
import type { HookContext } from './context.ts';
import { preToolUseOutput } from './output.ts';
import { logVerdict } from './core/log-verdict.ts';
import type { HookPayload } from './payload.ts';
import { touched, withSession } from './session.ts';

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
    if (session.problem !== undefined) stderr.push(`rclass: ${session.problem}; the session is taken to have read (SPEC 9.3)`);
    state.has_read = true;
    state.calls += 1;
    if (verdict.cls !== undefined) state.effective_class = worseClass(state.effective_class, verdict.cls);
    if (verdict.audit !== undefined) verdict.audit.effective_class = state.effective_class;
    context.checkCancelled();
    return { result: verdict, next: touched(context, state) };
  });
  if (!saved && error !== undefined)
    stderr.push(`rclass: ${error}; later calls of this session take it to have read only if they find signs of this one (SPEC 9.3)`);
  const { decision, reason } = await logVerdict(context, verdict, stderr);
  return { stdout: preToolUseOutput(decision, reason), stderr };
}
