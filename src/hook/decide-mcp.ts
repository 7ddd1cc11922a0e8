/**
 * The decision for an MCP tool call (SPEC 6, 8.5, 9), apart from the rest
 * of PreToolUse so that the hook loads the identification code, the
 * registry and the classifier only for MCP calls (issue 14). Node-only.
 */
import { buildIdentityIndex, type IdentityIndex, withMappings } from '../clients/identify/index.ts';
import { projectSettingsInspector } from '../node/clients/project-settings.ts';
import { Classifier } from '../core/classify.ts';
import type { Registry } from '../core/registry.ts';
import type { IndexedRegistry } from '../node/registry-index.ts';
import { Session } from '../core/session.ts';
import type { HookClassification } from './builtin.ts';
import type { ClaudeServers } from '../node/clients/claude-code.ts';
import type { HookContext, HookMappings } from './context.ts';
import { decisionFor, decisionReason } from './decide.ts';
import { resolveMcpServer } from './identify-session.ts';
import type { HookPayload } from './payload.ts';
import type { OpenedSession } from './session.ts';
import { type Verdict, auditRecord, unknownClassification } from './verdict.ts';
import { messageOf } from '../core/errors.ts';

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

/**
 * Do the slow part of an MCP decision before the session's lock is taken,
 * so that hook processes of one session hold it for milliseconds, not for
 * loading the registry or the SQL parser (issue 14: under 40 parallel calls,
 * waiting for the lock outlasted the hook's deadline). Loads the registry
 * and the server mapping file, and the SQL parser when the call's tool has
 * SQL rules; {@link decideMcp} then finds them loaded. Never throws: what
 * fails here fails again, and is answered, in {@link decideMcp}.
 * @param servers what Claude Code runs for the project
 */
export async function prepareMcp(context: HookContext, payload: HookPayload, servers: ClaudeServers): Promise<void> {
  try {
    const loaded = await context.registry();
    const registry = loaded.identities;
    const mappings = await context.mappings();
    const resolution = resolveMcpServer(payload.toolName!, servers, identityIndex(registry, mappings, context.environment.env.HOME ?? context.environment.env.USERPROFILE), context.options.mappings, (id) => registry.server(id) !== undefined);
    if (resolution.status === 'recognised') await new Classifier(await loaded.record(resolution.recordId)).prepare(resolution.recordId, resolution.tool);
  } catch {
    // Decided (R4, with the reason) under the lock.
  }
}

/**
 * Decide one MCP call (SPEC 6, 8.5, 9): tie the server to a record through
 * Claude Code's configuration, compare its entries with the session's
 * baseline, and classify the call with its arguments. An unrecognised or
 * changed server, or a registry that cannot be loaded, is R4.
 * @param servers what Claude Code runs for the project, read this call
 * @returns the verdict and its log line; never throws for an unclassifiable call
 */
export async function decideMcp(context: HookContext, payload: HookPayload, servers: ClaudeServers, session: OpenedSession): Promise<Verdict> {
  const toolName = payload.toolName!;
  const input = payload.toolInput!;
  const { state } = session;
  const thresholds = context.options.thresholds;
  let registry: Registry;
  let loaded: IndexedRegistry;
  try {
    loaded = await context.registry();
    registry = loaded.identities;
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
    let full: Registry;
    try {
      full = await loaded.record(resolution.recordId);
    } catch (error) {
      const message = messageOf(error);
      const failed = unknownClassification(resolution.server, resolution.tool, `The registry could not be loaded (${message}), so the call cannot be classified and is treated as irreversible (SPEC 4.4).`, 'error');
      const decision = decisionFor('R4', thresholds);
      return { decision, cls: 'R4', reason: decisionReason(failed, decision, thresholds, call), audit: auditRecord(context, payload, { server: resolution.server, record: resolution.recordId, tool: resolution.tool, class: 'R4', source: 'error', decision, detail: 'the registry could not be loaded' }) };
    }
    c = await new Classifier(full).checkAsync(resolution.recordId, resolution.tool, input, { session: guard, serverVersion: resolution.version });
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
