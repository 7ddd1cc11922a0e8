/**
 * The decisions about an agent's own (non-MCP) tools, the same for every
 * agent with its own table (`src/clients/agents/builtins.ts`; SPEC 8.5, 9):
 * a tool that sends data out is R4 after the session has read unless every
 * destination is allow-listed (the session guard), and any other tool that
 * would write to rclass's state, its log or the agent's own settings or
 * hook files is asked about. Node-only.
 */
import path from 'node:path';
import type { AgentTools, HookAgent } from '../clients/agents/builtins.ts';
import { AGENT_TOOLS } from '../clients/agents/builtins.ts';
import { homeFrom } from '../node/state-dir.ts';
import { classifyOutbound, protectedPathHit } from './builtin.ts';
import type { HookContext } from './context.ts';
import { decisionFor, decisionReason, oneLine } from './decide.ts';
import type { HookPayload } from './payload.ts';
import type { OpenedSession } from './session.ts';
import { type Verdict, auditRecord } from './verdict.ts';

/** Whether an agent's tool sends data out (it is in the agent's `outbound` table). */
export function isOutbound(agent: HookAgent, toolName: string): boolean {
  return Object.hasOwn(AGENT_TOOLS[agent].outbound, toolName);
}

/**
 * Decide a call of a tool that sends data out (SPEC 9): R0 before the session has read, then R4 unless allow-listed.
 * @param payload a PreToolUse payload with `toolName` and `toolInput` (session id as the log names it)
 * @returns the verdict and its log line; never throws
 */
export function decideOutbound(context: HookContext, payload: HookPayload, session: OpenedSession, agent: HookAgent = 'claude-code'): Verdict {
  const tools: AgentTools = AGENT_TOOLS[agent];
  const thresholds = context.options.thresholds;
  const toolName = payload.toolName!;
  let c = classifyOutbound(toolName, payload.toolInput!, session.state.has_read, context.options.egressAllow, context.options.registrableDomain, tools);
  if (c.source === 'session' && session.problem !== undefined)
    c = { ...c, notes: [...(c.notes ?? []), `session guard: ${session.problem}, so the session is taken to have read`] };
  const decision = decisionFor(c.class, thresholds);
  const entry = tools.outbound[toolName];
  const picksUrl = entry?.destination !== undefined || entry?.urls !== undefined;
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
            detail: `session guard: the session has read, and ${picksUrl ? 'a URL is not on the egress allowlist' : 'the tool sends data where no allowlist can clear it'}`,
          }
        : {}),
    }),
  };
}

/**
 * Decide a call of any other own tool: `ask` when it may write to rclass's
 * state, its log or the agent's own settings or hook files; no decision otherwise.
 * @param payload a PreToolUse payload with `toolName` and `toolInput`; its `cwd` reads relative paths
 * @returns the verdict; never throws
 */
export async function decideBuiltin(context: HookContext, payload: HookPayload, agent: HookAgent = 'claude-code'): Promise<Verdict> {
  const tools = AGENT_TOOLS[agent];
  const toolName = payload.toolName!;
  const home = homeFrom(context.environment.env);
  const cwd = payload.cwd !== undefined && path.isAbsolute(payload.cwd) ? payload.cwd : context.envProjectDir;
  const hit = await protectedPathHit(
    toolName,
    payload.toolInput!,
    context.protectedFor(agent),
    { ...(cwd !== undefined ? { cwd } : {}), ...(home !== undefined ? { home } : {}) },
    tools,
  );
  if (hit === undefined) return { decision: 'none', reason: '' };
  const why = hit.includes(' ') ? hit : `it names \`${hit}\``;
  return {
    decision: 'ask',
    reason: oneLine(
      `rclass: ${toolName} may write to rclass's session state, its audit log or ${tools.settingsName} (${why}); the hook asks before a tool changes what guards it. Needs your approval.`,
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
