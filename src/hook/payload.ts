/**
 * The JSON Claude Code writes to a command hook's stdin (SPEC 8.5), read
 * with a size bound and checked field by field. Anything missing or of the
 * wrong type is reported, never guessed: the hook answers such input with
 * `ask` (SPEC 4.4, 8.5).
 */
import { readBounded } from '../node/read-bounded.ts';

/** The events `rclass hook` acts on. Other events get an empty answer. */
const HOOK_EVENT_NAMES = ['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'SessionStart'] as const;

/** One event `rclass hook` acts on. */
type HookEventName = (typeof HOOK_EVENT_NAMES)[number];

/** The largest stdin accepted (bytes). Larger input is answered with `ask` without being parsed. */
export const MAX_HOOK_INPUT_BYTES = 16 * 1024 * 1024;

/** Longest `session_id` accepted (characters). */
const MAX_SESSION_ID_LENGTH = 512;

/** Longest `tool_name` accepted (characters); Claude Code's own limit is far lower. */
const MAX_TOOL_NAME_LENGTH = 512;

/** A payload that passed the checks. */
export interface HookPayload {
  event: HookEventName | 'other';
  /** `hook_event_name` as sent. */
  eventName: string;
  sessionId: string;
  /** Tool events only. */
  toolName?: string;
  /** Tool events only: the arguments, always a plain object. */
  toolInput?: Record<string, unknown>;
  toolUseId?: string;
  /** Claude Code's working directory when the event fired (absolute), if sent. */
  cwd?: string;
  permissionMode?: string;
  transcriptPath?: string;
  /** SessionStart only: `startup`, `resume`, `clear` or `compact`. */
  source?: string;
}

/** What could be read of a payload that failed the checks, for the audit log. */
export interface PartialPayload {
  eventName?: string;
  sessionId?: string;
  toolName?: string;
  toolUseId?: string;
  permissionMode?: string;
}

/** The outcome of reading stdin. */
export type PayloadResult = { ok: true; payload: HookPayload } | { ok: false; reason: string; partial: PartialPayload };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function optionalString(value: unknown, max = 4096): string | undefined {
  return typeof value === 'string' && value !== '' && value.length <= max ? value : undefined;
}

/**
 * Read the hook's stdin as UTF-8, up to a bound.
 * @param stdin the stream
 * @param limit the largest number of bytes accepted
 * @returns the text, or a reason once more than `limit` bytes arrived (the rest is not read)
 */
export async function readHookInput(
  stdin: AsyncIterable<string | Uint8Array>,
  limit = MAX_HOOK_INPUT_BYTES,
): Promise<{ ok: true; text: string } | { ok: false; reason: string }> {
  const read = await readBounded(stdin, limit);
  return read.ok ? read : { ok: false, reason: `the hook input is larger than ${limit} bytes` };
}

/**
 * Parse and check a hook payload.
 * @param text stdin as text
 * @returns the payload, or why it cannot be used (with what could be read of it)
 */
export function parseHookPayload(text: string): PayloadResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'unparseable hook input: stdin is not JSON', partial: {} };
  }
  if (!isPlainObject(value)) return { ok: false, reason: 'unparseable hook input: stdin is not a JSON object', partial: {} };
  const partial: PartialPayload = {};
  const eventName = optionalString(value.hook_event_name, 128);
  const sessionId = optionalString(value.session_id, MAX_SESSION_ID_LENGTH);
  const toolName = optionalString(value.tool_name, MAX_TOOL_NAME_LENGTH);
  const toolUseId = optionalString(value.tool_use_id, 512);
  const permissionMode = optionalString(value.permission_mode, 128);
  if (eventName !== undefined) partial.eventName = eventName;
  if (sessionId !== undefined) partial.sessionId = sessionId;
  if (toolName !== undefined) partial.toolName = toolName;
  if (toolUseId !== undefined) partial.toolUseId = toolUseId;
  if (permissionMode !== undefined) partial.permissionMode = permissionMode;
  const missing = (what: string): PayloadResult => ({ ok: false, reason: `unparseable hook input: ${what}`, partial });
  if (eventName === undefined) return missing('`hook_event_name` is missing or not a string');
  if (sessionId === undefined) return missing('`session_id` is missing, empty, too long or not a string');
  const event = (HOOK_EVENT_NAMES as readonly string[]).includes(eventName) ? (eventName as HookEventName) : 'other';
  const payload: HookPayload = { event, eventName, sessionId };
  const cwd = optionalString(value.cwd);
  if (cwd !== undefined) payload.cwd = cwd;
  if (permissionMode !== undefined) payload.permissionMode = permissionMode;
  const transcript = optionalString(value.transcript_path);
  if (transcript !== undefined) payload.transcriptPath = transcript;
  if (event === 'SessionStart') {
    const source = optionalString(value.source, 64);
    if (source !== undefined) payload.source = source;
    return { ok: true, payload };
  }
  if (event === 'other') return { ok: true, payload };
  if (toolName === undefined) return missing('`tool_name` is missing, empty, too long or not a string');
  payload.toolName = toolName;
  if (toolUseId !== undefined) payload.toolUseId = toolUseId;
  if (!isPlainObject(value.tool_input)) {
    // After the call the arguments only identify it; before, they decide it.
    if (event === 'PreToolUse') return missing('`tool_input` is missing or not a JSON object');
    payload.toolInput = {};
  } else {
    payload.toolInput = value.tool_input;
  }
  return { ok: true, payload };
}
