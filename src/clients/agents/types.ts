/**
 * What every agent adapter reads from its client's hook payload, and the
 * answer it writes back, in one agent-independent shape (SPEC 8.5).
 * Browser-safe: types and pure functions only.
 */

/** The agents with a hook adapter besides Claude Code. */
export const AGENTS = ['gemini', 'codex', 'cursor'] as const;

/** One agent. */
export type AgentName = (typeof AGENTS)[number];

/** How the server of an MCP call can be identified from the payload. */
export type ServerHint =
  /** The payload says how the server starts or where it is (Gemini's `mcp_context`, Cursor's `command` or `url`). */
  | {
      kind: 'entry';
      name: string;
      command?: string;
      args?: string[];
      url?: string;
      /** The folder the server starts in, when the payload says (a project `.npmrc` there changes what npx runs). */
      cwd?: string;
      /** Several folders it may start in (Cursor's `workspace_roots`): the server is recognised only if it is the same record from each. */
      cwds?: string[];
    }
  /** Only the configured name is known (Codex's `mcp__<server>__<tool>`). */
  | { kind: 'name'; name: string }
  /** Nothing identifies it; `why` says what was missing. */
  | { kind: 'none'; name: string; why: string };

/** One MCP tool call, as the decision core sees it. */
export interface AgentCall {
  /** The agent's session (Gemini `session_id`, Codex `session_id`, Cursor `conversation_id`). */
  sessionId: string;
  /** The tool as the server lists it. */
  tool: string;
  /** The tool name exactly as the agent sent it, for the reason and the log. */
  toolName: string;
  /** The arguments, a plain object. */
  input: Record<string, unknown>;
  server: ServerHint;
  /** The agent's working folder (absolute), when the payload gives it: Codex's configuration is read for it. */
  cwd?: string;
  toolUseId?: string;
  permissionMode?: string;
}

/** A call of one of the agent's own tools (its shell, file and fetch tools), decided by the agent's table (`builtins.ts`). */
export interface BuiltinCall {
  sessionId: string;
  /** The tool's name as the agent sends it, e.g. `run_shell_command`, `Bash`, `apply_patch`, `Shell`. */
  toolName: string;
  /** The arguments, a plain object. */
  input: Record<string, unknown>;
  /** The agent's working folder (absolute), when the payload gives it: relative paths are read against it. */
  cwd?: string;
  toolUseId?: string;
  permissionMode?: string;
}

/** What an adapter made of a payload. */
export type AgentInput =
  /** An MCP call to decide. */
  | { kind: 'call'; call: AgentCall }
  /** One of the agent's own tools: the session guard and the self-protection check decide it; it marks the session as having read (SPEC 9). */
  | { kind: 'builtin'; call: BuiltinCall }
  /** Another tool or event: no decision; a tool call still marks the session as having read (SPEC 9). */
  | { kind: 'pass'; sessionId?: string; marksRead: boolean }
  /** The payload cannot be used: the answer is `ask` (SPEC 4.4). */
  | { kind: 'error'; reason: string; sessionId?: string; toolName?: string };

/** The hook's answer in the agent's own terms. */
interface AgentAnswer {
  /** Exactly what to print on stdout. */
  stdout: string;
}

/** The decisions an adapter translates. */
export type AgentDecision = 'allow' | 'ask' | 'deny' | 'none';

/** One agent's translation to and from the decision core. */
export interface AgentAdapter {
  name: AgentName;
  /** Read stdin (already size-bounded). Never throws. */
  parse(text: string): AgentInput;
  /** The answer for a decision and its one-line reason. */
  render(decision: AgentDecision, reason: string): AgentAnswer;
}

/** A plain JSON object, or undefined. */
export function objectOf(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** An absolute path (POSIX or Windows) up to 4096 characters, or undefined. */
export function absolutePathOf(value: unknown): string | undefined {
  const text = stringOf(value);
  return text !== undefined && (text.startsWith('/') || /^[A-Za-z]:[\\/]/.test(text)) ? text : undefined;
}

/** A non-empty string up to `max` characters, or undefined. */
export function stringOf(value: unknown, max = 4096): string | undefined {
  return typeof value === 'string' && value !== '' && value.length <= max ? value : undefined;
}

/** Parse stdin as a JSON object, or say why it is not one. */
export function jsonObject(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'unparseable hook input: stdin is not JSON' };
  }
  const object = objectOf(value);
  return object === undefined ? { ok: false, reason: 'unparseable hook input: stdin is not a JSON object' } : { ok: true, value: object };
}

/** The fields every hook payload starts with, once read. */
interface Envelope {
  value: Record<string, unknown>;
  sessionId: string;
  toolName: string;
  /** What is known so far, for an error answer. */
  known: { sessionId?: string; toolName?: string };
}

/**
 * Read what every agent's hook payload starts with: a JSON object, its
 * session id, event name and tool name. Another event passes (a tool call
 * the agent reports after it ran counts as a read, SPEC 9.1); a missing
 * field is an error, so the call asks.
 * @param fields the payload's session key (`session_id`, Cursor's `conversation_id`), the event the adapter decides, and the other events that mark the session as having read
 * @returns the fields, or the adapter's answer when there is nothing more to read; never throws
 */
export function readEnvelope(
  text: string,
  fields: { sessionKey: string; event: string; readEvents: readonly string[] },
): { ok: true; envelope: Envelope } | { ok: false; input: AgentInput } {
  const parsed = jsonObject(text);
  if (!parsed.ok) return { ok: false, input: { kind: 'error', reason: parsed.reason } };
  const value = parsed.value;
  const sessionId = stringOf(value[fields.sessionKey], 512);
  const event = stringOf(value.hook_event_name, 128);
  const toolName = stringOf(value.tool_name, 512);
  const known = { ...(sessionId !== undefined ? { sessionId } : {}), ...(toolName !== undefined ? { toolName } : {}) };
  const error = (reason: string): { ok: false; input: AgentInput } => ({ ok: false, input: { kind: 'error', reason, ...known } });
  if (event === undefined) return error('unparseable hook input: `hook_event_name` is missing or not a string');
  if (event !== fields.event)
    return { ok: false, input: { kind: 'pass', ...(sessionId !== undefined ? { sessionId } : {}), marksRead: fields.readEvents.includes(event) } };
  if (sessionId === undefined) return error(`unparseable hook input: \`${fields.sessionKey}\` is missing, empty, too long or not a string`);
  if (toolName === undefined) return error('unparseable hook input: `tool_name` is missing, empty, too long or not a string');
  return { ok: true, envelope: { value, sessionId, toolName, known } };
}
