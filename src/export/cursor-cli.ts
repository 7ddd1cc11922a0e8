/**
 * Cursor CLI permissions (SPEC 8.6): `{"permissions": {"allow": [...],
 * "deny": [...]}}` for `~/.cursor/cli-config.json` or `.cursor/cli.json`,
 * with tools named `Mcp(<server>:<tool>)`.
 *
 * The thresholds are those of Claude Code (SPEC 8.5), but Cursor has no ask
 * list: tools at the approval side are left out, so Cursor's own prompt
 * applies to them. `allow` gets only tools up to `--allow-up-to`, by exact
 * name; `deny` gets tools from `--deny-from` up (except argument-dependent
 * ones) and, as `Mcp(<server>:*)`, unrecognised servers. Deny beats allow.
 *
 * Browser-safe.
 */
import { type PolicyPlan, toolDecision, unrecognisedDecision } from './plan.ts';
import { compareText } from './text.ts';
import type { Thresholds } from '../core/policy.ts';

/** The Cursor CLI permissions fragment rclass writes. */
interface CursorCliPermissions {
  permissions: { allow: string[]; deny: string[] };
}

/** `Mcp(<server>:<tool>)`. */
export function cursorToolToken(server: string, tool: string): string {
  return `Mcp(${server}:${tool})`;
}

/**
 * Decide every tool of the plan into Cursor's two lists.
 * @returns sorted, de-duplicated lists
 */
function cursorPermissions(plan: PolicyPlan): CursorCliPermissions['permissions'] {
  const allow = new Set<string>();
  const deny = new Set<string>();
  for (const server of plan.servers) {
    if (server.record === undefined) {
      if (unrecognisedDecision(plan.thresholds) === 'deny') deny.add(cursorToolToken(server.name, '*'));
      continue;
    }
    for (const tool of server.tools) {
      const decision = toolDecision(tool, plan.thresholds);
      if (decision === 'allow') allow.add(cursorToolToken(server.name, tool.name));
      else if (decision === 'deny') deny.add(cursorToolToken(server.name, tool.name));
    }
  }
  return { allow: [...allow].sort(compareText), deny: [...deny].sort(compareText) };
}

/**
 * What to tell the user when the thresholds leave both lists empty: without
 * `--allow-up-to` or `--deny-from` every tool lands on the approval side or
 * on `none`, and Cursor has no ask list, so the fragment changes nothing.
 * JSON has no comments, so the CLI prints this on stderr.
 * @returns the note, or undefined when a threshold was given
 */
export function cursorNoThresholdsNote(thresholds: Thresholds): string | undefined {
  if (thresholds.allowUpTo !== undefined || thresholds.denyFrom !== undefined) return undefined;
  return "without `--allow-up-to` or `--deny-from` both Cursor CLI lists are empty: Cursor has no ask list, so every MCP tool stays on Cursor's default and asks before it runs. Add `--deny-from R4` (or lower) to block tools by class, and `--allow-up-to R0` or `R1` to let those run without asking";
}

/**
 * Render the plan as a Cursor CLI permissions fragment.
 * @returns pretty-printed JSON ending in a newline; deterministic for a given plan
 */
export function renderCursorCli(plan: PolicyPlan): string {
  const fragment: CursorCliPermissions = { permissions: cursorPermissions(plan) };
  return `${JSON.stringify(fragment, null, 2)}\n`;
}
