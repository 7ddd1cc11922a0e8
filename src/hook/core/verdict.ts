/**
 * The agent-independent shape of one gate decision (SPEC 3, 8.5, 10): the
 * decision, the reason shown, the class, and the audit line that records
 * it ({@link Verdict}, from `src/hook/verdict.ts`), and the decision line for a call of any agent. Every adapter (Claude Code, Gemini CLI, Codex, Cursor, `rclass proxy`)
 * builds its answer from a {@link Verdict}; only the wire format differs.
 * Node-only (the audit line carries a SHA-256 of the arguments).
 */
import type { AuditRecord } from '../../audit/log.ts';
import { digestOf } from '../../node/digest.ts';
import type { HookContext } from '../context.ts';

export type { Verdict } from '../verdict.ts';
export { unknownClassification } from '../verdict.ts';

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
 * A decision line for the audit log (SPEC 10.1): the call's identity, who
 * and where, and a SHA-256 of the arguments' canonical JSON.
 * @param fields server, tool, class, source and decision, and any optional field
 */
export function decisionRecord(
  context: HookContext,
  call: CallIdentity,
  fields: Pick<AuditRecord, 'server' | 'tool' | 'class' | 'source' | 'decision'> & Partial<AuditRecord>,
): AuditRecord {
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
