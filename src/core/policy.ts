/**
 * Thresholds shared by every static policy export (SPEC 3, SPEC 8).
 *
 * A static export cannot see arguments, so each tool is decided on its base
 * class, its worst case (SPEC 8.1). A tool lands on one of four sides:
 * - `allow`: no human needed (only classes at or below `allowUpTo`);
 * - `approve`: a human approves each call (R2 and above by default, and any
 *   tool held back from `allow`), or the call is refused where the target
 *   has no approval step;
 * - `deny`: blocked outright (classes at or above `denyFrom`, except tools
 *   whose class an argument rule can lower below `denyFrom`: those stay on
 *   the approval side, since only a per-call check can tell the calls apart);
 * - `none`: the export says nothing and the target's own rules apply (only
 *   for Claude Code and the Cursor CLI, which have rules of their own).
 *
 * This module is browser-safe: no Node built-ins.
 */
import { CLASSES, type ReversibilityClass, classRank, parseClass } from './classes.ts';
import type { ToolRecord } from './record.ts';

/** The lowest class that needs a human under the default policy (SPEC 3: R2 is `approve_or_budget`). */
export const APPROVAL_FROM: ReversibilityClass = 'R2';

/** The highest class a user may let run without a human (SPEC 3: R0 `act`, R1 `act_then_notify`). */
const MAX_ALLOW_UP_TO: ReversibilityClass = 'R1';

/** Where a tool lands in a static export. */
export type Decision = 'allow' | 'approve' | 'deny' | 'none';

/** The user's thresholds, as given by `--allow-up-to` and `--deny-from`. */
export interface Thresholds {
  /** Tools at or below this class are allowed without a human; undefined leaves the target's own rules in charge. */
  allowUpTo?: ReversibilityClass;
  /** Tools at or above this class are blocked rather than sent for approval. */
  denyFrom?: ReversibilityClass;
}

/**
 * Parse and check user thresholds.
 * @param allowUpTo the `--allow-up-to` value, e.g. `"R1"` or `"r0"`, or undefined
 * @param denyFrom the `--deny-from` value, or undefined
 * @returns the thresholds, or an error message (one lowercase sentence, values in backticks)
 */
export function parseThresholds(allowUpTo: string | undefined, denyFrom: string | undefined): Thresholds | { error: string } {
  const thresholds: Thresholds = {};
  if (allowUpTo !== undefined) {
    const cls = parseClass(allowUpTo);
    if (cls === undefined) return { error: `\`--allow-up-to\` must be one of ${CLASSES.join(', ')}; got \`${allowUpTo}\`` };
    if (classRank(cls) > classRank(MAX_ALLOW_UP_TO)) {
      return { error: `\`--allow-up-to ${cls}\` would let tools that need a human run alone; the highest class it accepts is ${MAX_ALLOW_UP_TO} (SPEC 3)` };
    }
    thresholds.allowUpTo = cls;
  }
  if (denyFrom !== undefined) {
    const cls = parseClass(denyFrom);
    if (cls === undefined) return { error: `\`--deny-from\` must be one of ${CLASSES.join(', ')}; got \`${denyFrom}\`` };
    thresholds.denyFrom = cls;
  }
  if (thresholds.allowUpTo !== undefined && thresholds.denyFrom !== undefined && classRank(thresholds.denyFrom) <= classRank(thresholds.allowUpTo)) {
    return { error: `\`--deny-from ${thresholds.denyFrom}\` must be above \`--allow-up-to ${thresholds.allowUpTo}\`` };
  }
  return thresholds;
}

/**
 * Thresholds for a gateway that denies whatever no policy permits (Docker,
 * ToolHive, agentgateway): saying nothing would block R0 and R1 tools, so
 * `allowUpTo` defaults to R1, the default policy (SPEC 3, 8.3, 8.4), or to
 * the class just below `denyFrom` when that is lower, so the defaults obey
 * the same rule as explicit values (`--deny-from` above `--allow-up-to`).
 * With `--deny-from R0` nothing is allowed and `allowUpTo` stays undefined:
 * every tool is denied.
 */
