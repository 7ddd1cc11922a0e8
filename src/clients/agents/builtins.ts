/**
 * Each agent's own (non-MCP) tools as the hook sees them (SPEC 8.5, 9): the
 * ones that send data off the machine (the session guard's egress rule),
 * the ones that can write and where their input names the target (the
 * self-protection check), and the agent's own settings and hook files.
 * One table per agent, each entry with the source it was read from; a tool
 * not listed is treated as one that may write (every string of its input is
 * searched). Browser-safe: constants only.
 */
import { type OutboundBuiltin, OUTBOUND_BUILTINS, WRITING_BUILTINS } from '../claude-code-hooks.ts';
import type { AgentName } from './types.ts';

/** An agent with a hook, Claude Code included. */
export type HookAgent = 'claude-code' | AgentName;

/** One agent's built-in tools and files, as the hook judges them. */
export interface AgentTools {
  /** The agent's name for people, e.g. `Gemini CLI`. */
  client: string;
  /** Tools that can carry data off the machine, by the name the hook payload gives them (SPEC 9.2). */
  outbound: Readonly<Record<string, OutboundBuiltin>>;
  /** Tools left out of `outbound` on purpose, with why and the source that shows it. */
  notOutbound: Readonly<Record<string, string>>;
  /** Tools that can write, and the input fields that name their target (every string of those fields is searched). */
  writing: Readonly<Record<string, readonly string[]>>;
  /** Tools whose target field is a shell command (quotes and backslashes removed before comparing). */
  shell: readonly string[];
  /** Tools whose target field is a patch naming files in `*** Add File:`, `*** Update File:`, `*** Delete File:` and `*** Move to:` lines (Codex `apply_patch`). */
  patch: readonly string[];
  /** Tools that write nothing: their input is not searched for protected paths. */
  readOnly: readonly string[];
  /**
   * The agent's own settings and hook files: path fragments as the check
   * compares them (lowercase, `/` separators), and files under the home
   * folder (resolved on disk, so a symbolic link to them is followed).
   */
  settings: { fragments: readonly string[]; homeFiles: readonly string[] };
  /** What the reason calls those files, e.g. `Gemini CLI's settings`. */
  settingsName: string;
}

/**
 * Claude Code (https://code.claude.com/docs/en/tools-reference; settings
 * files: https://code.claude.com/docs/en/settings).
 */
const CLAUDE_CODE: AgentTools = {
  client: 'Claude Code',
  outbound: OUTBOUND_BUILTINS,
  notOutbound: {},
  writing: WRITING_BUILTINS,
  shell: ['Bash', 'PowerShell'],
  patch: [],
  readOnly: [
    'Read',
    'Glob',
    'Grep',
    'LS',
    'WebFetch',
    'WebSearch',
    'TodoWrite',
    'TodoRead',
    'Task',
    'Agent',
    'ExitPlanMode',
    'BashOutput',
    'KillShell',
    'KillBash',
    'AskUserQuestion',
    'ListMcpResourcesTool',
    'ReadMcpResourceTool',
    'Skill',
    'SlashCommand',
  ],
  settings: {
    fragments: ['.claude/settings', '.claude.json', 'managed-settings', 'managed-mcp', '/etc/claude-code'],
    homeFiles: ['.claude/settings.json', '.claude/settings.local.json', '.claude.json'],
  },
  settingsName: "Claude Code's settings",
};

/** Where Gemini CLI's tool names come from. */
const GEMINI_NAMES = 'google-gemini/gemini-cli@5411f113 packages/core/src/tools/definitions/base-declarations.ts';

/**
 * Gemini CLI's built-in tools (names: {@link GEMINI_NAMES}; settings:
 * `packages/cli/src/config/settings.ts` user `~/.gemini/settings.json`,
 * project `.gemini/settings.json`, system `/etc/gemini-cli/settings.json`;
 * policies: `packages/core/src/config/storage.ts` `~/.gemini/policies`).
 */
