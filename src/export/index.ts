/**
 * Static policy exports (SPEC 8): one entry point for the CLI, the build and
 * the site. Every format is a pure function of a {@link PolicyPlan}; the
 * Claude Code hook fragment also needs the launcher words. Browser-safe.
 */
import type { RegistryDocument } from '../core/record.ts';
import { renderCedar } from './cedar.ts';
import { renderToolHive } from './cedar-toolhive.ts';
import { renderCel } from './cel.ts';
import { CLAUDE_HOOK_DOWNLOAD_NOTE, type HookForm, renderClaudeHook } from './claude-hook.ts';
import { renderClaudeSettings } from './claude-settings.ts';
import { renderCursorCli } from './cursor-cli.ts';
import { agentHookDownloadNote, renderAgentHook } from './agent-hooks.ts';
import { renderCodexDisabledTools } from './codex.ts';
import { renderCursorIde } from './cursor-ide.ts';
import { renderGeminiPolicy } from './gemini-policy.ts';
import { type PolicyPlan, planPolicy } from './plan.ts';
import type { Thresholds } from '../core/policy.ts';

export { renderCedar } from './cedar.ts';
export { renderToolHive } from './cedar-toolhive.ts';
export { renderCel } from './cel.ts';
export { CLAUDE_HOOK_DOWNLOAD_NOTE, renderClaudeHook } from './claude-hook.ts';
export { renderClaudeSettings } from './claude-settings.ts';
export { renderCursorCli } from './cursor-cli.ts';
export { agentHookDownloadNote, renderAgentHook } from './agent-hooks.ts';
export { renderCodexDisabledTools } from './codex.ts';
export { renderCursorIde } from './cursor-ide.ts';
export { renderGeminiPolicy } from './gemini-policy.ts';
export { planPolicy } from './plan.ts';
export type { PolicyPlan, PlannedServer, PlannedTool, ServerSelection } from './plan.ts';
export { parseThresholds } from '../core/policy.ts';
export type { Decision, Thresholds } from '../core/policy.ts';

/** The `--format` values of `rclass policy`. */
export const POLICY_FORMATS = [
  'cedar',
  'cedar-toolhive',
  'cel',
  'claude-settings',
  'claude-hook',
  'cursor-cli',
  'cursor-ide',
  'cursor-hook',
  'gemini',
  'gemini-hook',
  'codex-disabled-tools',
  'codex-hook',
] as const;

/** One `--format` value. */
export type PolicyFormat = (typeof POLICY_FORMATS)[number];

/** Whether a string is a `--format` value. */
export function isPolicyFormat(value: string): value is PolicyFormat {
  return (POLICY_FORMATS as readonly string[]).includes(value);
}

/**
 * Render a plan in a format.
 * @param launcher the words that start rclass, for the hook formats (`claude-hook`, `gemini-hook`, `codex-hook`, `cursor-hook`) only
 * @param hookForm for `claude-hook`: exec form (`command` + `args`) or shell form
 * @param egressAllow for the hook formats: hosts embedded as `--egress-allow HOST`
 * @param anchor for the hook formats: embedded as `--anchor-file FILE` and `--anchor-command CMD` (SPEC 10.3)
 * @param windows for `claude-hook` in exec form: written for Windows, where no `/bin/sh` runs the hook's guard
 * @param records for the hook formats: embedded as `--records DIR`, the local records folder (SPEC 5.10)
 * @throws RangeError for a hook format without launcher words
 */
