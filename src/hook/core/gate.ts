/**
 * One hook event of an agent other than Claude Code, through the decision
 * core (SPEC 4.4, 8.5, 9, 10): the adapter reads the payload, the core
 * keeps the session's state (under `<agent>:<session id>`), identifies the
 * server, classifies the call with its arguments and the session guard,
 * logs the decision, and the adapter writes the answer. Any error, and any
 * payload it cannot read, answers `ask` (Codex: a block), never `allow`.
 * Node-only.
 */
import type { AgentAdapter, AgentCall, BuiltinCall } from '../../clients/agents/types.ts';
import { decideBuiltin, decideOutbound, isOutbound } from '../builtin-verdict.ts';
import { worseClass } from '../../core/classes.ts';
import { messageOf } from '../../core/errors.ts';
import type { LayeredRegistry } from '../../node/layered-registry.ts';
import { CancelledError, type HookContext } from '../context.ts';
import { oneLine } from '../decide.ts';
import type { HookInput } from '../handle.ts';
import type { HookPayload } from '../payload.ts';
import type { HookAnswer } from '../pre-tool-use.ts';
import { settleCall, touched, unsavedNote, withSession } from '../session.ts';
import { classifyResolved, registryFailure } from './classify-call.ts';
import { identityIndex } from './identity.ts';
import { logVerdict } from './log-verdict.ts';
import { resolveCodexServer } from './codex-server.ts';
import { resolveHint } from './resolve-hint.ts';
import type { CallIdentity, Verdict } from './verdict.ts';

/** The session id as the state folder and the log know it: prefixed with the agent, so no two agents share a session. */
function agentSessionId(adapter: AgentAdapter, sessionId: string): string {
  return `${adapter.name}:${sessionId}`;
}

function payloadFor(adapter: AgentAdapter, sessionId: string, toolName?: string): HookPayload {
  return {
    event: 'PreToolUse',
    eventName: `${adapter.name}:PreToolUse`,
    sessionId: agentSessionId(adapter, sessionId),
    ...(toolName !== undefined ? { toolName } : {}),
  };
}

/** The reason an agent's user sees when the hook cannot decide. */
export function failureReason(why: string): string {
  return oneLine(`rclass: R4 Irreversible (error): the hook could not classify this call (${why}), so it asks (SPEC 4.4).`);
}

/**
 * Answer a payload or an error the hook cannot decide: `ask` in the agent's
 * terms, a log line, and the session marked as having read when known.
 * @param logDeadline when given, the session is left alone and the log waits only until then (the deadline passed)
 * @returns never throws
 */
export async function agentFailure(
  context: HookContext,
  adapter: AgentAdapter,
  why: string,
  known: { sessionId?: string; toolName?: string },
  logDeadline?: number,
): Promise<HookAnswer> {
  const stderr = [`rclass: ${why}`];
  if (known.sessionId !== undefined && logDeadline === undefined) {
    try {
      await withSession(context, payloadFor(adapter, known.sessionId), async (session) => {
        session.state.has_read = true;
        return { result: undefined, next: touched(context, session.state) };
      });
    } catch (error) {
      stderr.push(`rclass: the session could not be marked as having read: ${messageOf(error)}`);
    }
  }
  try {
    await context.log(
      [
        {
          event: 'decision',
          session: known.sessionId !== undefined ? agentSessionId(adapter, known.sessionId) : null,
          server: null,
          tool: known.toolName ?? null,
          tool_use_id: null,
          class: 'R4',
          source: 'error',
          decision: 'ask',
          effective_class: null,
          args_sha256: null,
          detail: why.slice(0, 300),
          user: context.user,
          host: context.host,
          permission_mode: null,
        },
      ],
      logDeadline,
    );
  } catch (error) {
    if (!(error instanceof CancelledError)) stderr.push(`rclass: the audit log could not be written: ${messageOf(error)}`);
  }
  return { stdout: adapter.render('ask', failureReason(why)).stdout, stderr };
}

