/**
 * ToolHive's Cedar authorization config (SPEC 8.3): `{"version": "1.0",
 * "type": "cedarv1", "cedar": {"policies": [...], "entities_json": "[]"}}`,
 * with `Action::"call_tool"` and `Tool::"<name>"`.
 *
 * ToolHive has no approval step, so only tools below the approval threshold
 * (up to `--allow-up-to`, R1 by default) are permitted; everything else is
 * left to Cedar's default deny, and tools from `--deny-from` up get an
 * explicit `forbid`, which also overrides permits written by hand.
 *
 * ToolHive attaches one config to one server and names tools without their
 * server. A config covering several servers therefore decides each tool
 * name once for all of them, as strictly as the strictest: a name is
 * permitted only if every covered server that lists it allows it, and
 * forbidden if any denies it. Use one server per file for exact results.
 *
 * Browser-safe.
 */
import { type PolicyPlan, toolDecision } from './plan.ts';
import { braceEscapedString, compareText } from './text.ts';
import { type Decision, gatewayThresholds } from '../core/policy.ts';

/** The ToolHive authorizer config shape rclass writes. */
export interface ToolHiveConfig {
  version: '1.0';
  type: 'cedarv1';
  cedar: { policies: string[]; entities_json: string };
}

/** The policy text that permits (or forbids) one tool name. */
export function toolhivePolicy(effect: 'permit' | 'forbid', tool: string): string {
  return `${effect} (principal, action == Action::"call_tool", resource == Tool::${braceEscapedString(tool)});`;
}

/** A policy that never applies, for a config with nothing to permit (ToolHive refuses an empty policy list). */
export const TOOLHIVE_NOTHING_PERMITTED = 'permit (principal, action == Action::"call_tool", resource) when { false };';

/**
 * Decide every tool name over the plan's recognised servers: `deny` if any
 * server denies it, `allow` if all allow it, otherwise not permitted.
 * @returns tool name → combined decision, sorted by name
 */
function toolhiveDecisions(plan: PolicyPlan): Map<string, Decision> {
  const thresholds = gatewayThresholds(plan.thresholds);
  const combined = new Map<string, Decision>();
  for (const server of plan.servers) {
    for (const tool of server.tools) {
      const decision = toolDecision(tool, thresholds);
      const before = combined.get(tool.name);
      if (before === undefined) combined.set(tool.name, decision);
      else if (before === 'deny' || decision === 'deny') combined.set(tool.name, 'deny');
      else if (before !== 'allow' || decision !== 'allow') combined.set(tool.name, 'approve');
    }
  }
  return new Map([...combined.entries()].sort(([a], [b]) => compareText(a, b)));
}

/**
 * Render the plan as a ToolHive Cedar authorization config.
 * @returns pretty-printed JSON ending in a newline; deterministic for a given plan
 */
export function renderToolHive(plan: PolicyPlan): string {
  const policies: string[] = [];
  for (const [tool, decision] of toolhiveDecisions(plan)) {
    if (decision === 'allow') policies.push(toolhivePolicy('permit', tool));
    else if (decision === 'deny') policies.push(toolhivePolicy('forbid', tool));
  }
  if (!policies.some((text) => text.startsWith('permit'))) policies.unshift(TOOLHIVE_NOTHING_PERMITTED);
  const config: ToolHiveConfig = { version: '1.0', type: 'cedarv1', cedar: { policies, entities_json: '[]' } };
  return `${JSON.stringify(config, null, 2)}\n`;
}
