/**
 * What the site says about each class: its name (SPEC 2), its default policy
 * (SPEC 3), the question that decides it (SPEC 2.1, in short) and the SPEC
 * section that defines it. Names and policies come from the classifier core,
 * so the site cannot drift from the code.
 */
import { CLASSES, CLASS_NAMES, DEFAULT_POLICY, type PolicyDecision, type ReversibilityClass } from '../../core/classes.ts';

export { CLASSES, CLASS_NAMES };
export type { ReversibilityClass };

/** Everything the site shows about one class. */
export interface ClassInfo {
  id: ReversibilityClass;
  name: string;
  policy: PolicyDecision;
  /** What the default policy means, in one short sentence. */
  policyMeaning: string;
  /** The test that puts a call in this class, phrased as a question or a rule. */
  test: string;
  /** The SPEC section that defines the class. */
  section: string;
}

const TESTS: Record<ReversibilityClass, string> = {
  R0: 'Nothing changes outside the agent’s own working context: reads, searches, listings, computations.',
  R1: 'Something changes, but the old state is on record and you can put it back yourself before anyone else sees or acts on it.',
  R2: 'The exact old state is gone, but a known fix with a bounded cost makes things right: a refund, a cancellation, a void.',
  R3: 'Getting back needs someone else (an admin, support, a backup restore), or the call changes access, credentials, availability or physical state.',
  R4: 'The call can disclose something to an outside party, destroy what has no copy, or set off a consequence nobody can recall.',
};

const POLICY_MEANINGS: Record<ReversibilityClass, string> = {
  R0: 'The agent may make the call.',
  R1: 'The agent may make the call; the user is told so a restore can follow.',
  R2: 'A human approves, or the call runs inside a budget the user set.',
  R3: 'A human approves this call; earlier approvals do not carry over.',
  R4: 'Never on the agent’s own: a human approves it explicitly, or it is blocked.',
};

/** Per-class information, lowest class first. */
export const CLASS_INFO: readonly ClassInfo[] = CLASSES.map((id, index) => ({
  id,
  name: CLASS_NAMES[id],
  policy: DEFAULT_POLICY[id],
  policyMeaning: POLICY_MEANINGS[id],
  test: TESTS[id],
  section: `2.${index + 2}`,
}));

/** The information for one class. */
export function classInfo(id: ReversibilityClass): ClassInfo {
  return CLASS_INFO[CLASSES.indexOf(id)]!;
}

/** `R4 Irreversible`: the class with its name in words, as the site always shows it. */
export function classLabel(id: ReversibilityClass): string {
  return `${id} ${CLASS_NAMES[id]}`;
}
