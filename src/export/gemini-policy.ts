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
 * `--allow-up-to`, `deny` from `--deny-from`; an unrecognised server gets
 * one `toolName = "*"` rule (ask, or deny). Tools with no decision (R0–R1
 * without `--allow-up-to`) get no rule: Gemini CLI's own defaults apply.
 * Browser-safe.
 */
import { stringify } from 'smol-toml';
import { type PolicyPlan, headerLines, toolDecision, unrecognisedDecision } from './plan.ts';
import { commentSafe } from './text.ts';
import type { Decision } from '../core/policy.ts';

/** Priorities within the user tier: a block beats a prompt, a prompt beats an allow. */
export const GEMINI_PRIORITY = { deny: 900, ask_user: 800, allow: 700 } as const;

/** One rule as Gemini CLI reads it. */
interface GeminiRule {
  mcpName: string;
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

/** Every rule of the plan, servers and tools in name order. */
function geminiRules(plan: PolicyPlan): GeminiRule[] {
  const rules: GeminiRule[] = [];
  for (const server of plan.servers) {
    if (server.record === undefined) {
      const decision = geminiDecision(unrecognisedDecision(plan.thresholds))!;
      rules.push({
        mcpName: server.name,
        toolName: '*',
        decision,
        priority: GEMINI_PRIORITY[decision],
        ...(decision === 'deny' ? { denyMessage: `rclass: ${server.name} is not recognised, so every tool counts as R4 Irreversible.` } : {}),
      });
      continue;
    }
    for (const tool of server.tools) {
      const decision = geminiDecision(toolDecision(tool, plan.thresholds));
      if (decision === undefined) continue;
      rules.push({
        mcpName: server.name,
        toolName: tool.name,
        decision,
        priority: GEMINI_PRIORITY[decision],
        ...(decision === 'deny' ? { denyMessage: `rclass: ${tool.class} (worst case): ${tool.rationale}` } : {}),
      });
    }
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
    `ask_user from R2${t.allowUpTo !== undefined ? `, allow up to ${t.allowUpTo}` : ''}${t.denyFrom !== undefined ? `, deny from ${t.denyFrom}` : ''}; tools without a rule keep Gemini CLI's defaults`,
  );
  const underscored = plan.servers.filter((server) => server.name.includes('_')).map((server) => server.name);
  if (underscored.length > 0)
    header.push(
      `Gemini CLI splits mcp_<server>_<tool> at the first underscore, so rules for ${underscored.join(', ')} may not match; rename those servers without underscores.`,
    );
  const body = stringify({ rule: geminiRules(plan) });
  return `${header.map((line) => `# ${commentSafe(line)}`).join('\n')}\n\n${body}\n`;
}
