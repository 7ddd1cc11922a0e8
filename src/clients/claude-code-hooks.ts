/**
 * Claude Code's hook settings as rclass installs them (SPEC 8.5, 9): which
 * tools the hook runs for, and its time bounds. Browser-safe: constants
 * only, shared by the hook and the settings fragment that installs it.
 *
 * - Before every tool (an empty matcher): the session guard must learn
 *   that a session has read from any tool, built-in ones included.
 * - After MCP tools, `WebFetch` and the built-in tools that can write (the
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

/** Every tool: an empty matcher. */
export const EVERY_TOOL_MATCHER = '';

/** Every MCP tool, plugin servers' and claude.ai connectors' included; never a bare `mcp__<server>`, which matches nothing. */
export const MCP_MATCHER = 'mcp__.*';

/** The tools whose outcome is logged: an anchored regular expression. */
export const OUTCOME_MATCHER = `^(mcp__.*|WebFetch|${Object.keys(WRITING_BUILTINS).join('|')})$`;

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
 * The `timeout` (seconds) the settings fragment gives Claude Code: above
 * the deadline and the time to log a timeout, with room for starting Node.
 */
export const HOOK_TIMEOUT_SECONDS = 15;
