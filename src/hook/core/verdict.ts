/**
 * The agent-independent shape of one gate decision (SPEC 3, 8.5, 10): the
 * decision, the reason shown, the class, and the audit line that records
 * it. Every adapter (Claude Code, Gemini CLI, Codex, Cursor, `rclass proxy`)
 * builds its answer from a {@link Verdict}; only the wire format differs.
 * Node-only (the audit line carries a SHA-256 of the arguments).
 */
import type { AuditRecord } from '../../audit/log.ts';
import { CLASS_NAMES, DEFAULT_POLICY, type ReversibilityClass } from '../../core/classes.ts';
import { digestOf } from '../../node/digest.ts';
import type { HookClassification } from '../builtin.ts';
import type { HookContext } from '../context.ts';
import type { HookDecision } from '../decide.ts';

/** The answer for one call before it is logged. */
export interface Verdict {
  decision: HookDecision;
  /** One line, shown to the user (ask, allow) or the agent (deny). */
  reason: string;
  /** The class, when the call was classified. */
  cls?: ReversibilityClass;
  /** The log line, without the session's effective class; undefined when nothing is logged. */
  audit?: AuditRecord;
}

/** What identifies one call in the audit log, whatever the agent. */
export interface CallIdentity {
  /** The session as the log names it (for agents other than Claude Code, prefixed with the agent, e.g. `gemini:…`). */
  sessionId: string;
  /** The agent's id for this tool call, when it sends one. */
  toolUseId?: string;
  /** The agent's permission or approval mode, when it sends one. */
  permissionMode?: string;
  /** The call's arguments (hashed, never written). */
  input: unknown;
}

/**
 * An R4 classification for a call that cannot be tied to a record (SPEC 4.3, 4.4).
 * @param source `unknown` for an unrecognised server or tool, `error` when classifying failed
 */
export function unknownClassification(server: string, tool: string, rationale: string, source: 'unknown' | 'error' = 'unknown'): HookClassification {
  return { server, tool, class: 'R4', name: CLASS_NAMES.R4, source, rationale, policy: DEFAULT_POLICY.R4 };
}

/**
 * A decision line for the audit log (SPEC 10.1): the call's identity, who
 * and where, and a SHA-256 of the arguments' canonical JSON.
 * @param fields server, tool, class, source and decision, and any optional field
 */
export function decisionRecord(context: HookContext, call: CallIdentity, fields: Pick<AuditRecord, 'server' | 'tool' | 'class' | 'source' | 'decision'> & Partial<AuditRecord>): AuditRecord {
  return {
    event: 'decision',
    session: call.sessionId,
    record: null,
    tool_use_id: call.toolUseId ?? null,
    effective_class: null,
    args_sha256: digestOf(call.input ?? {}),
    user: context.user,
    host: context.host,
    permission_mode: call.permissionMode ?? null,
    ...fields,
  };
}
