/**
 * Codex `disabled_tools` (SPEC 8; openai/codex `docs/config.md`@0195ef05,
 * https://developers.openai.com/codex/config-reference/): a fragment of
 * `~/.codex/config.toml` with, per server, `[mcp_servers.<name>]
 * disabled_tools = [...]`, the static case for Codex, whose hooks cannot ask.
 *
 * Codex has no ask list, so only the deny side is written: tools from
 * `--deny-from` up (argument-dependent ones stay enabled, for the hook to
 * decide per call), and `enabled = false` for an unrecognised server.
 * A tool the record does not list counts as R4, like an unrecognised
 * server's (SPEC 4.3), so with `--deny-from` each recognised server also
 * gets `enabled_tools`, the allowlist of the record's tools that stay on:
 * Codex exposes only those (openai/codex `codex-rs/config` `enabled_tools`
 * "allow-list", applied before `disabled_tools`), and a tool the server
 * adds later stays off, as the hook would block it (SPEC 8.1). Without
 * `--deny-from` nothing is disabled. Browser-safe.
 */
import { stringify } from 'smol-toml';
import { type PolicyPlan, headerLines, toolDecision, unrecognisedDecision } from './plan.ts';
import { commentSafe, compareText } from './text.ts';

/** One server's table in the fragment. */
interface CodexServerTable {
  enabled_tools?: string[];
  disabled_tools?: string[];
  enabled?: false;
}

/** The `mcp_servers` tables the plan disables tools in. */
function codexTables(plan: PolicyPlan): Record<string, CodexServerTable> {
  const tables: Record<string, CodexServerTable> = {};
  for (const server of plan.servers) {
    if (server.record === undefined) {
      if (unrecognisedDecision(plan.thresholds) === 'deny') tables[server.name] = { enabled: false };
      continue;
    }
    const denied = server.tools
      .filter((tool) => toolDecision(tool, plan.thresholds) === 'deny')
      .map((tool) => tool.name)
      .sort(compareText);
    if (unrecognisedDecision(plan.thresholds) !== 'deny') continue;
    const enabled = server.tools
      .filter((tool) => toolDecision(tool, plan.thresholds) !== 'deny')
      .map((tool) => tool.name)
      .sort(compareText);
    tables[server.name] = { enabled_tools: enabled, ...(denied.length > 0 ? { disabled_tools: denied } : {}) };
  }
  return tables;
}

/**
 * Render the plan as a Codex config fragment.
 * @returns TOML with a comment header; deterministic for a given plan
 */
export function renderCodexDisabledTools(plan: PolicyPlan): string {
  const t = plan.thresholds;
  const header = headerLines(
    plan,
    'Codex config.toml fragment from rclass: merge the [mcp_servers.<name>] keys into ~/.codex/config.toml.',
    t.denyFrom !== undefined
      ? `tools from ${t.denyFrom} up are disabled (argument-dependent ones stay on for the hook); enabled_tools lists the rest, so a tool the record does not list stays off`
      : 'none given: without --deny-from nothing is disabled',
  );
  const tables = codexTables(plan);
  const body = Object.keys(tables).length === 0 ? '' : stringify({ mcp_servers: tables });
  return `${header.map((line) => `# ${commentSafe(line)}`).join('\n')}\n${body === '' ? '' : `\n${body}\n`}`;
}
