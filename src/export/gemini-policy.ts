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
import { AGENT_TOOLS } from '../clients/agents/builtins.ts';

/** Priorities within the user tier: a block beats a prompt, a prompt beats an allow. */
export const GEMINI_PRIORITY = { deny: 900, ask_user: 800, allow: 700, catchAll: 600, unnamedServers: 500 } as const;

/** The names Gemini CLI's `isValidToolName` accepts in a fully qualified MCP tool name. */
const GEMINI_SLUG = /^[a-z0-9_.:-]+$/i;

/** One rule as Gemini CLI reads it. */
interface GeminiRule {
  mcpName?: string;
  toolName: string | string[];
  argsPattern?: string;
  interactive?: boolean;
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

/** The fragments the hook's self-protection check looks for in Gemini CLI's own tools (`builtins.ts`), as one regular expression. */
function protectedPattern(): string {
  const fragments = [...AGENT_TOOLS.gemini.settings.fragments, 'state/rclass', 'rclass/sessions', 'rclass/audit.jsonl'];
  return fragments.map((fragment) => fragment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
}

/**
 * Rules for `gemini -p` and other non-interactive runs (`interactive = false`), where the hook's `ask`
 * would wait for an answer forever: Gemini CLI applies a hook's ask after its policy check
 * (packages/core/src/scheduler/scheduler.ts), and in a non-interactive run the check itself ends the call
 * with an error when a rule says `ask_user` (packages/core/src/scheduler/policy.ts checkPolicy). So the
 * built-in tools the hook may ask about get `ask_user` there: `web_fetch` (the session guard; refused in
 * every non-interactive run, read or not) and the file tools when their arguments name rclass's state,
 * its log or Gemini CLI's settings. The hook payload does not say whether the run is
 * interactive (packages/core/src/hooks/types.ts HookInput), so the policy carries it.
 *
 * Last, below every server's own catch-all, `mcp_*` (any tool of any MCP server: `matchesWildcard` in
 * packages/core/src/policy/policy-engine.ts) gets `ask_user` when not interactive: a server the policy does
 * not name (added after it was written, or named otherwise) would otherwise wait on the hook's ask for
 * ever in `gemini -p`; now the run refuses its calls, reads included, until the policy is written again.
 * Interactive runs are unchanged (no rule: the hook decides).
 */
function headlessRules(): GeminiRule[] {
  const tools = AGENT_TOOLS.gemini;
  return [
    ...Object.keys(tools.outbound).map((toolName) => ({ toolName, decision: 'ask_user' as const, priority: GEMINI_PRIORITY.ask_user, interactive: false })),
    {
      // Not run_shell_command: Gemini CLI checks a shell command by its parsed parts, and in a non-interactive
      // run gave `deny` (which the hook's ask overrides) rather than `ask_user` for such a rule (measured with
      // @google/gemini-cli-core 0.61.0's PolicyEngine).
      toolName: Object.keys(tools.writing).filter((tool) => !tools.shell.includes(tool)),
      argsPattern: protectedPattern(),
      decision: 'ask_user',
      priority: GEMINI_PRIORITY.ask_user,
      interactive: false,
    },
    { toolName: 'mcp_*', decision: 'ask_user', priority: GEMINI_PRIORITY.unnamedServers, interactive: false },
  ];
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
  header.push(
    'In non-interactive runs (gemini -p) web_fetch, and write_file and replace naming rclass state or Gemini CLI settings, are refused: there the hook cannot ask.',
    'In non-interactive runs every tool of a server this file does not name (mcp_*) is refused too, reads included: write this file again after adding a server.',
  );
  const body = stringify({ rule: [...geminiRules(plan), ...headlessRules()] });
  return `${header.map((line) => `# ${commentSafe(line)}`).join('\n')}\n\n${body}\n`;
}
