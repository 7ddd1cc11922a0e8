/**
 * Write a verdict's audit line, and never let a call through unrecorded
 * (SPEC 8.5, 10): when the log cannot be written, a call that would have
 * run without a prompt (`none`, `allow`) is asked about instead, with the
 * reason saying why. The same holds when the chain head could not be
 * written to the anchor (SPEC 10.3); the line then says `ask`, the decision
 * the agent receives. Node-only.
 */
import { messageOf } from '../../core/errors.ts';
import type { HookContext } from '../context.ts';
import { type HookDecision, oneLine } from '../decide.ts';
import type { Verdict } from './verdict.ts';
import { AnchorWriteError } from '../../audit/anchor.ts';
import type { AuditRecord } from '../../audit/log.ts';

/**
 * Log a verdict and give the decision that stands.
 * @param stderr notes are pushed here (the log failure)
 * @param deadline when to stop waiting for the log's lock (ms since the epoch); by default the hook's own log budget
 * @returns the decision and reason to answer with; never throws
 */
export async function logVerdict(
  context: HookContext,
  verdict: Verdict,
  stderr: string[],
  deadline?: number,
): Promise<{ decision: HookDecision; reason: string }> {
  let { decision, reason } = verdict;
  const asked = (why: string, anchor: boolean): string =>
    oneLine(
      anchor
        ? `${reason.replace(/ Allowed without a prompt:.*$/, '')} rclass could not write its audit anchor (${why}), so it asks rather than let the call through with its log line unanchored.`
        : `${reason.replace(/ Allowed without a prompt:.*$/, '')} rclass could not write its audit log (${why}), so it asks rather than let the call through unrecorded.`,
    );
  if (verdict.audit !== undefined) {
    try {
      await context.log([verdict.audit], deadline, unanchoredRecord);
    } catch (logError) {
      const why = messageOf(logError);
      // The head could not be anchored: the log could be cut back past the line unseen (SPEC 10.3).
      const anchor = logError instanceof AnchorWriteError;
      stderr.push(anchor ? `rclass: the audit anchor could not be written: ${why}` : `rclass: the audit log could not be written: ${why}`);
      if (decision === 'none' || decision === 'allow') {
        decision = 'ask';
        reason = asked(why, anchor);
      }
    }
  }
  return { decision, reason };
}

/**
 * The audit line of a decision no anchored head will cover: a call that would have run without a prompt
 * is asked about instead (above), so the line says `ask`, the decision the agent receives, and why.
 */
function unanchoredRecord(record: AuditRecord, why: string): AuditRecord {
  if (record.decision !== 'none' && record.decision !== 'allow') return record;
  const note = `asked: the audit anchor could not be written (${why})`;
  return { ...record, decision: 'ask', detail: record.detail === undefined ? note : `${record.detail}; ${note}` };
}
