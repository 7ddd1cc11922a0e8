/**
 * Cursor's `beforeMCPExecution` hook (https://cursor.com/docs/hooks, mirror
 * mehmetbaykar/cursor-docs-skill `skills/cursor-docs/references/hooks.md`@1cc1c993,
 * "beforeShellExecution / beforeMCPExecution" and "Common schema").
 *
 * Input: the common fields (`conversation_id`, `generation_id`, `model`,
 * `hook_event_name`, `cursor_version`, `workspace_roots`, `user_email`,
 * `transcript_path`), `tool_name`, `tool_input` (documented as "<json
 * params>": a JSON string, or an object), and either `url` or `command`
 * (the server's command line as one string). No server name is sent; the
 * server is taken to start in the workspace root (`workspace_roots`).
 * `beforeShellExecution` (`command`, `cwd`) is read as Cursor's own tool
 * `Shell`, decided by its table in `builtins.ts`.
 *
 * Output: `{"permission": "allow" | "deny" | "ask", "user_message",
 * "agent_message"}`; `{}` gives no decision. A hook that crashes, times
 * out or prints invalid JSON lets the call run unless the hook entry sets
 * `failClosed: true`. Browser-safe.
 */
import { splitCommandLine } from '../words.ts';
import {
  type AgentAdapter,
  type AgentDecision,
  type AgentInput,
  type ServerHint,
  absolutePathOf,
  jsonObject,
  objectOf,
  readEnvelope,
  stringOf,
} from './types.ts';

/** The event the adapter decides. */
const CURSOR_EVENT = 'beforeMCPExecution';

/** The common schema's `workspace_roots`: the absolute folders of the workspace, or undefined when none is usable. */
function rootsOf(value: Record<string, unknown>): string[] | undefined {
  if (!Array.isArray(value.workspace_roots)) return undefined;
  const roots = value.workspace_roots.map(absolutePathOf).filter((root): root is string => root !== undefined);
  return roots.length > 0 && roots.length === value.workspace_roots.length && roots.length <= 16 ? roots : undefined;
}

/** Where a server may start: the one workspace root, or all of them. */
function foldersOf(value: Record<string, unknown>): { cwd: string } | { cwds: string[] } | Record<string, never> {
  const roots = rootsOf(value);
  if (roots === undefined) return {};
  return roots.length === 1 ? { cwd: roots[0]! } : { cwds: roots };
}

function hintOf(value: Record<string, unknown>): ServerHint {
  const url = stringOf(value.url);
  const command = stringOf(value.command);
  if (url !== undefined && command === undefined) return { kind: 'entry', name: url, url };
  if (command !== undefined && url === undefined) {
    const words = splitCommandLine(command);
    if ('error' in words) return { kind: 'none', name: command.slice(0, 80), why: `its command line cannot be read: ${words.error}` };
    const [first, ...args] = words.words;
    if (first === undefined) return { kind: 'none', name: 'unknown', why: 'its command line is empty' };
    return { kind: 'entry', name: first.split(/[\\/]/).at(-1) ?? first, command: first, args, ...foldersOf(value) };
  }
  return { kind: 'none', name: 'unknown', why: 'Cursor sent neither one `command` nor one `url` for the server' };
}

/** The event whose shell command the adapter decides as the tool `Shell`. */
const CURSOR_SHELL_EVENT = 'beforeShellExecution';

/** Read a `beforeShellExecution` payload (`command`, `cwd`, plus the common fields). Never throws. */
function parseShell(value: Record<string, unknown>): AgentInput {
  const sessionId = stringOf(value.conversation_id, 512);
  const known = { ...(sessionId !== undefined ? { sessionId } : {}), toolName: 'Shell' };
  if (sessionId === undefined)
    return { kind: 'error', reason: 'unparseable hook input: `conversation_id` is missing, empty, too long or not a string', ...known };
  const command = stringOf(value.command, 1024 * 1024);
  if (command === undefined) return { kind: 'error', reason: 'unparseable hook input: `command` is missing, empty, too long or not a string', ...known };
  const cwd = absolutePathOf(value.cwd) ?? rootsOf(value)?.[0];
  return { kind: 'builtin', call: { sessionId, toolName: 'Shell', input: { command }, ...(cwd !== undefined ? { cwd } : {}) } };
}

/** Read a Cursor hook payload. Never throws. */
function parseCursor(text: string): AgentInput {
  const peek = jsonObject(text);
  if (peek.ok && peek.value.hook_event_name === CURSOR_SHELL_EVENT) return parseShell(peek.value);
  const read = readEnvelope(text, {
    sessionKey: 'conversation_id',
    event: CURSOR_EVENT,
    readEvents: ['afterMCPExecution', 'preToolUse', 'postToolUse'],
  });
  if (!read.ok) return read.input;
  const { value, sessionId, toolName, known: partial } = read.envelope;
  let input = objectOf(value.tool_input);
  if (input === undefined && typeof value.tool_input === 'string') {
    try {
      input = objectOf(JSON.parse(value.tool_input));
    } catch {
      input = undefined;
    }
  }
  if (input === undefined) return { kind: 'error', reason: 'unparseable hook input: `tool_input` is not a JSON object or a string holding one', ...partial };
  return { kind: 'call', call: { sessionId, tool: toolName, toolName, input, server: hintOf(value) } };
}

/** Cursor's answer for a decision. */
function renderCursor(decision: AgentDecision, reason: string): { stdout: string } {
  if (decision === 'none') return { stdout: '{}\n' };
  return { stdout: `${JSON.stringify({ permission: decision, user_message: reason, agent_message: reason })}\n` };
}

/** The Cursor adapter. */
export const CURSOR_ADAPTER: AgentAdapter = { name: 'cursor', parse: parseCursor, render: renderCursor };
