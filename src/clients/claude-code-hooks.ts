/**
 * Claude Code's hook settings as rclass installs them (SPEC 8.5, 9): which
 * tools the hook runs for, and its time bounds. Browser-safe: constants
 * only, shared by the hook and the settings fragment that installs it.
 *
 * - Before every tool (an empty matcher): the session guard must learn
 *   that a session has read from any tool, built-in ones included.
 * - After MCP tools, the built-in tools that send data out and those that can write (the
 *   ones the hook may prompt for): their outcome lines tell the log which
 *   decisions led to a call running. Other built-in tools are left out, so
 *   reading a file costs one hook process, not two.
 */

/** Claude Code's built-in tools that can write, and where their input names the target. */
export const WRITING_BUILTINS: Readonly<Record<string, readonly string[]>> = {
  Write: ['file_path'],
  Edit: ['file_path'],
  MultiEdit: ['file_path'],
  NotebookEdit: ['notebook_path'],
  Bash: ['command'],
  PowerShell: ['command'],
};

/** One Claude Code built-in tool that can send data off the machine, with where that fact comes from. */
export interface OutboundBuiltin {
  /** Where the data goes, in a few words. */
  sends: string;
  /** The input field that names the destination URL, when the agent chooses one; otherwise the destination is fixed and no allowlist can clear it (SPEC 9.2). */
  destination?: string;
  /**
   * `every`: the destinations are the URLs written anywhere in the input (Gemini CLI's `web_fetch`
   * reads them out of its prompt), so the allowlist clears the call only when there is at least one
   * and every one is on it.
   */
  urls?: 'every';
  /** The documentation or source the entry was taken from. */
  source: string;
}

/**
 * Claude Code's built-in tools that can carry data off the machine (SPEC 9.2).
 * One table, each with its source; the hook treats them as egress: no
 * decision before a session has read, then R4 unless every destination is on
 * the egress allowlist, which only `WebFetch` (whose `url` the agent picks)
 * can satisfy. The official list is https://code.claude.com/docs/en/tools-reference
 * ("The tool names are the exact strings you use in … hook matchers").
 */
export const OUTBOUND_BUILTINS: Readonly<Record<string, OutboundBuiltin>> = {
  WebFetch: { sends: 'a request to a URL the agent chose', destination: 'url', source: 'https://code.claude.com/docs/en/tools-reference (WebFetch)' },
  WebSearch: { sends: 'its query to the web search provider', source: 'https://code.claude.com/docs/en/tools-reference (WebSearch)' },
  Artifact: {
    sends: 'a file, published as a page on claude.ai that can be shared inside an organisation',
    source:
      'https://code.claude.com/docs/en/tools-reference (Artifact: "Publishes an HTML or Markdown file as an artifact: a private, interactive page on claude.ai")',
  },
  SendUserFile: {
    sends: "local files to the user's other devices through Anthropic's service",
    source:
      'Claude Code 2.1.142 tool description (github.com/Piebald-AI/claude-code-system-prompts, system-prompts/tool-description-senduserfile.md: "you want this to reach their phone")',
  },
  RemoteTrigger: {
    sends: 'a request body to the claude.ai remote-trigger API, which creates and runs remote agents',
    source: 'Claude Code tools/RemoteTriggerTool/prompt.ts ("Call the claude.ai remote-trigger API … create: POST /v1/code/triggers")',
  },
};

/** Every tool: an empty matcher. */
export const EVERY_TOOL_MATCHER = '';

/** Every MCP tool, plugin servers' and claude.ai connectors' included; never a bare `mcp__<server>`, which matches nothing. */
export const MCP_MATCHER = 'mcp__.*';

/** The tools whose outcome is logged: an anchored regular expression. */
export const OUTCOME_MATCHER = `^(mcp__.*|${[...Object.keys(OUTBOUND_BUILTINS), ...Object.keys(WRITING_BUILTINS)].join('|')})$`;

// ---------------------------------------------------------------- time bounds
// Claude Code runs a call under the user's normal permission rules when a
// hook does not answer within its `timeout`, so the hook answers `ask` by
// its own deadline, well inside the timeout the fragment sets.

/**
 * The hook answers within this many milliseconds of starting, `ask` if its
 * work is not done. A call normally takes a fraction of a second; the
 * margin is for a loaded machine, where loading the SQL parser alone can
 * take seconds.
 */
export const HOOK_DEADLINE_MS = 8000;

/** Milliseconds after the deadline allowed for logging that the hook ran out of time. */
export const TIMEOUT_LOG_MS = 1000;

/**
 * Milliseconds from the hook process's start (not from when its code began
 * to run: on a loaded machine starting Node and loading the bundle took
 * seconds, issue 23) after which a watchdog ends the process whatever it is
 * doing: the answer if it was written (exit 0), else a blocking reason on
 * stderr and exit 2. The deadline, the time to log a timeout, and half a
 * second to write and exit.
 */
export const HOOK_HARD_STOP_MS = HOOK_DEADLINE_MS + TIMEOUT_LOG_MS + 500;

/**
 * The `timeout` (seconds) the settings fragment gives Claude Code: above
 * the hook's hard stop ({@link HOOK_HARD_STOP_MS}, counted from the hook
 * process's start), with more than five seconds left for the agent to start
 * the guard's shell and Node on a loaded machine.
 */
export const HOOK_TIMEOUT_SECONDS = 15;
