/**
 * Which tools the installed hook runs for (SPEC 8.5, 9). Browser-safe:
 * constants only, shared by the hook and the settings fragment.
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
