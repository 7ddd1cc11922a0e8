/**
 * Write a verdict's audit line, and never let a call through unrecorded
 * (SPEC 8.5, 10): when the log cannot be written, a call that would have
 * run without a prompt (`none`, `allow`) is asked about instead, with the
 * reason saying why. The same holds when the line was written but its
 * chain head could not be written to the anchor (SPEC 10.3). Node-only.
 */
import { messageOf } from '../../core/errors.ts';
import type { HookContext } from '../context.ts';
import { type HookDecision, oneLine } from '../decide.ts';
import type { Verdict } from './verdict.ts';
import { AnchorWriteError } from '../../audit/anchor.ts';

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
  if (verdict.audit !== undefined) {
    try {
      await context.log([verdict.audit], deadline);
    } catch (logError) {
      const why = messageOf(logError);
      // The line was written but its head not anchored: the log could be cut back past it unseen (SPEC 10.3).
      const anchor = logError instanceof AnchorWriteError;
      stderr.push(anchor ? `rclass: the audit anchor could not be written: ${why}` : `rclass: the audit log could not be written: ${why}`);
      if (decision === 'none' || decision === 'allow') {
        decision = 'ask';
        reason = oneLine(
          anchor
            ? `${reason.replace(/ Allowed without a prompt:.*$/, '')} rclass could not write its audit anchor (${why}), so it asks rather than let the call through with its log line unanchored.`
            : `${reason.replace(/ Allowed without a prompt:.*$/, '')} rclass could not write its audit log (${why}), so it asks rather than let the call through unrecorded.`,
        );
      }
    }
  }
  return { decision, reason };
}
