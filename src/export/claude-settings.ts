/**
 * Claude Code permission rules (SPEC 8.5): a `permissions` fragment to merge
 * into `.claude/settings.json`, `~/.claude/settings.json` or managed settings.
 *
 * Exact tool names `mcp__<server>__<tool>`:
 * - R2–R4 go to `ask`, or to `deny` from `--deny-from` (a tool whose class
 *   an argument rule can lower below that threshold stays in `ask`);
 * - R0–R1 go to `allow` only up to `--allow-up-to`; without it they are not
 *   listed and the user's own rules decide;
 * - an unrecognised server goes, as the bare `mcp__<server>` (every tool of
 *   that server), to `ask`, or to `deny` with `--deny-from`.
 * `allow` never holds a wildcard or a bare server name: an ignored allow
 * rule only prompts, a broader one grants. Claude Code checks deny, then
 * ask, then allow, so these entries outrank allow rules from elsewhere.
 *
 * Browser-safe.
 */
import { type PolicyPlan, toolDecision, unrecognisedDecision } from './plan.ts';
import { compareText } from './text.ts';

/** The permissions fragment rclass writes. */
export interface ClaudeSettings {
  permissions: { allow: string[]; ask: string[]; deny: string[] };
}

/**
 * The server part of a Claude Code tool name: the config key, with any
 * character outside `A-Z a-z 0-9 _ -` replaced by `_` as Claude Code does
 * for plugin servers (SPEC 8.5).
 */
export function claudeServerName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** `mcp__<server>__<tool>` (SPEC 8.5). */
export function claudeToolName(server: string, tool: string): string {
  return `mcp__${claudeServerName(server)}__${tool}`;
}

/**
 * Decide every tool of the plan into Claude Code's three lists.
 * @returns sorted, de-duplicated lists
 */
function claudePermissions(plan: PolicyPlan): ClaudeSettings['permissions'] {
  const lists = { allow: new Set<string>(), ask: new Set<string>(), deny: new Set<string>() };
  for (const server of plan.servers) {
    if (server.record === undefined) {
      const decision = unrecognisedDecision(plan.thresholds);
      lists[decision === 'deny' ? 'deny' : 'ask'].add(`mcp__${claudeServerName(server.name)}`);
      continue;
    }
    for (const tool of server.tools) {
      const decision = toolDecision(tool, plan.thresholds);
      const name = claudeToolName(server.name, tool.name);
      if (decision === 'allow') lists.allow.add(name);
      else if (decision === 'approve') lists.ask.add(name);
      else if (decision === 'deny') lists.deny.add(name);
    }
  }
  const sorted = (set: Set<string>): string[] => [...set].sort(compareText);
  return { allow: sorted(lists.allow), ask: sorted(lists.ask), deny: sorted(lists.deny) };
}

/**
 * Render the plan as a Claude Code settings fragment. Settings files are
 * strict JSON, so there is no header comment.
 * @returns pretty-printed JSON ending in a newline; deterministic for a given plan
 */
export function renderClaudeSettings(plan: PolicyPlan): string {
  const settings: ClaudeSettings = { permissions: claudePermissions(plan) };
  return `${JSON.stringify(settings, null, 2)}\n`;
}