export function renderPolicy(
  format: PolicyFormat,
  plan: PolicyPlan,
  launcher: readonly string[] = [],
  hookForm: HookForm = 'shell',
  egressAllow: readonly string[] = [],
  anchor?: { file?: string; command?: string },
  windows = false,
  records?: string,
): string {
  const local = records !== undefined ? { records } : {};
  switch (format) {
    case 'cedar':
      return renderCedar(plan);
    case 'cedar-toolhive':
      return renderToolHive(plan);
    case 'cel':
      return renderCel(plan);
    case 'claude-settings':
      return renderClaudeSettings(plan);
    case 'claude-hook':
      return renderClaudeHook({
        launcher,
        thresholds: plan.thresholds,
        form: hookForm,
        egressAllow,
        windows,
        ...(anchor !== undefined ? { anchor } : {}),
        ...local,
      });
    case 'cursor-cli':
      return renderCursorCli(plan);
    case 'cursor-ide':
      return renderCursorIde(plan);
    case 'gemini':
      return renderGeminiPolicy(plan);
    case 'codex-disabled-tools':
      return renderCodexDisabledTools(plan);
    case 'cursor-hook':
      return renderAgentHook({ agent: 'cursor', launcher, thresholds: plan.thresholds, egressAllow, ...(anchor !== undefined ? { anchor } : {}), ...local });
    case 'gemini-hook':
      return renderAgentHook({ agent: 'gemini', launcher, thresholds: plan.thresholds, egressAllow, ...(anchor !== undefined ? { anchor } : {}), ...local });
    case 'codex-hook':
      return renderAgentHook({ agent: 'codex', launcher, thresholds: plan.thresholds, egressAllow, ...(anchor !== undefined ? { anchor } : {}), ...local });
  }
}

/** The formats that install a hook rather than list tools: they take no `--server`, so they have no per-server file. */
export const HOOK_FORMATS: ReadonlySet<PolicyFormat> = new Set(['claude-hook', 'gemini-hook', 'codex-hook', 'cursor-hook']);

/** One server, or one tool of it, to limit {@link policyFiles} to (what `rclass policy --server ID` covers, then only that tool). */
export interface PolicyScope {
  /** Record id, used as the server's name as `rclass policy` without CONFIG uses it. */
  server: string;
  /** One tool of that record; the files then list only it. */
  tool?: string;
}

/** One ready-made policy file, as the build writes it under `build/policies/`. */
export interface PolicyFile {
  /** File name, e.g. `rclass.cedar`. */
  file: string;
  format: PolicyFormat;
  /** Where it is used, in a few words. */
  target: string;
  /** What the file does, one sentence. */
  description: string;
  /** The thresholds it was made with. */
  thresholds: Thresholds;
  /** The `rclass policy` command that writes the same file. */
  command: string;
  content: string;
}

/**
 * The ready-made policy files for the whole registry, with the default
 * thresholds of each target (the Cursor CLI file denies R4, since Cursor has
 * no ask list and would otherwise get an empty file). The hook fragment runs
 * `rclass` from the PATH, since a download cannot know where it is installed;
 * its description says it is an example and how to generate the real one
 * ({@link CLAUDE_HOOK_DOWNLOAD_NOTE}).
 * @param document the registry document (SPEC 5.8)
 * @param generator e.g. `rclass 0.1.0`
 * @param only one server, or one tool of it: its files are the listing formats only (the hook formats take no `--server`)
 * @param formats only these formats, in the same order; the others are not rendered (a tool page shows two of the twelve)
 */
