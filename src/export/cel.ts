/**
 * agentgateway `mcpAuthorization` rules in CEL (SPEC 8.4).
 *
 * agentgateway has no approval step, so only tools up to `--allow-up-to`
 * (R1 by default) are allowed: one `allow` rule per server (target) listing
 * them by `mcp.tool.target` and `mcp.tool.name`. Every other tool matches no
 * rule and is filtered out, because once any `allow` rule exists a request
 * that matches none is denied. No `deny` rule is written: a CEL evaluation
 * error makes a rule not match, which fails open for a deny rule. When no
 * tool at all may run, a single `allow: "false"` keeps the rule list
 * non-empty, since an empty list allows everything.
 *
 * Browser-safe.
 */
import { stringify } from 'yaml';
import { type PolicyPlan, headerLines, toolDecision } from './plan.ts';
import { commentSafe } from './text.ts';
import { describeThresholds, gatewayThresholds } from '../core/policy.ts';

/** The rule that allows nothing, written when no tool may run without a human. */
export const CEL_ALLOW_NOTHING = 'false';

/**
 * Quote a string as a CEL double-quoted literal: `\\` and `\"` escaped,
 * control characters as `\uXXXX`.
 */
export function celString(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '\\') out += '\\\\';
    else if (char === '"') out += '\\"';
    else if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return `${out}"`;
}

/** The CEL expression allowing `tools` of one target. */
function celAllowExpression(target: string, tools: readonly string[]): string {
  return `mcp.tool.target == ${celString(target)} && mcp.tool.name in [${tools.map(celString).join(', ')}]`;
}

/**
 * The rule list: one `{allow}` per server with at least one allowed tool,
 * or a single `{allow: "false"}` when there is none.
 */
export function celRules(plan: PolicyPlan): Array<{ allow: string }> {
  const thresholds = gatewayThresholds(plan.thresholds);
  const rules: Array<{ allow: string }> = [];
  for (const server of plan.servers) {
    const allowed = server.tools.filter((tool) => toolDecision(tool, thresholds) === 'allow').map((tool) => tool.name);
    if (allowed.length > 0) rules.push({ allow: celAllowExpression(server.name, allowed) });
  }
  if (rules.length === 0) rules.push({ allow: CEL_ALLOW_NOTHING });
  return rules;
}

/**
 * Render the plan as an agentgateway policy fragment in YAML, with a header
 * comment, to place under `policies:` of the MCP listener, a route, a
 * backend or a target.
 * @returns YAML text ending in a newline; deterministic for a given plan
 */
export function renderCel(plan: PolicyPlan): string {
  const thresholds = gatewayThresholds(plan.thresholds);
  const header = headerLines(
    plan,
    'agentgateway mcpAuthorization rules (CEL) for the policies of an MCP listener, route, backend or target.',
    thresholds.allowUpTo === undefined
      ? describeThresholds(thresholds)
      : `${describeThresholds(thresholds)}; agentgateway has no approval step, so nothing above ${thresholds.allowUpTo} is allowed`,
  );
  header.push(
    'Only allow rules: a tool no rule allows is denied and filtered out of tools/list. No deny rules, because a CEL error makes a deny rule fail open.',
  );
  header.push('Targets must match the names in your agentgateway config (mcp.tool.target); tool names are the upstream names (mcp.tool.name).');
  for (const server of plan.servers) {
    if (server.record === undefined)
      header.push(`${server.name}: unrecognised (${server.unrecognised ?? 'no reason given'}), so none of its tools is allowed.`);
  }
  const body = stringify({ mcpAuthorization: { rules: celRules(plan) } }, { lineWidth: 0 });
  return `${header.map((line) => `# ${commentSafe(line)}`).join('\n')}\n${body}`;
}
