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
import type { AuditRecord } from '../audit/log.ts';
import { digestOf } from '../node/digest.ts';
import path from 'node:path';
import { homeFrom } from '../node/state-dir.ts';
import { buildIdentityIndex, type IdentityIndex, withMappings } from '../clients/identify/index.ts';
import { projectSettingsInspector } from '../node/clients/project-settings.ts';
import { CLASS_NAMES, DEFAULT_POLICY, type ReversibilityClass, worseClass } from '../core/classes.ts';
import { Classifier } from '../core/classify.ts';
import type { Registry } from '../core/registry.ts';
import { Session } from '../core/session.ts';
import { classifyOutbound, OUTBOUND_BUILTINS, protectedPathHit, type HookClassification } from './builtin.ts';
import { type ClaudeServers, readClaudeServers } from '../node/clients/claude-code.ts';
import type { HookContext, HookMappings } from './context.ts';
import { type HookDecision, decisionFor, decisionReason, oneLine } from './decide.ts';
import { resolveMcpServer } from './identify-session.ts';
import { preToolUseOutput } from './output.ts';
import type { HookPayload } from './payload.ts';
import { type OpenedSession, touched, withSession } from './session.ts';
import { messageOf } from '../core/errors.ts';

/** What the hook prints and reports for one event. */
export interface HookAnswer {
  /** Exactly one JSON object and a newline. */
  stdout: string;
  /** Notes for stderr (Claude Code keeps them in its debug log). */
  stderr: string[];
}

/** The answer for one call before it is logged. */
interface Verdict {
  decision: HookDecision;
  reason: string;
  /** The class, when the call was classified. */
  cls?: ReversibilityClass;
  /** The log line, without the session's effective class; undefined when nothing is logged. */
  audit?: AuditRecord;
}

const indexes = new WeakMap<Registry, IdentityIndex>();

/** The registry's identities, with the server mapping file's when the hook may use it (SPEC 6.3). */
function identityIndex(registry: Registry, mappings: HookMappings, home: string | undefined): IdentityIndex {
  let index = indexes.get(registry);
  if (index === undefined) {
    index = { ...buildIdentityIndex(registry.document.servers), project: projectSettingsInspector(home) };
    if (mappings.usable && mappings.mappings.length > 0) index = withMappings(index, mappings.mappings, (id) => registry.server(id) !== undefined).index;
    indexes.set(registry, index);
  }
  return index;
}

function unknownClassification(server: string, tool: string, rationale: string, source: 'unknown' | 'error' = 'unknown'): HookClassification {
  return { server, tool, class: 'R4', name: CLASS_NAMES.R4, source, rationale, policy: DEFAULT_POLICY.R4 };
}

function auditRecord(context: HookContext, payload: HookPayload, fields: Pick<AuditRecord, 'server' | 'tool' | 'class' | 'source' | 'decision'> & Partial<AuditRecord>): AuditRecord {
  return {
    event: 'decision',
    session: payload.sessionId,
    record: null,
    tool_use_id: payload.toolUseId ?? null,
    effective_class: null,
    args_sha256: digestOf(payload.toolInput ?? {}),
    user: context.user,
    host: context.host,
    permission_mode: payload.permissionMode ?? null,
    ...fields,
  };
}