export function policyFiles(document: RegistryDocument, generator: string, only?: PolicyScope, formats?: ReadonlySet<PolicyFormat>): PolicyFile[] {
  const servers = only === undefined ? undefined : [{ name: only.server, recordId: only.server, ...(only.tool === undefined ? {} : { tools: [only.tool] }) }];
  const plan = (thresholds: Thresholds): PolicyPlan => planPolicy(document, { generator, thresholds, ...(servers === undefined ? {} : { servers }) });
  const scope = only === undefined ? '' : ` --server ${only.server}`;
  // The hook formats identify servers each time they run and take no --server (rclass policy refuses it), so one server's files are the listing formats.
  const wanted = (format: PolicyFormat): boolean => (formats === undefined || formats.has(format)) && (only === undefined || !HOOK_FORMATS.has(format));
  const file = (name: string, format: PolicyFormat, target: string, description: string, thresholds: Thresholds, flags = ''): PolicyFile[] =>
    wanted(format)
      ? [
          {
            file: name,
            format,
            target,
            description,
            thresholds,
            command: `rclass policy --format ${format}${flags}${scope}`,
            content: renderPolicy(format, plan(thresholds), ['rclass']),
          },
        ]
      : [];
  return [
    file(
      'rclass.cedar',
      'cedar',
      'Docker Sandboxes MCP policy (organization policy in Docker Home)',
      'Cedar policies: R0–R1 tools permitted, R2–R4 tools permitted only with the user’s approval, everything else denied.',
      {},
    ),
    file(
      'toolhive-authz.json',
      'cedar-toolhive',
      'ToolHive authorization',
      'Cedar authorization config: only tools whose name is R0–R1 in every registry server that lists it are permitted.',
      {},
    ),
    file(
      'agentgateway-mcp-authz.yaml',
      'cel',
      'agentgateway mcpAuthorization',
      'CEL allow rules per server for R0–R1 tools; every other tool is filtered out.',
      {},
    ),
    file(
      'claude-settings.json',
      'claude-settings',
      'Claude Code permission rules',
      'Permission rules that make Claude Code ask before every tool whose worst case is R2 or above.',
      {},
    ),
    file(
      'claude-hook.json',
      'claude-hook',
      'Claude Code hooks (an example: generate your own)',
      `Hook settings that run \`rclass hook\` at session start and before every tool call, deciding MCP calls and WebFetch, and after MCP, WebFetch and writing tools, with a 15-second timeout. ${CLAUDE_HOOK_DOWNLOAD_NOTE}`,
      {},
    ),
    file(
      'cursor-cli.json',
      'cursor-cli',
      'Cursor CLI permissions',
      'Cursor CLI deny rules for every tool whose worst case is R4 (argument-dependent tools excepted); Cursor prompts for the rest.',
      { denyFrom: 'R4' },
      ' --deny-from R4',
    ),
    file(
      'cursor-permissions.json',
      'cursor-ide',
      'Cursor IDE permissions.json (mcpAllowlist)',
      'The mcpAllowlist for ~/.cursor/permissions.json: `server:tool` for every tool whose worst case is R0 or R1, which then run without approval in a Run Mode; it replaces the allowlist in Cursor Settings.',
      { allowUpTo: 'R1' },
      ' --allow-up-to R1',
    ),
    file(
      'cursor-hook.json',
      'cursor-hook',
      'Cursor beforeMCPExecution and beforeShellExecution hooks (an example: generate your own)',
      `Hooks for ~/.cursor/hooks.json that run \`rclass hook --agent cursor\` before every MCP call and shell command, with failClosed so a hook that cannot run blocks. ${agentHookDownloadNote('cursor')}`,
      {},
    ),
    file(
      'gemini-policy.toml',
      'gemini',
      'Gemini CLI policy engine rules',
      'Policy engine rules for ~/.gemini/policies/: ask_user for every tool whose worst case is R2 or above (and argument-dependent tools), so Gemini CLI asks where the hook would; its own defaults for the rest.',
      {},
    ),
    file(
      'gemini-hook.json',
      'gemini-hook',
      'Gemini CLI BeforeTool hook (an example: generate your own)',
      `Hooks for ~/.gemini/settings.json that run \`rclass hook --agent gemini\` before and after every tool, answering allow, ask or deny. ${agentHookDownloadNote('gemini')}`,
      {},
    ),
    file(
      'codex-disabled-tools.toml',
      'codex-disabled-tools',
      'Codex disabled_tools',
      'A ~/.codex/config.toml fragment: `disabled_tools` for every tool whose worst case is R4 (argument-dependent tools excepted); Codex has no ask list, so the rest stay enabled.',
      { denyFrom: 'R4' },
      ' --deny-from R4',
    ),
    file(
      'codex-hook.json',
      'codex-hook',
      'Codex PreToolUse hook (an example: generate your own)',
      `Hooks for ~/.codex/hooks.json that run \`rclass hook --agent codex\` before every tool call; Codex cannot ask, so every ask is a block. ${agentHookDownloadNote('codex')}`,
      {},
    ),
  ].flat();
}
