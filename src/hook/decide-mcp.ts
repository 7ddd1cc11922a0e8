/**
 * The decision for an MCP tool call (SPEC 6, 8.5, 9), apart from the rest
 * of PreToolUse so that the hook loads the identification code, the
 * registry and the classifier only for MCP calls (issue 14). The
 * classification itself is the decision core's (`src/hook/core/`), shared
 * with every other agent's adapter. Node-only.
 */
import { Classifier } from '../core/classify.ts';
import { rulesNeedSql } from '../core/rules.ts';
import { compileWasmForOneCall } from '../node/wasm-flags.ts';
import type { Registry } from '../core/registry.ts';
import type { LayeredRegistry } from '../node/layered-registry.ts';
import type { ClaudeServers } from '../node/clients/claude-code.ts';
import type { HookContext } from './context.ts';
import { resolveMcpServer } from './identify-session.ts';
import type { HookPayload } from './payload.ts';
import type { OpenedSession } from './session.ts';
import type { Verdict } from './verdict.ts';
import { classifyResolved, registryFailure } from './core/classify-call.ts';
import { identityIndex } from './core/identity.ts';
import type { CallIdentity } from './core/verdict.ts';

/** A Claude Code payload as the decision core identifies a call. */
function callOf(payload: HookPayload): CallIdentity {
  return {
    sessionId: payload.sessionId,
    input: payload.toolInput ?? {},
    ...(payload.toolUseId !== undefined ? { toolUseId: payload.toolUseId } : {}),
    ...(payload.permissionMode !== undefined ? { permissionMode: payload.permissionMode } : {}),
  };
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
    const resolution = resolveMcpServer(
      payload.toolName!,
      servers,
      identityIndex(registry, mappings, context.environment.env.HOME ?? context.environment.env.USERPROFILE),
      context.options.mappings,
      (id) => registry.server(id) !== undefined,
    );
    if (resolution.status === 'recognised') {
      const classifier = new Classifier(await loaded.record(resolution.recordId));
      if (rulesNeedSql(classifier.registry.server(resolution.recordId)?.tools.get(resolution.tool)?.rules)) await compileWasmForOneCall();
      await classifier.prepare(resolution.recordId, resolution.tool);
    }
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
  let registry: Registry;
  let loaded: LayeredRegistry;
  try {
    loaded = await context.registry();
    registry = loaded.identities;
  } catch (error) {
    return registryFailure(context, callOf(payload), toolName, error);
  }
  const mappings = await context.mappings();
  const resolution = resolveMcpServer(
    toolName,
    servers,
    identityIndex(registry, mappings, context.environment.env.HOME ?? context.environment.env.USERPROFILE),
    context.options.mappings,
    (id) => registry.server(id) !== undefined,
  );
  if (resolution.status === 'unrecognised' && !mappings.usable)
    resolution.reason += `; the server mapping file \`${mappings.file}\` was not used: ${mappings.why}`;
  const current = servers.digests[resolution.server];
  const baseline = state.servers?.[resolution.server];
  let changed: string | undefined;
  if (current !== undefined && baseline === undefined) changed = `\`${resolution.server}\` was not configured when the session started`;
  else if (current !== undefined && baseline !== current)
    changed = `the configuration of \`${resolution.server}\` changed during the session, so what runs may not be what it names now`;
  return classifyResolved(context, loaded, callOf(payload), { resolution, toolName, input, ...(changed !== undefined ? { changed } : {}) }, session);
}
