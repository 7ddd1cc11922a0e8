/**
 * Gemini CLI's `BeforeTool` hook (google-gemini/gemini-cli@5411f113,
 * `docs/hooks/reference.md`; `packages/core/src/hooks/types.ts`
 * `BeforeToolInput`, `McpToolContext`, `HookDecision`;
 * `packages/core/src/scheduler/hook-utils.ts` and `scheduler.ts`, where an
 * `ask` decision forces the confirmation prompt, `ASK_USER`).
 *
 * Input: `session_id`, `transcript_path`, `cwd`, `hook_event_name`,
 * `timestamp`, `tool_name`, `tool_input` (object), and for MCP tools
 * `mcp_context` with `server_name`, `tool_name` (the server's own name for
 * the tool), and `command`/`args`/`cwd` (stdio) or `url` (SSE, HTTP) or
 * `tcp` (WebSocket); never `env` or headers. MCP tools are named
 * `mcp_<server>_<tool>`. Other tools (`run_shell_command`, `write_file`,
 * `replace`, `web_fetch`, …) are read as the agent's own tools, decided by
 * its table in `builtins.ts`. The top-level `cwd` stands for a server entry
 * that sets none (Gemini CLI starts it there), and a relative `cwd` in
 * `mcp_context` is read under it, as spawn reads it.
 *
 * Output (exit 0, one JSON object): `decision` `allow`, `deny` (alias
 * `block`) with `reason` sent to the agent as a tool error, or `ask` with
 * `systemMessage` shown in the confirmation; `{}` leaves the call to
 * Gemini CLI's own policy engine. Browser-safe.
 */
import { type AgentAdapter, type AgentDecision, type AgentInput, type ServerHint, absolutePathOf, objectOf, readEnvelope, stringOf } from './types.ts';

/** The event the adapter decides. */
const GEMINI_EVENT = 'BeforeTool';

/** Gemini CLI's MCP tool name prefix (`mcp_<server>_<tool>`). */
const GEMINI_MCP_PREFIX = 'mcp_';

/**
 * @param projectDir the payload's top-level `cwd` (Gemini CLI's working folder, `config.getWorkingDir()`), where
 *   Gemini CLI starts a stdio server whose entry sets no `cwd`, so a project `.npmrc` there is the one npx reads
 */
function hintOf(context: Record<string, unknown> | undefined, toolName: string, projectDir: string | undefined): { hint: ServerHint; tool: string } {
  if (context === undefined)
    return { hint: { kind: 'none', name: toolName, why: 'Gemini CLI sent no `mcp_context` for it, so its server is unknown' }, tool: toolName };
  const name = stringOf(context.server_name, 200) ?? '';
  const tool = stringOf(context.tool_name, 512) ?? toolName;
  if (name === '') return { hint: { kind: 'none', name: toolName, why: '`mcp_context` names no server' }, tool };
  if (stringOf(context.tcp) !== undefined) return { hint: { kind: 'none', name, why: 'it is a WebSocket server, which rclass cannot identify' }, tool };
  const url = stringOf(context.url);
  const command = stringOf(context.command);
  const args = Array.isArray(context.args) && context.args.every((arg) => typeof arg === 'string') ? (context.args as string[]) : undefined;
  if (Array.isArray(context.args) && args === undefined) return { hint: { kind: 'none', name, why: '`mcp_context.args` is not a list of strings' }, tool };
  if (url !== undefined && command === undefined) return { hint: { kind: 'entry', name, url }, tool };
  if (command === undefined || url !== undefined) return { hint: { kind: 'none', name, why: '`mcp_context` gives neither one command nor one URL' }, tool };
  const cwd = startFolder(stringOf(context.cwd), projectDir);
  if (cwd === null)
    return { hint: { kind: 'none', name, why: 'its entry sets a relative `cwd` and the payload names no working folder to place it in' }, tool };
  return { hint: { kind: 'entry', name, command, args: args ?? [], ...(cwd !== undefined ? { cwd } : {}) }, tool };
}

/**
 * The folder Gemini CLI starts a stdio server in: the entry's own `cwd`, handed to spawn as written
 * (`mcp-client.ts` `new StdioClientTransport({ cwd: mcpServerConfig.cwd })`, so a relative one lies under Gemini
 * CLI's working folder, the payload's `cwd`), else that working folder.
 * @returns the absolute folder; undefined when neither is given; null for a relative `cwd` with no working folder to place it in
 */
function startFolder(own: string | undefined, projectDir: string | undefined): string | undefined | null {
  if (own === undefined) return projectDir;
  if (absolutePathOf(own) !== undefined) return own;
  return projectDir === undefined ? null : `${projectDir.replace(/[\\/]+$/, '')}/${own}`;
}

/** Read a Gemini CLI hook payload. Never throws. */
function parseGemini(text: string): AgentInput {
  const read = readEnvelope(text, { sessionKey: 'session_id', event: GEMINI_EVENT, readEvents: ['AfterTool'] });
  if (!read.ok) return read.input;
  const { value, sessionId, toolName, known: partial } = read.envelope;
  const context = objectOf(value.mcp_context);
  const input = objectOf(value.tool_input);
  if (input === undefined) return { kind: 'error', reason: 'unparseable hook input: `tool_input` is missing or not a JSON object', ...partial };
  const cwd = absolutePathOf(value.cwd);
  if (context === undefined && !toolName.startsWith(GEMINI_MCP_PREFIX))
    return { kind: 'builtin', call: { sessionId, toolName, input, ...(cwd !== undefined ? { cwd } : {}) } };
  const { hint, tool } = hintOf(context, toolName, cwd);
  return { kind: 'call', call: { sessionId, tool, toolName, input, server: hint } };
}

/** Gemini CLI's answer for a decision. */
function renderGemini(decision: AgentDecision, reason: string): { stdout: string } {
  switch (decision) {
    case 'none':
      return { stdout: '{}\n' };
    case 'allow':
      return { stdout: `${JSON.stringify({ decision: 'allow', reason })}\n` };
    case 'ask':
      return { stdout: `${JSON.stringify({ decision: 'ask', reason, systemMessage: reason })}\n` };
    case 'deny':
      return { stdout: `${JSON.stringify({ decision: 'deny', reason })}\n` };
  }
}

/** The Gemini CLI adapter. */
export const GEMINI_ADAPTER: AgentAdapter = { name: 'gemini', parse: parseGemini, render: renderGemini };
