/**
 * Gemini CLI policy engine rules (SPEC 8; google-gemini/gemini-cli@5411f113
 * `docs/reference/policy-engine.md`, `packages/core/src/policy/toml-loader.ts`
 * `PolicyRuleSchema`): a TOML file of `[[rule]]` tables with `mcpName`,
 * `toolName` (`"*"` for every tool of a server), `decision` (`allow`,
 * `deny`, `ask_user`) and `priority` (an integer 0–999, highest wins within
 * a tier), for `~/.gemini/policies/rclass.toml`.
 *
 * Unlike the Cursor and agentgateway exports, Gemini CLI has an ask step,
 * so tools at the approval side (R2–R4, or argument-dependent ones) get
 * `ask_user` rather than being filtered out. `allow` only up to
 * `--allow-up-to`, `deny` from `--deny-from`.
 *
 * A tool the record does not list counts as R4, like every tool of an
 * unrecognised server (SPEC 4.3), so each server also gets a catch-all
 * `mcp_<server>_*` rule (ask, or deny from `--deny-from R4`) below the
 * per-tool rules, and no tool the hook would stop is left to Gemini CLI's
 * defaults (SPEC 8.1). Tools with no decision (R0–R1 without
 * `--allow-up-to`) fall under it too: a static rule cannot hand one tool
 * back to the defaults; when the catch-all denies, they get `ask_user`.
 *
 * Tool names are written the way Gemini CLI's loader accepts without a
 * warning (`isValidToolName` in packages/core/src/tools/tool-names.ts):
 * fully qualified, `mcp_<server>_<tool>`, which its policy engine matches
 * against the call's name; a bare name with `mcpName` is checked against
 * the built-in tools and warned about when close to one ("Unrecognized
 * tool name \"edit_file\""). A server or tool name outside
 * `[a-z0-9_.:-]` keeps the `mcpName` form. Browser-safe.
 */
import { stringify } from 'smol-toml';
import { type PolicyPlan, headerLines, toolDecision, unrecognisedDecision } from './plan.ts';
import { commentSafe } from './text.ts';
import type { Decision } from '../core/policy.ts';

/** Priorities within the user tier: a block beats a prompt, a prompt beats an allow. */
export const GEMINI_PRIORITY = { deny: 900, ask_user: 800, allow: 700, catchAll: 600 } as const;

/** The names Gemini CLI's `isValidToolName` accepts in a fully qualified MCP tool name. */
const GEMINI_SLUG = /^[a-z0-9_.:-]+$/i;

/** One rule as Gemini CLI reads it. */
interface GeminiRule {
  mcpName?: string;
  toolName: string;
  decision: 'allow' | 'deny' | 'ask_user';
  priority: number;
  denyMessage?: string;
}

function geminiDecision(decision: Decision): GeminiRule['decision'] | undefined {
  switch (decision) {
    case 'allow':
      return 'allow';
    case 'approve':
      return 'ask_user';
    case 'deny':
      return 'deny';
    default:
      return undefined;
  }
}

/** A rule's tool: `toolName = "mcp_<server>_<tool>"` (or `mcp_<server>_*`), or `mcpName` with the bare name when Gemini CLI would not accept the qualified one. */
function target(server: string, tool: string): Pick<GeminiRule, 'mcpName' | 'toolName'> {
  if (GEMINI_SLUG.test(server) && (tool === '*' || (GEMINI_SLUG.test(tool) && !/^_*$/.test(tool)))) return { toolName: `mcp_${server}_${tool}` };
  return { mcpName: server, toolName: tool };
}

/** Every rule of the plan, servers and tools in name order. */
function geminiRules(plan: PolicyPlan): GeminiRule[] {
  const rules: GeminiRule[] = [];
  const unlisted = geminiDecision(unrecognisedDecision(plan.thresholds))!;
  for (const server of plan.servers) {
    if (server.record === undefined) {
      rules.push({
        ...target(server.name, '*'),
        decision: unlisted,
        priority: GEMINI_PRIORITY[unlisted],
        ...(unlisted === 'deny' ? { denyMessage: `rclass: ${server.name} is not recognised, so every tool counts as R4 Irreversible.` } : {}),
      });
      continue;
    }
    for (const tool of server.tools) {
      const decision = geminiDecision(toolDecision(tool, plan.thresholds)) ?? (unlisted === 'deny' ? 'ask_user' : undefined);
      if (decision === undefined) continue;
      rules.push({
        ...target(server.name, tool.name),
        decision,
        priority: GEMINI_PRIORITY[decision],
        ...(decision === 'deny' ? { denyMessage: `rclass: ${tool.class} (worst case): ${tool.rationale}` } : {}),
      });
    }
    rules.push({
      ...target(server.name, '*'),
      decision: unlisted,
      priority: GEMINI_PRIORITY.catchAll,
      ...(unlisted === 'deny' ? { denyMessage: `rclass: a tool the ${server.record.id} record does not list counts as R4 Irreversible.` } : {}),
    });
  }
  return rules;
}

/**
 * Render the plan as a Gemini CLI policy file.
 * @returns TOML with a comment header; deterministic for a given plan
 */
export function renderGeminiPolicy(plan: PolicyPlan): string {
  const t = plan.thresholds;
  const header = headerLines(
    plan,
    'Gemini CLI policy rules from rclass: save as ~/.gemini/policies/rclass.toml (user tier).',
    `ask_user from R2${t.allowUpTo !== undefined ? `, allow up to ${t.allowUpTo}` : ''}${t.denyFrom !== undefined ? `, deny from ${t.denyFrom}` : ''}; each server's other tools (mcp_<server>_*) ${t.denyFrom !== undefined ? 'are denied' : 'ask'}, tools the record does not list included`,
  );
  const underscored = plan.servers.filter((server) => server.name.includes('_')).map((server) => server.name);
  if (underscored.length > 0)
    header.push(
      `Gemini CLI splits mcp_<server>_<tool> at the first underscore, so rules for ${underscored.join(', ')} may not match; rename those servers without underscores.`,
    );
  const body = stringify({ rule: geminiRules(plan) });
  return `${header.map((line) => `# ${commentSafe(line)}`).join('\n')}\n\n${body}\n`;
}