async function decideMcp(context: HookContext, payload: HookPayload, servers: ClaudeServers, session: OpenedSession): Promise<Verdict> {
  const toolName = payload.toolName!;
  const input = payload.toolInput!;
  const { state } = session;
  const thresholds = context.options.thresholds;
  let registry: Registry;
  try {
    registry = await context.registry();
  } catch (error) {
    const message = messageOf(error);
    const c = unknownClassification(toolName, '', `The registry could not be loaded (${message}), so the call cannot be classified and is treated as irreversible (SPEC 4.4).`, 'error');
    const decision = decisionFor('R4', thresholds);
    return { decision, cls: 'R4', reason: decisionReason(c, decision, thresholds, toolName), audit: auditRecord(context, payload, { server: null, tool: toolName, class: 'R4', source: 'error', decision, detail: 'the registry could not be loaded' }) };
  }
  const mappings = await context.mappings();
  const resolution = resolveMcpServer(toolName, servers, identityIndex(registry, mappings, context.environment.env.HOME ?? context.environment.env.USERPROFILE), context.options.mappings, (id) => registry.server(id) !== undefined);
  if (resolution.status === 'unrecognised' && !mappings.usable) resolution.reason += `; the server mapping file \`${mappings.file}\` was not used: ${mappings.why}`;
  const call = resolution.tool === '' ? toolName : `${resolution.server}/${resolution.tool}`;
  const current = servers.digests[resolution.server];
  const baseline = state.servers?.[resolution.server];
  let changed: string | undefined;
  if (current !== undefined && baseline === undefined) changed = `\`${resolution.server}\` was not configured when the session started`;
  else if (current !== undefined && baseline !== current) changed = `the configuration of \`${resolution.server}\` changed during the session, so what runs may not be what it names now`;

  let c: HookClassification;
  let identified: string | undefined;
  let detail: string | undefined;
  let recordId: string | null = null;
  if (changed !== undefined) {
    c = unknownClassification(resolution.server, resolution.tool, `${changed}; a server rclass cannot tie to a record is irreversible until classified (SPEC 4.3, 6).`);
    detail = changed.replace(/`/g, '');
  } else if (resolution.status === 'unrecognised') {
    c = unknownClassification(resolution.server, resolution.tool, `rclass cannot tell which server \`${resolution.server}\` runs: ${resolution.reason}; an unrecognised server is irreversible until classified (SPEC 4.3, 6.2).`);
    detail = `unrecognised server: ${resolution.reason}`.replace(/`/g, '');
  } else {
    recordId = resolution.recordId;
    const guard = Session.fromState({ hasRead: state.has_read, effectiveClass: state.effective_class, calls: state.calls }, { egressAllow: context.options.egressAllow });
    c = await new Classifier(registry).checkAsync(resolution.recordId, resolution.tool, input, { session: guard, serverVersion: resolution.version });
    const vouched = resolution.via === 'map' ? ` by ${resolution.subject}` : resolution.mapping !== undefined ? ` by the server mapping at ${resolution.mapping}` : '';
    identified = `record ${resolution.recordId}${vouched}${c.status !== undefined ? `, ${c.status}` : ''}`;
    if (c.source === 'unknown') detail = 'the record does not list this tool';
    if (c.source === 'session') detail = 'session guard: the session has read, and a destination is not on the egress allowlist';
    if (c.source === 'session' && session.problem !== undefined) c = { ...c, notes: [...(c.notes ?? []), `session guard: ${session.problem}, so the session is taken to have read`] };
  }
  const decision = decisionFor(c.class, thresholds);
  return {
    decision,
    cls: c.class,
    reason: decisionReason(c, decision, thresholds, call, identified),
    audit: auditRecord(context, payload, {
      server: resolution.server,
      record: recordId,
      tool: resolution.tool === '' ? toolName : resolution.tool,
      class: c.class,
      source: c.source,
      ...(c.rule !== undefined ? { rule: c.rule } : {}),
      decision,
      ...(detail !== undefined ? { detail } : {}),
    }),
  };
}

function decideOutbound(context: HookContext, payload: HookPayload, session: OpenedSession): Verdict {
  const thresholds = context.options.thresholds;
  const toolName = payload.toolName!;
  let c = classifyOutbound(toolName, payload.toolInput!, session.state.has_read, context.options.egressAllow);
  if (c.source === 'session' && session.problem !== undefined) c = { ...c, notes: [...(c.notes ?? []), `session guard: ${session.problem}, so the session is taken to have read`] };
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
      ...(c.source === 'session' ? { detail: `session guard: the session has read, and ${OUTBOUND_BUILTINS[toolName]?.destination !== undefined ? 'a URL is not on the egress allowlist' : 'the tool sends data where no allowlist can clear it'}` } : {}),
    }),
  };
}

async function decideBuiltin(context: HookContext, payload: HookPayload): Promise<Verdict> {
  const toolName = payload.toolName!;
  const home = homeFrom(context.environment.env);
  const cwd = payload.cwd !== undefined && path.isAbsolute(payload.cwd) ? payload.cwd : context.envProjectDir;
  const hit = await protectedPathHit(toolName, payload.toolInput!, context.protected, { ...(cwd !== undefined ? { cwd } : {}), ...(home !== undefined ? { home } : {}) });
  if (hit === undefined) return { decision: 'none', reason: '' };
  const why = hit.includes(' ') ? hit : `it names \`${hit}\``;
  return {
    decision: 'ask',
    reason: oneLine(`rclass: ${toolName} may write to rclass's session state, its audit log or Claude Code's settings (${why}); the hook asks before a tool changes what guards it. Needs your approval.`),
    audit: auditRecord(context, payload, { server: null, tool: toolName, class: null, source: 'builtin', decision: 'ask', detail: `may write to a protected path: ${hit}` }),
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
    const verdict = isMcp
      ? await decideMcp(context, payload, servers!, session)
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
  if (!saved && error !== undefined) stderr.push(`rclass: ${error}; later calls of this session take it to have read only if they find signs of this one (SPEC 9.3)`);
  let { decision, reason } = verdict;
  if (verdict.audit !== undefined) {
    try {
      await context.log([verdict.audit]);
    } catch (logError) {
      const why = messageOf(logError);
      stderr.push(`rclass: the audit log could not be written: ${why}`);
      if (decision === 'none' || decision === 'allow') {
        decision = 'ask';
        reason = oneLine(`${reason.replace(/ Allowed without a prompt:.*$/, '')} rclass could not write its audit log (${why}), so it asks rather than let the call through unrecorded.`);
      }
    }
  }
  return { stdout: preToolUseOutput(decision, reason), stderr };
}
