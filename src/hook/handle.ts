/**
 * One run of `rclass hook`: read the payload, hand it to the event's
 * handler, and turn anything that goes wrong into an answer (SPEC 4.4,
 * 8.5): for PreToolUse (or input too broken to tell) `ask` with the reason,
 * logged; for the other events `{}`. Never throws. Node-only.
 */
import { parseClaudeToolName } from '../clients/claude-code-names.ts';
import { CancelledError, type HookContext } from './context.ts';
import { NO_DECISION, failureOutput } from './output.ts';
import { type HookPayload, type PartialPayload, parseHookPayload } from './payload.ts';
import { postToolUse } from './post-tool-use.ts';
import { type HookAnswer, preToolUse } from './pre-tool-use.ts';
import { sessionStart } from './session-start.ts';
import { touched, withSession } from './session.ts';
import { messageOf } from '../core/errors.ts';
import { noteCodePath } from '../node/code-cache-notes.ts';

/** Events after which there is nothing to decide: a failure answers `{}` rather than `ask`. */
const QUIET_EVENTS = new Set(['PostToolUse', 'PostToolUseFailure', 'SessionStart']);

/** The stdin the hook read: its text, or why it was not read whole. */
export type HookInput = { ok: true; text: string } | { ok: false; reason: string };

/**
 * Answer a payload that cannot be handled: `ask` (or `{}` after the
 * call), a log line for a PreToolUse, and the session marked as read when
 * its id is known. Never throws.
 */
export async function failure(context: HookContext, reason: string, partial: PartialPayload, logDeadline?: number): Promise<HookAnswer> {
  const stderr = [`rclass: ${reason}`];
  const quiet = partial.eventName !== undefined && QUIET_EVENTS.has(partial.eventName);
  if (partial.sessionId !== undefined && logDeadline === undefined) {
    try {
      const payload: HookPayload = { event: 'other', eventName: partial.eventName ?? 'unknown', sessionId: partial.sessionId };
      await withSession(context, payload, async (session) => {
        session.state.has_read = true;
        return { result: undefined, next: touched(context, session.state) };
      });
    } catch (error) {
      stderr.push(`rclass: the session could not be marked as having read: ${messageOf(error)}`);
    }
  }
  if (quiet) return { stdout: NO_DECISION, stderr };
  const parts = partial.toolName !== undefined ? parseClaudeToolName(partial.toolName) : undefined;
  try {
    await context.log(
      [
        {
          event: 'decision',
          session: partial.sessionId ?? null,
          server: parts?.server ?? null,
          tool: parts?.tool ?? partial.toolName ?? null,
          tool_use_id: partial.toolUseId ?? null,
          class: 'R4',
          source: 'error',
          decision: 'ask',
          effective_class: null,
          args_sha256: null,
          detail: reason.slice(0, 300),
          user: context.user,
          host: context.host,
          permission_mode: partial.permissionMode ?? null,
        },
      ],
      logDeadline,
    );
  } catch (error) {
    if (!(error instanceof CancelledError)) stderr.push(`rclass: the audit log could not be written: ${messageOf(error)}`);
  }
  return { stdout: failureOutput(reason), stderr };
}

function partialOf(payload: HookPayload): PartialPayload {
  const partial: PartialPayload = { eventName: payload.eventName, sessionId: payload.sessionId };
  if (payload.toolName !== undefined) partial.toolName = payload.toolName;
  if (payload.toolUseId !== undefined) partial.toolUseId = payload.toolUseId;
  if (payload.permissionMode !== undefined) partial.permissionMode = payload.permissionMode;
  return partial;
}

/**
 * The answer when the hook's deadline passed before its work was done:
 * `ask` (or `{}` after the call), logged with a short budget of its own.
 * The session is not touched: its lock may be what held the work up. Never throws.
 * @param logMs how long to wait for the log's lock
 */
export async function timedOut(context: HookContext, why: string, logMs: number): Promise<HookAnswer> {
  return failure(context, why, context.seen ?? {}, Date.now() + logMs);
}

/**
 * Answer one hook event.
 * @param input stdin, or why it could not be read whole
 * @returns exactly one JSON object for stdout, and notes for stderr; never throws
 */
export async function handleHook(context: HookContext, input: HookInput): Promise<HookAnswer> {
  if (!input.ok) return failure(context, `unparseable hook input: ${input.reason}`, {});
  const parsed = parseHookPayload(input.text);
  context.seen = parsed.ok ? partialOf(parsed.payload) : parsed.partial;
  if (!parsed.ok) return failure(context, parsed.reason, parsed.partial);
  const payload = parsed.payload;
  noteCodePath(`${payload.eventName}:${payload.toolName?.startsWith('mcp__') === true ? 'mcp' : 'builtin'}`);
  try {
    switch (payload.event) {
      case 'PreToolUse':
        return await preToolUse(context, payload);
      case 'PostToolUse':
      case 'PostToolUseFailure':
        return await postToolUse(context, payload);
      case 'SessionStart':
        return await sessionStart(context, payload);
      default:
        return { stdout: NO_DECISION, stderr: [`rclass: the hook does nothing on \`${payload.eventName}\` events`] };
    }
  } catch (error) {
    if (error instanceof CancelledError) return { stdout: '', stderr: [] };
    const message = messageOf(error);
    return failure(context, `internal error: ${message}`, partialOf(payload));
  }
}
