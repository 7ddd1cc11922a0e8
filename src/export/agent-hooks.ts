/**
 * Install fragments for `rclass hook --agent NAME` (SPEC 8.5), one per
 * agent, each in its client's own hook file format:
 *
 * - Gemini CLI (`docs/hooks/reference.md`@5411f113): merge into
 *   `~/.gemini/settings.json`; `hooks.BeforeTool` and `hooks.AfterTool`
 *   with `matcher: ".*"` (a regex on the tool name) so every tool marks the
 *   session as having read, `type: "command"`, `timeout` in milliseconds.
 * - Codex (openai/codex `codex-rs/hooks/src/engine/discovery.rs` `load_hooks_json`,
 *   `HookHandlerConfig::Command` with `timeout` in seconds): `~/.codex/hooks.json`
 *   (or `<repo>/.codex/hooks.json`), `{"hooks": {"PreToolUse": [...]}}`
 *   with no matcher (every tool).
 * - Cursor (https://cursor.com/docs/hooks): `~/.cursor/hooks.json`,
 *   `{"version": 1, "hooks": {"beforeMCPExecution": [...], "beforeShellExecution": [...]}}`
 *   (the shell hook marks the session as having read and asks before a
 *   command writes rclass's state or Cursor's hooks), with
 *   `timeout` in seconds and `failClosed: true`, so a hook that cannot run
 *   blocks instead of letting the call through.
 *
 * Every timeout is above the hook's own deadline, so the hook answers
 * (`ask`, or for Codex a block) before the client would give up on it, and
 * every command runs the hook through the guard of `hook-guard.ts`, which
 * turns a crash, a kill or no answer into exit 2 (each agent's blocking code).
 * Browser-safe.
 */
import type { AgentName } from '../clients/agents/types.ts';
import { HOOK_DEADLINE_MS, HOOK_TIMEOUT_SECONDS } from '../clients/claude-code-hooks.ts';
import type { Thresholds } from '../core/policy.ts';
import { hookFlags, shellWord } from './claude-hook.ts';
import { guardedWords } from './hook-guard.ts';

/** Options for {@link renderAgentHook}. */
export interface AgentHookOptions {
  agent: AgentName;
  /** The words that start rclass, e.g. `["/usr/bin/node", "/opt/rclass/bin/rclass.mjs"]`. */
  launcher: readonly string[];
  thresholds: Thresholds;
  /** Hosts passed on as `--egress-allow HOST`, in order (already checked by the caller, SPEC 9.4). */
  egressAllow?: readonly string[];
  /** Passed on as `--anchor-file FILE` and `--anchor-command CMD` (SPEC 10.3). */
  anchor?: { file?: string; command?: string };
  /** Passed on as `--records DIR` (SPEC 5.10). */
  records?: string;
}

/** Each agent's name for people, and where its hook file goes (the file headers above). */
const AGENT_HOOK_TARGETS: Readonly<Record<AgentName, { client: string; file: string }>> = {
  gemini: { client: 'Gemini CLI', file: '~/.gemini/settings.json (merged into it)' },
  codex: { client: 'Codex', file: '~/.codex/hooks.json' },
  cursor: { client: 'Cursor', file: '~/.cursor/hooks.json' },
};

/**
 * What the site says about a downloadable agent hook fragment: like
 * `claude-hook.json`, it runs `rclass` through a PATH lookup, so it is an
 * example to regenerate with `rclass policy --format NAME-hook`.
 */
export function agentHookDownloadNote(agent: AgentName): string {
  return `An example only: it runs \`rclass hook --agent ${agent}\` through a PATH lookup, so whichever \`rclass\` comes first on the PATH ${AGENT_HOOK_TARGETS[agent].client} runs with is the one that decides, which \`rclass policy --help\` warns against. To install it, generate the file on your own machine with \`rclass policy --format ${agent}-hook\`, which pins the absolute paths of your Node and your rclass, and put it in ${AGENT_HOOK_TARGETS[agent].file}.`;
}

/**
 * What to tell someone installing an agent's hook, when the client needs more than the file:
 * - Codex trusts a hook by its hash: `codex exec` skips a hooks.json hook nobody approved, without a
 *   word (seen with Codex 0.171.0; review turn 3). The approval is given in Codex's interactive `/hooks`
 *   view and kept in ~/.codex/config.toml as `[hooks.state."<file>:pre_tool_use:0:0"] trusted_hash`.
 * - Gemini CLI waits forever on a hook's `ask` in `gemini -p` (its hook payload does not say the run is
 *   not interactive); the `gemini` policy makes such a run end with an error instead (gemini-policy.ts).
 * @returns one paragraph, or undefined when there is nothing to add
 */
export function agentHookNote(agent: AgentName): string | undefined {
  switch (agent) {
    case 'codex':
      return 'Codex runs a hooks.json hook only once you trust it, by its hash: until then `codex exec` skips it without a warning. After writing ~/.codex/hooks.json, start `codex` in a terminal, open `/hooks` and approve the rclass PreToolUse hook (Codex keeps the approval as `trusted_hash` under `[hooks.state]` in ~/.codex/config.toml); approve it again whenever you regenerate the file with other flags.';
    case 'gemini':
      return 'In `gemini -p` and other non-interactive runs Gemini CLI waits forever on a hook that asks. Save `rclass policy --format gemini CONFIG` as ~/.gemini/policies/rclass.toml too: its ask_user rules make such a run refuse the call with an error instead.';
    default:
      return undefined;
  }
}

/**
 * The hook's shell command for an agent: the same flags as Claude Code's hook, after `--agent NAME`, run through
 * the guard (`hook-guard.ts`), so a hook that crashes or prints nothing exits 2, which blocks in all three agents.
 */
function agentHookCommand(options: AgentHookOptions): string {
  return guardedWords([...options.launcher, 'hook', '--agent', options.agent, ...hookFlags(options)])
    .map(shellWord)
    .join(' ');
}

/**
 * Render the install fragment for an agent.
 * @throws RangeError if the launcher is empty
 * @returns pretty-printed JSON ending in a newline
 */
export function renderAgentHook(options: AgentHookOptions): string {
  if (options.launcher.length === 0) throw new RangeError('the hook launcher has no words');
  if (HOOK_TIMEOUT_SECONDS * 1000 <= HOOK_DEADLINE_MS) throw new RangeError('the hook timeout must be above its deadline');
  const command = agentHookCommand(options);
  let fragment: unknown;
  switch (options.agent) {
    case 'gemini': {
      const hook = { type: 'command', name: 'rclass', command, timeout: HOOK_TIMEOUT_SECONDS * 1000 };
      fragment = { hooks: { BeforeTool: [{ matcher: '.*', hooks: [hook] }], AfterTool: [{ matcher: '.*', hooks: [{ ...hook }] }] } };
      break;
    }
    case 'codex':
      fragment = {
        hooks: { PreToolUse: [{ hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT_SECONDS, statusMessage: 'rclass: classifying the call' }] }] },
      };
      break;
    case 'cursor': {
      const hook = { command, timeout: HOOK_TIMEOUT_SECONDS, failClosed: true };
      fragment = { version: 1, hooks: { beforeMCPExecution: [hook], beforeShellExecution: [{ ...hook }] } };
      break;
    }
  }
  return `${JSON.stringify(fragment, null, 2)}\n`;
}
