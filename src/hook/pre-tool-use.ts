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
import path from 'node:path';
import { homeFrom } from '../node/state-dir.ts';
import { classifyOutbound, OUTBOUND_BUILTINS, protectedPathHit } from './builtin.ts';
import type { ClaudeServers } from '../node/clients/claude-code.ts';
import { type EarlyServers, claudeServers, claudeServersEarly } from './servers.ts';
import type { HookContext } from './context.ts';
import { decisionFor, decisionReason, oneLine } from './decide.ts';
import { type Verdict, auditRecord } from './verdict.ts';
import { preToolUseOutput } from './output.ts';
import { logVerdict } from './core/log-verdict.ts';
import type { HookPayload } from './payload.ts';
import { type OpenedSession, touched, withSession } from './session.ts';

/** What the hook prints and reports for one event. */
export interface HookAnswer {
  /** Exactly one JSON object and a newline. */
  stdout: string;
  /** Notes for stderr (Claude Code keeps them in its debug log). */
  stderr: string[];
}

function decideOutbound(context: HookContext, payload: HookPayload, session: OpenedSession): Verdict {
  const thresholds = context.options.thresholds;
  const toolName = payload.toolName!;
  let c = classifyOutbound(toolName, payload.toolInput!, session.state.has_read, context.options.egressAllow, context.options.registrableDomain);
  if (c.source === 'session' && session.problem !== undefined)
    c = { ...c, notes: [...(c.notes ?? []), `session guard: ${session.problem}, so the session is taken to have read`] };
  const decision = decisionFor(c.class, thresholds);
  return {
    decision,
    cls: c.class,
    reason: decisionReason(c, decision, thresholds, toolName),
    audit: auditRecord(context, payload, {
      server: null,
      tool: toolName,
      class: c.class,
      source: c.source,
      decision,
      ...(c.source === 'session'
        ? {
            detail: `session guard: the session has read, and ${OUTBOUND_BUILTINS[toolName]?.destination !== undefined ? 'a URL is not on the egress allowlist' : 'the tool sends data where no allowlist can clear it'}`,
          }
        : {}),
    }),
  };
}

async function decideBuiltin(context: HookContext, payload: HookPayload): Promise<Verdict> {
  const toolName = payload.toolName!;
  const home = homeFrom(context.environment.env);
  const cwd = payload.cwd !== undefined && path.isAbsolute(payload.cwd) ? payload.cwd : context.envProjectDir;
  const hit = await protectedPathHit(toolName, payload.toolInput!, context.protected, {
    ...(cwd !== undefined ? { cwd } : {}),
    ...(home !== undefined ? { home } : {}),
  });
  if (hit === undefined) return { decision: 'none', reason: '' };
  const why = hit.includes(' ') ? hit : `it names \`${hit}\``;
  return {
    decision: 'ask',
    reason: oneLine(
      `rclass: ${toolName} may write to rclass's session state, its audit log or Claude Code's settings (${why}); the hook asks before a tool changes what guards it. Needs your approval.`,
    ),
    audit: auditRecord(context, payload, {
      server: null,
      tool: toolName,
      class: null,
      source: 'builtin',
      decision: 'ask',
      detail: `may write to a protected path: ${hit}`,
    }),
  };
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
        : Object.hasOwn(OUTBOUND_BUILTINS, toolName)
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
