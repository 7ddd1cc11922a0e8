/**
 * OpenAI Codex's `PreToolUse` hook (openai/codex: `codex-rs/hooks/src/events/pre_tool_use.rs`
 * `command_input_json`, `codex-rs/hooks/src/engine/output_parser.rs`
 * `parse_pre_tool_use`, `codex-rs/hooks/schema/generated/pre-tool-use.command.*.schema.json`;
 * MCP tools are named `mcp__<server>__<tool>`, `HookToolName::new(format!("mcp__{server}__{tool}"))`
 * in `codex-rs/core`).
 *
 * Input: `session_id`, `turn_id`, `transcript_path`, `cwd`,
 * `hook_event_name` (`PreToolUse`), `model`, `permission_mode`,
 * `tool_name`, `tool_input` (an MCP call's arguments; `{command}` for
 * shell tools), `tool_use_id`. `Bash` and `apply_patch` (its patch as
 * `{command}`) are read as Codex's own tools, decided by its table in
 * `builtins.ts`. Nothing says how the server starts, so the
 * decision core looks the server's name up in Codex's configuration for
 * `cwd` (`src/node/clients/codex-config.ts`).
 *
 * Output: only `permissionDecision: "deny"` with a non-empty
 * `permissionDecisionReason` inside `hookSpecificOutput` blocks a call.
 * Codex rejects `ask` ("unsupported permissionDecision:ask") and `allow`
 * without `updatedInput` as invalid output and runs the call, so an `ask`
 * here must become a `deny` (fail closed), and `allow` becomes `{}`.
 * Browser-safe.
 */
import { parseClaudeToolName } from '../claude-code-names.ts';
import { type AgentAdapter, type AgentDecision, type AgentInput, absolutePathOf, objectOf, readEnvelope, stringOf } from './types.ts';

/** The event the adapter decides. */
const CODEX_EVENT = 'PreToolUse';

/** What an `ask` becomes in Codex, appended to the reason. */
const CODEX_ASK_NOTE =
  'Codex hooks cannot ask (PreToolUse `ask` is not supported), so rclass blocks the call instead; run it yourself if you want it, or lower what rclass blocks with --deny-from.';

/** Read a Codex hook payload. Never throws. */
function parseCodex(text: string): AgentInput {
  const read = readEnvelope(text, { sessionKey: 'session_id', event: CODEX_EVENT, readEvents: ['PostToolUse'] });
  if (!read.ok) return read.input;
  const { value, sessionId, toolName, known: partial } = read.envelope;
  // A function tool whose arguments are not JSON arrives as a string (codex-rs function_hook_tool_input): still searched.
  const input =
    objectOf(value.tool_input) ?? (typeof value.tool_input === 'string' && !toolName.startsWith('mcp__') ? { arguments: value.tool_input } : undefined);
  if (input === undefined) return { kind: 'error', reason: 'unparseable hook input: `tool_input` is missing or not a JSON object', ...partial };
  const toolUseId = stringOf(value.tool_use_id, 512);
  const permissionMode = stringOf(value.permission_mode, 128);
  // Absolute only (POSIX or Windows): Codex's configuration is looked up from it.
  const cwd = absolutePathOf(value.cwd);
  const extra = {
    ...(toolUseId !== undefined ? { toolUseId } : {}),
    ...(permissionMode !== undefined ? { permissionMode } : {}),
    ...(cwd !== undefined ? { cwd } : {}),
  };
  if (!toolName.startsWith('mcp__')) return { kind: 'builtin', call: { sessionId, toolName, input, ...extra } };
  const parts = parseClaudeToolName(toolName);
  if (parts === undefined)
    return {
      kind: 'call',
      call: {
        sessionId,
        tool: toolName,
        toolName,
        input,
        server: { kind: 'none', name: toolName, why: 'the tool name is not `mcp__<server>__<tool>`' },
        ...extra,
      },
    };
  return { kind: 'call', call: { sessionId, tool: parts.tool, toolName, input, server: { kind: 'name', name: parts.server }, ...extra } };
}

/** Codex's answer for a decision: a block, or nothing. */
function renderCodex(decision: AgentDecision, reason: string): { stdout: string } {
  if (decision === 'none' || decision === 'allow') return { stdout: '{}\n' };
  const text = decision === 'ask' ? `${reason.replace(/ Needs your approval\.$/, '')} ${CODEX_ASK_NOTE}` : reason;
  return { stdout: `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: text } })}\n` };
}

/** The Codex adapter. */
export const CODEX_ADAPTER: AgentAdapter = { name: 'codex', parse: parseCodex, render: renderCodex };
