/**
 * From a class to the hook's answer (SPEC 3, 8.5): no decision below the
 * approval threshold (or `allow` up to `--allow-up-to`), `ask` from R2,
 * `deny` from `--deny-from`. The hook sees the arguments, so the class of
 * the call itself decides, not the tool's worst case (SPEC 8.1 is for
 * static exports).
 */
import { type ReversibilityClass, classRank } from '../core/classes.ts';
import { APPROVAL_FROM, type Thresholds } from '../core/policy.ts';
import type { HookClassification } from './builtin.ts';
import { safeText } from '../core/safe-text.ts';

/** The hook's answer: `none` prints no decision, so Claude Code's own rules apply. */
export type HookDecision = 'allow' | 'ask' | 'deny' | 'none';

/** Longest `permissionDecisionReason` written (characters); Claude Code caps output strings at 10,000. */
const MAX_REASON_LENGTH = 2000;

/**
 * The decision for a class.
 * @returns `deny` at or above `denyFrom`; `allow` at or below `allowUpTo`; `ask` from R2; `none` otherwise
 */
export function decisionFor(cls: ReversibilityClass, thresholds: Thresholds): HookDecision {
  if (thresholds.denyFrom !== undefined && classRank(cls) >= classRank(thresholds.denyFrom)) return 'deny';
  if (thresholds.allowUpTo !== undefined && classRank(cls) <= classRank(thresholds.allowUpTo)) return 'allow';
  if (classRank(cls) >= classRank(APPROVAL_FROM)) return 'ask';
  return 'none';
}

/** Replace control characters and cap the length, so a reason is one readable line. */
export function oneLine(text: string, max = MAX_REASON_LENGTH): string {
  const flat = safeText(text, { replacement: ' ', runs: true }).replace(/ {2,}/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** What the reason says about the decision itself. */
function consequence(decision: HookDecision, cls: ReversibilityClass, thresholds: Thresholds): string {
  switch (decision) {
    case 'deny':
      return `Blocked: rclass hook runs with --deny-from ${thresholds.denyFrom ?? cls}.`;
    case 'ask':
      return 'Needs your approval.';
    case 'allow':
      return `Allowed without a prompt: rclass hook runs with --allow-up-to ${thresholds.allowUpTo ?? cls}.`;
    default:
      return '';
  }
}

/**
 * The `permissionDecisionReason`: the class, its name, where it came from
 * (source and rule), the call, the rationale, what was identified and what
 * the decision means, e.g. `rclass: R4 Irreversible (registry) for pg/query
 * [record postgres, draft]: Accepts any non-SELECT statement… Needs your approval.`;
 * for an R1 or R2 call whose record names one, the tool that undoes it (SPEC 2.9.3).
 * @param call `server/tool` as Claude Code names them, or the built-in tool's name
 * @param identified e.g. `record postgres, draft` (shown in brackets), if any
 */
export function decisionReason(classification: HookClassification, decision: HookDecision, thresholds: Thresholds, call: string, identified?: string): string {
  const from = classification.rule !== undefined ? `${classification.source}: ${classification.rule}` : classification.source;
  const guard = (classification.notes ?? []).filter((note) => note.startsWith('session guard:') || note.startsWith('argument rules ignored'));
  const parts = [
    `rclass: ${classification.class} ${classification.name} (${from}) for ${call}${identified !== undefined ? ` [${identified}]` : ''}:`,
    classification.rationale,
    ...guard.map((note) => `(${note}.)`.replace(/\.\.\)$/, '.)')),
    classification.undo !== undefined ? `To undo it: ${classification.undo}.` : '',
    consequence(decision, classification.class, thresholds),
  ];
  return oneLine(parts.filter((part) => part !== '').join(' '));
}