export function gatewayThresholds(thresholds: Thresholds): Thresholds {
  if (thresholds.allowUpTo !== undefined) return thresholds;
  const top = Math.min(classRank(MAX_ALLOW_UP_TO), thresholds.denyFrom === undefined ? CLASSES.length : classRank(thresholds.denyFrom) - 1);
  return top < 0 ? { ...thresholds } : { ...thresholds, allowUpTo: CLASSES[top]! };
}

/** The lowest class any argument rule of the tool can give, or its base class when it has no rules (SPEC 4.2). */
export function lowestClass(tool: Pick<ToolRecord, 'class' | 'rules'>): ReversibilityClass {
  let lowest = tool.class;
  for (const rule of tool.rules ?? []) if (classRank(rule.class) < classRank(lowest)) lowest = rule.class;
  return lowest;
}

/**
 * Decide one tool from its base class (its worst case, SPEC 8.1) and the
 * lowest class its rules can reach.
 * @param base the tool's base class
 * @param lowest the lowest class an argument rule can give (equal to `base` without rules)
 * @returns `deny` from `denyFrom` up (unless a rule can bring the call below it, then `approve`),
 *   `allow` up to `allowUpTo`, `approve` from R2 up, `none` otherwise
 */
export function decide(base: ReversibilityClass, lowest: ReversibilityClass, thresholds: Thresholds): Decision {
  if (thresholds.denyFrom !== undefined && classRank(base) >= classRank(thresholds.denyFrom)) {
    return classRank(lowest) < classRank(thresholds.denyFrom) ? 'approve' : 'deny';
  }
  if (thresholds.allowUpTo !== undefined && classRank(base) <= classRank(thresholds.allowUpTo)) return 'allow';
  if (classRank(base) >= classRank(APPROVAL_FROM)) return 'approve';
  return 'none';
}

/** Decide every tool of a server the export cannot identify: each counts as R4 (SPEC 4.3, 6.2). */
export function decideUnrecognised(thresholds: Thresholds): Decision {
  return decide('R4', 'R4', thresholds);
}

/** `R0`, or `R0–R1` for a run of classes. */
function classRange(from: number, to: number): string {
  return from === to ? CLASSES[from]! : `${CLASSES[from]}–${CLASSES[to]}`;
}

/**
 * A short description of what the thresholds do, for headers, e.g.
 * `allow up to R1; approval from R2; deny from R4`. It describes the sides
 * {@link decide} actually gives: a `denyFrom` at or below the approval side
 * leaves no approval range (only argument-dependent tools, which the deny
 * part names), and `deny from R0` says that every tool is denied.
 * Pass the thresholds after any format default ({@link gatewayThresholds}).
 */
export function describeThresholds(thresholds: Thresholds): string {
  const deny = thresholds.denyFrom === undefined ? CLASSES.length : classRank(thresholds.denyFrom);
  if (deny === 0) return 'deny from R0: every tool is denied, nothing is allowed or sent for approval';
  const parts: string[] = [];
  if (thresholds.allowUpTo !== undefined) parts.push(`allow up to ${thresholds.allowUpTo}`);
  else {
    const own = Math.min(classRank(APPROVAL_FROM), deny) - 1;
    parts.push(`no allow list (your own rules decide ${classRange(0, own)})`);
  }
  const approvalFrom = thresholds.allowUpTo === undefined ? classRank(APPROVAL_FROM) : classRank(thresholds.allowUpTo) + 1;
  if (approvalFrom < deny) parts.push(`approval from ${CLASSES[approvalFrom]}`);
  parts.push(
    thresholds.denyFrom === undefined
      ? 'no deny'
      : `deny from ${thresholds.denyFrom} (tools an argument rule can bring below ${thresholds.denyFrom} need approval instead)`,
  );
  return parts.join('; ');
}
