/**
 * PreToolUse (SPEC 8.5, 9): mark the session as having read, and decide
 * MCP calls, `WebFetch`, and built-in tools that would write to what
 * guards them.
 *
 * - An MCP call is tied to a record through Claude Code's configuration
 *   (SPEC 6) and classified with its arguments; an unrecognised server or
 *   tool, or a server whose entries changed since the session started, is
 *   R4 (SPEC 4.3).
 * - The class decides: no decision below R2 (or `allow` up to
 *   `--allow-up-to`), `ask` from R2, `deny` from `--deny-from`.
 * - Every decision about an MCP call or `WebFetch`, and every prompt for a
 *   built-in tool, is logged (SPEC 10); if the log cannot be written, the
 *   call is asked about rather than let through.
 * Node-only.
 */
import { worseClass } from '../core/classes.ts';
import type { Registry } from '../core/registry.ts';
import { classifyWebFetch, protectedPathHit, WEB_FETCH } from './builtin.ts';
import { type ClaudeServers, readClaudeServers } from '../node/clients/claude-code.ts';
import type { HookContext } from './context.ts';
import { identityIndex } from './core/identity.ts';
import { decisionFor, decisionReason, oneLine } from './decide.ts';
import { resolveMcpServer } from './identify-session.ts';
import { preToolUseOutput } from './output.ts';
import type { HookPayload } from './payload.ts';
import { type OpenedSession, touched, withSession } from './session.ts';
import { classifyResolved, registryFailure } from './core/classify-call.ts';
import { logVerdict } from './core/log-verdict.ts';
import { type CallIdentity, type Verdict, decisionRecord } from './core/verdict.ts';

/** What the hook prints and reports for one event. */
export interface HookAnswer {
  /** Exactly one JSON object and a newline. */
  stdout: string;
  /** Notes for stderr (Claude Code keeps them in its debug log). */
  stderr: string[];
}

/** A Claude Code payload as the decision core identifies a call. */
function callOf(payload: HookPayload): CallIdentity {
  return {
    sessionId: payload.sessionId,
    input: payload.toolInput ?? {},
    ...(payload.toolUseId !== undefined ? { toolUseId: payload.toolUseId } : {}),
    ...(payload.permissionMode !== undefined ? { permissionMode: payload.permissionMode } : {}),
  };
}

async function decideMcp(context: HookContext, payload: HookPayload, servers: ClaudeServers, session: OpenedSession): Promise<Verdict> {
  const toolName = payload.toolName!;
  const input = payload.toolInput!;
  const { state } = session;
  let registry: Registry;
  try {
    registry = await context.registry();
  } catch (error) {
    return registryFailure(context, callOf(payload), toolName, error);
  }
  const mappings = await context.mappings();
  const resolution = resolveMcpServer(toolName, servers, identityIndex(registry, mappings, context.environment.env.HOME ?? context.environment.env.USERPROFILE), context.options.mappings, (id) => registry.server(id) !== undefined);
  if (resolution.status === 'unrecognised' && !mappings.usable) resolution.reason += `; the server mapping file \`${mappings.file}\` was not used: ${mappings.why}`;
  const current = servers.digests[resolution.server];
  const baseline = state.servers?.[resolution.server];
  let changed: string | undefined;
  if (current !== undefined && baseline === undefined) changed = `\`${resolution.server}\` was not configured when the session started`;
  else if (current !== undefined && baseline !== current) changed = `the configuration of \`${resolution.server}\` changed during the session, so what runs may not be what it names now`;
  return classifyResolved(context, registry, callOf(payload), { resolution, toolName, input, ...(changed !== undefined ? { changed } : {}) }, session);
}

function decideWebFetch(context: HookContext, payload: HookPayload, session: OpenedSession): Verdict {
  const thresholds = context.options.thresholds;
  let c = classifyWebFetch(payload.toolInput!, session.state.has_read, context.options.egressAllow);
  if (c.source === 'session' && session.problem !== undefined) c = { ...c, notes: [...(c.notes ?? []), `session guard: ${session.problem}, so the session is taken to have read`] };
  const decision = decisionFor(c.class, thresholds);
  return {
    decision,
    cls: c.class,
    reason: decisionReason(c, decision, thresholds, WEB_FETCH),
    audit: decisionRecord(context, callOf(payload), {
      server: null,
      tool: WEB_FETCH,
      class: c.class,
      source: c.source,
      decision,
      ...(c.source === 'session' ? { detail: 'session guard: the session has read, and a URL is not on the egress allowlist' } : {}),
    }),
  };
}

async function decideBuiltin(context: HookContext, payload: HookPayload): Promise<Verdict> {
  const toolName = payload.toolName!;
  const hit = await protectedPathHit(toolName, payload.toolInput!, context.protected);
  if (hit === undefined) return { decision: 'none', reason: '' };
  const why = hit.includes(' ') ? hit : `it names \`${hit}\``;
  return {
    decision: 'ask',
    reason: oneLine(`rclass: ${toolName} may write to rclass's session state, its audit log or Claude Code's settings (${why}); the hook asks before a tool changes what guards it. Needs your approval.`),
    audit: decisionRecord(context, callOf(payload), { server: null, tool: toolName, class: null, source: 'builtin', decision: 'ask', detail: `may write to a protected path: ${hit}` }),
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
  const { result: verdict, error, saved } = await withSession(context, payload, async (session) => {
    const state = session.state;
    const projectDir = context.envProjectDir ?? state.project_dir ?? undefined;
    let servers: ClaudeServers | undefined;
    if (isMcp || state.servers === null) {
      servers = await readClaudeServers({ ...(context.claudeJson !== undefined ? { claudeJson: context.claudeJson } : {}), managedMcp: context.managedMcp, ...(projectDir !== undefined ? { projectDir } : {}) });
      if (state.servers === null) state.servers = { ...servers.digests };
    }
    const verdict = isMcp ? await decideMcp(context, payload, servers!, session) : toolName === WEB_FETCH ? decideWebFetch(context, payload, session) : await decideBuiltin(context, payload);
    if (session.problem !== undefined) stderr.push(`rclass: ${session.problem}; the session is taken to have read (SPEC 9.3)`);
    state.has_read = true;
    state.calls += 1;
    if (verdict.cls !== undefined) state.effective_class = worseClass(state.effective_class, verdict.cls);
    if (verdict.audit !== undefined) verdict.audit.effective_class = state.effective_class;
    context.checkCancelled();
    return { result: verdict, next: touched(context, state) };
  });
  if (!saved && error !== undefined) stderr.push(`rclass: ${error}; later calls of this session take it to have read only if they find signs of this one (SPEC 9.3)`);
  const { decision, reason } = await logVerdict(context, verdict, stderr);
  return { stdout: preToolUseOutput(decision, reason), stderr };
}
