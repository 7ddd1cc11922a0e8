/**
 * What the hook prints (SPEC 8.5). Exactly one JSON object on stdout and
 * exit 0, always: a PreToolUse decision goes inside `hookSpecificOutput`
 * with `hookEventName: "PreToolUse"` (a top-level `permissionDecision` is
 * ignored by Claude Code, and exit 1 lets the call run); no decision, and
 * every other event, is `{}`.
 */
import { type HookDecision, oneLine } from './decide.ts';

/** The answer that leaves the call to Claude Code's own rules. */
export const NO_DECISION = '{}\n';

/** The PreToolUse answer as Claude Code reads it. */
interface PreToolUseOutput {
  hookSpecificOutput: {
    hookEventName: 'PreToolUse';
    permissionDecision: 'allow' | 'ask' | 'deny';
    permissionDecisionReason: string;
  };
}

/**
 * The stdout for a PreToolUse decision.
 * @param decision `none` gives {@link NO_DECISION}
 * @param reason shown to the user (`allow`, `ask`) or to Claude (`deny`)
 * @returns one JSON object and a newline
 */
export function preToolUseOutput(decision: HookDecision, reason: string): string {
  if (decision === 'none') return NO_DECISION;
  const output: PreToolUseOutput = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: reason } };
  return `${JSON.stringify(output)}\n`;
}

/**
 * The stdout when the hook cannot decide (bad input, an internal error, no
 * time left): `ask`, never `allow` (SPEC 4.4, 8.5).
 * @param why one sentence, e.g. `unparseable hook input: stdin is not JSON`
 */
export function failureOutput(why: string): string {
  return preToolUseOutput('ask', oneLine(`rclass: R4 Irreversible (error): the hook could not classify this call (${why}), so it asks (SPEC 4.4).`));
}
