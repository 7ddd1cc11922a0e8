/**
 * Cursor IDE `permissions.json` (SPEC 8; https://cursor.com/docs/reference/permissions,
 * mirror mehmetbaykar/cursor-docs-skill `skills/cursor-docs/references/reference__permissions.md`@e9d8c572):
 * `{"mcpAllowlist": ["server:tool", ...]}` for `~/.cursor/permissions.json`
 * or `<workspace>/.cursor/permissions.json`, tools that run without
 * approval when a Run Mode is on.
 *
 * It is an allowlist only: tools up to `--allow-up-to`, by exact name. When
 * the file defines `mcpAllowlist` it replaces the allowlist in Cursor's
 * settings, and an empty list means nothing runs without approval.
 * Browser-safe.
 */
import { type PolicyPlan, toolDecision } from './plan.ts';
import { compareText } from './text.ts';

/** The permissions.json fragment rclass writes. */
interface CursorIdePermissions {
  mcpAllowlist: string[];
}

/** `server:tool`. */
function cursorAllowEntry(server: string, tool: string): string {
  return `${server}:${tool}`;
}

/** The allowlist: sorted, de-duplicated. */
function cursorAllowlist(plan: PolicyPlan): string[] {
  const allow = new Set<string>();
  for (const server of plan.servers) {
    for (const tool of server.tools) if (toolDecision(tool, plan.thresholds) === 'allow') allow.add(cursorAllowEntry(server.name, tool.name));
  }
  return [...allow].sort(compareText);
}

/** What to tell the user when the list is empty (JSON has no comments, so the CLI prints it on stderr). */
export function cursorIdeEmptyNote(plan: PolicyPlan): string | undefined {
  if (cursorAllowlist(plan).length > 0) return undefined;
  return 'the mcpAllowlist is empty: in permissions.json an empty list replaces the allowlist in Cursor Settings, so every MCP tool asks. Add `--allow-up-to R0` or `R1` to let those run without approval';
}

/**
 * Render the plan as a permissions.json fragment.
 * @returns pretty-printed JSON ending in a newline
 */
export function renderCursorIde(plan: PolicyPlan): string {
  const fragment: CursorIdePermissions = { mcpAllowlist: cursorAllowlist(plan) };
  return `${JSON.stringify(fragment, null, 2)}\n`;
}
