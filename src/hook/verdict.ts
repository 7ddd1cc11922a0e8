/**
 * What a PreToolUse decision produces before it is logged, and the helpers
 * the MCP, WebFetch and built-in decisions share (SPEC 8.5, 10.1). Node-only.
 */
import type { AuditRecord } from '../audit/log.ts';
import { digestOf } from '../node/digest.ts';
import { CLASS_NAMES, DEFAULT_POLICY, type ReversibilityClass } from '../core/classes.ts';
import type { HookClassification } from './builtin.ts';
import type { HookContext } from './context.ts';
import type { HookDecision } from './decide.ts';
import type { HookPayload } from './payload.ts';

/** The answer for one call before it is logged. */
export interface Verdict {
  decision: HookDecision;
  reason: string;
  /** The class, when the call was classified. */
  cls?: ReversibilityClass;
  /** The log line, without the session's effective class; undefined when nothing is logged. */
  audit?: AuditRecord;
}

/** An R4 classification for a call that cannot be tied to a record or classified (SPEC 4.3, 4.4). */
export function unknownClassification(server: string, tool: string, rationale: string, source: 'unknown' | 'error' = 'unknown'): HookClassification {
  return { server, tool, class: 'R4', name: CLASS_NAMES.R4, source, rationale, policy: DEFAULT_POLICY.R4 };
}

/** The decision line logged for a call (SPEC 10.1), without the session's effective class. */
export function auditRecord(
  context: HookContext,
  payload: HookPayload,
  fields: Pick<AuditRecord, 'server' | 'tool' | 'class' | 'source' | 'decision'> & Partial<AuditRecord>,
): AuditRecord {
  return {
    event: 'decision',
    session: payload.sessionId,
    record: null,
    tool_use_id: payload.toolUseId ?? null,
    effective_class: null,
    args_sha256: digestOf(payload.toolInput ?? {}),
    user: context.user,
    host: context.host,
    permission_mode: payload.permissionMode ?? null,
    ...fields,
  };
}