const GEMINI: AgentTools = {
  client: 'Gemini CLI',
  outbound: {
    web_fetch: {
      sends: 'requests to the URLs the agent wrote into its `prompt` (or its `url`)',
      urls: 'every',
      source: `${GEMINI_NAMES} (WEB_FETCH_TOOL_NAME "web_fetch"); packages/core/src/tools/web-fetch.ts WebFetchToolParams \`prompt\` "containing URL(s) (up to 20)" and \`url\`, fetched with fetchWithTimeout`,
    },
  },
  notOutbound: {
    google_web_search: `its query goes to the Gemini API itself (packages/core/src/tools/web-search.ts: geminiClient.generateContent({ model: 'web-search' }, [query])), the service that already receives the whole conversation, not to a place the agent picks (${GEMINI_NAMES}, WEB_SEARCH_TOOL_NAME)`,
  },
  writing: { write_file: ['file_path'], replace: ['file_path'], run_shell_command: ['command'] },
  shell: ['run_shell_command'],
  patch: [],
  readOnly: [
    'glob',
    'grep_search',
    'list_directory',
    'read_file',
    'read_many_files',
    'web_fetch',
    'google_web_search',
    'ask_user',
    'get_internal_docs',
    'read_mcp_resource',
    'list_mcp_resources',
  ],
  settings: {
    fragments: ['.gemini/settings', '.gemini/policies', '/etc/gemini-cli'],
    homeFiles: ['.gemini/settings.json', '.gemini/policies'],
  },
  settingsName: "Gemini CLI's settings",
};

/**
 * Codex's tools as its hooks name them (openai/codex
 * `codex-rs/core/src/tools/hook_names.rs`: `Bash` for every shell-like
 * tool with `{command}`, `apply_patch` with the patch as `{command}`; MCP
 * tools `mcp__<server>__<tool>`). Settings: `~/.codex/config.toml`,
 * `~/.codex/hooks.json`, a project's `.codex/`, `/etc/codex/`.
 */
const CODEX: AgentTools = {
  client: 'Codex',
  outbound: {},
  notOutbound: {
    web_search:
      'a hosted tool the model provider runs (codex-rs/tools ToolSpec::WebSearch, sent as a Responses API tool with no local handler), so no PreToolUse hook sees it',
  },
  writing: { Bash: ['command'], apply_patch: ['command'] },
  shell: ['Bash'],
  patch: ['apply_patch'],
  readOnly: [],
  settings: {
    fragments: ['.codex/config.toml', '.codex/hooks.json', '/etc/codex'],
    homeFiles: ['.codex/config.toml', '.codex/hooks.json'],
  },
  settingsName: "Codex's configuration and hooks",
};

/**
 * Cursor (https://cursor.com/docs/hooks, mirror
 * mehmetbaykar/cursor-docs-skill `skills/cursor-docs/references/hooks.md`@1cc1c993):
 * `beforeShellExecution` sends the shell command (`command`, `cwd`), read
 * here as the tool `Shell` (the name `preToolUse` gives it). Its hooks
 * document no web-fetch tool. Settings: `~/.cursor/hooks.json`,
 * `.cursor/hooks.json`, `/etc/cursor/hooks.json`, `mcp.json`, and the
 * CLI's permissions `cli-config.json` / `.cursor/cli.json`.
 */
const CURSOR: AgentTools = {
  client: 'Cursor',
  outbound: {},
  notOutbound: {},
  writing: { Shell: ['command'] },
  shell: ['Shell'],
  patch: [],
  readOnly: [],
  settings: {
    fragments: ['.cursor/hooks.json', '.cursor/mcp.json', '.cursor/cli-config.json', '.cursor/cli.json', '/etc/cursor'],
    homeFiles: ['.cursor/hooks.json', '.cursor/mcp.json', '.cursor/cli-config.json'],
  },
  settingsName: "Cursor's hooks and settings",
};

/** Every agent's table. */
export const AGENT_TOOLS: Readonly<Record<HookAgent, AgentTools>> = { 'claude-code': CLAUDE_CODE, gemini: GEMINI, codex: CODEX, cursor: CURSOR };