async function decideCall(context: HookContext, adapter: AgentAdapter, call: AgentCall): Promise<HookAnswer> {
  const stderr: string[] = [];
  // Codex sends only the server's name: its configuration says what runs (read before the session's lock).
  const codex =
    adapter.name === 'codex' && call.server.kind === 'name'
      ? await (await import('../../node/clients/codex-config.ts')).readCodexConfig(context.environment.env, call.cwd ?? context.environment.cwd)
      : undefined;
  const identity: CallIdentity = {
    sessionId: agentSessionId(adapter, call.sessionId),
    input: call.input,
    ...(call.toolUseId !== undefined ? { toolUseId: call.toolUseId } : {}),
    ...(call.permissionMode !== undefined ? { permissionMode: call.permissionMode } : {}),
  };
  const {
    result: verdict,
    error,
    saved,
  } = await withSession(context, payloadFor(adapter, call.sessionId, call.toolName), async (session) => {
    const { state } = session;
    if (state.servers === null) state.servers = {};
    let registry: LayeredRegistry | undefined;
    let verdict: Verdict;
    try {
      registry = await context.registry();
    } catch (loadError) {
      verdict = registryFailure(context, identity, call.toolName, loadError);
    }
    if (registry !== undefined) {
      const known = registry;
      const identities = known.identities;
      const mappings = await context.mappings();
      const index = identityIndex(identities, mappings, context.environment.env.HOME ?? context.environment.env.USERPROFILE);
      const hasRecord = (id: string) => identities.server(id) !== undefined;
      const resolution =
        call.server.kind === 'name' && codex !== undefined
          ? resolveCodexServer(call.toolName, codex, index, context.options.mappings, hasRecord)
          : resolveHint(call.server, call.tool, index);
      if (resolution.status === 'unrecognised' && !mappings.usable)
        resolution.reason += `; the server mapping file \`${mappings.file}\` was not used: ${mappings.why}`;
      verdict = await classifyResolved(context, known, identity, { resolution, toolName: call.toolName, input: call.input }, session);
    }
    if (session.problem !== undefined) stderr.push(`rclass: ${session.problem}; the session is taken to have read (SPEC 9.3)`);
    state.has_read = true;
    state.calls += 1;
    if (verdict!.cls !== undefined) state.effective_class = worseClass(state.effective_class, verdict!.cls);
    if (verdict!.audit !== undefined) verdict!.audit.effective_class = state.effective_class;
    context.checkCancelled();
    return { result: verdict!, next: touched(context, state) };
  });
  if (!saved && error !== undefined)
    stderr.push(`rclass: ${error}; later calls of this session take it to have read only if they find signs of this one (SPEC 9.3)`);
  const { decision, reason } = await logVerdict(context, verdict, stderr);
  return { stdout: adapter.render(decision, reason).stdout, stderr };
}

/**
 * Decide a call of one of the agent's own tools with the agent's table (SPEC 9): the session guard for the
 * tools that send data out, the self-protection check for any other; the call marks the session as having read.
 */
async function decideBuiltinCall(context: HookContext, adapter: AgentAdapter, call: BuiltinCall): Promise<HookAnswer> {
  const stderr: string[] = [];
  const payload: HookPayload = {
    ...payloadFor(adapter, call.sessionId, call.toolName),
    toolInput: call.input,
    ...(call.cwd !== undefined ? { cwd: call.cwd } : {}),
    ...(call.toolUseId !== undefined ? { toolUseId: call.toolUseId } : {}),
    ...(call.permissionMode !== undefined ? { permissionMode: call.permissionMode } : {}),
  };
  // The path check may resolve files on disk: done before the session's lock, as for Claude Code's own tools.
  const written = isOutbound(adapter.name, call.toolName) ? undefined : await decideBuiltin(context, payload, adapter.name);
  const {
    result: verdict,
    error,
    saved,
  } = await withSession(context, payload, async (session) => {
    const { state } = session;
    if (state.servers === null) state.servers = {};
    return settleCall(context, session, written ?? decideOutbound(context, payload, session, adapter.name), stderr);
  });
  const note = unsavedNote(saved, error);
  if (note !== undefined) stderr.push(note);
  const { decision, reason } = await logVerdict(context, verdict, stderr);
  return { stdout: adapter.render(decision, reason).stdout, stderr };
}

/**
 * Answer one hook event of an agent.
 * @param input stdin, or why it could not be read whole
 * @returns the stdout for the agent and notes for stderr; never throws except {@link CancelledError} (the hook already answered)
 */
export async function handleAgentHook(context: HookContext, adapter: AgentAdapter, input: HookInput): Promise<HookAnswer> {
  if (!input.ok) return agentFailure(context, adapter, `unparseable hook input: ${input.reason}`, {});
  const parsed = adapter.parse(input.text);
  context.seen =
    parsed.kind === 'call' || parsed.kind === 'builtin'
      ? { sessionId: parsed.call.sessionId, toolName: parsed.call.toolName }
      : parsed.kind === 'error'
        ? {
            ...(parsed.sessionId !== undefined ? { sessionId: parsed.sessionId } : {}),
            ...(parsed.toolName !== undefined ? { toolName: parsed.toolName } : {}),
          }
        : {};
  if (parsed.kind === 'error')
    return agentFailure(context, adapter, parsed.reason, {
      ...(parsed.sessionId !== undefined ? { sessionId: parsed.sessionId } : {}),
      ...(parsed.toolName !== undefined ? { toolName: parsed.toolName } : {}),
    });
  try {
    if (parsed.kind === 'pass') {
      const stderr: string[] = [];
      if (parsed.sessionId !== undefined && parsed.marksRead) {
        const { error } = await withSession(context, payloadFor(adapter, parsed.sessionId), async (session) => {
          session.state.has_read = true;
          session.state.calls += 1;
          if (session.state.servers === null) session.state.servers = {};
          return { result: undefined, next: touched(context, session.state) };
        });
        if (error !== undefined) stderr.push(`rclass: ${error}`);
      }
      return { stdout: adapter.render('none', '').stdout, stderr };
    }
    if (parsed.kind === 'builtin') return await decideBuiltinCall(context, adapter, parsed.call);
    return await decideCall(context, adapter, parsed.call);
  } catch (error) {
    if (error instanceof CancelledError) throw error;
    const seen =
      parsed.kind === 'call' || parsed.kind === 'builtin'
        ? { sessionId: parsed.call.sessionId, toolName: parsed.call.toolName }
        : parsed.sessionId !== undefined
          ? { sessionId: parsed.sessionId }
          : {};
    return agentFailure(context, adapter, `internal error: ${messageOf(error)}`, seen);
  }
}
