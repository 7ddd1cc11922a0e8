/**
 * The five Reversibility Classes and their default policy (SPEC 2, SPEC 3).
 *
 * Classes are totally ordered: R0 < R1 < R2 < R3 < R4. "Worst case" always
 * means the highest class.
 */

/** Every class, lowest first. */
export const CLASSES = ['R0', 'R1', 'R2', 'R3', 'R4'] as const;

/** One Reversibility Class, `"R0"` … `"R4"` (SPEC 2). */
export type ReversibilityClass = (typeof CLASSES)[number];

/** A policy decision value (SPEC 3). */
export type PolicyDecision = 'act' | 'act_then_notify' | 'approve_or_budget' | 'approve_each_time' | 'never_autonomous';

/** The name of each class in words, as the specification uses it (SPEC 2). */
export const CLASS_NAMES: Readonly<Record<ReversibilityClass, string>> = {
  R0: 'No effect',
  R1: 'Restorable',
  R2: 'Compensable',
  R3: 'Hard to recover',
  R4: 'Irreversible',
};

/** The default policy decision for each class (SPEC 3). */
export const DEFAULT_POLICY: Readonly<Record<ReversibilityClass, PolicyDecision>> = {
  R0: 'act',
  R1: 'act_then_notify',
  R2: 'approve_or_budget',
  R3: 'approve_each_time',
  R4: 'never_autonomous',
};

const RANK: Readonly<Record<string, number>> = { R0: 0, R1: 1, R2: 2, R3: 3, R4: 4 };

/**
 * Whether a value is one of the five class strings.
 * @param value anything
 * @returns true only for `"R0"` … `"R4"` exactly (case-sensitive)
 */
export function isClass(value: unknown): value is ReversibilityClass {
  return typeof value === 'string' && Object.hasOwn(RANK, value);
}

/**
 * The numeric rank of a class: R0 → 0 … R4 → 4 (SPEC 2).
 * @throws TypeError if `value` is not a class string
 */
export function classRank(value: ReversibilityClass): number {
  const rank = RANK[value];
  if (rank === undefined) throw new TypeError(`not a reversibility class: \`${String(value)}\``);
  return rank;
}

/**
 * Parses a class from user input, accepting `R3` or `r3`.
 * @returns the class, or undefined when the text names none
 */
export function parseClass(text: string): ReversibilityClass | undefined {
  const upper = text.trim().toUpperCase();
  return isClass(upper) ? upper : undefined;
}

/** The higher (worse) of two classes (SPEC 4: worst case wins). */
export function worseClass(a: ReversibilityClass, b: ReversibilityClass): ReversibilityClass {
  return RANK[a]! >= RANK[b]! ? a : b;
}

/** The lower of two classes. */
export function lowerClass(a: ReversibilityClass, b: ReversibilityClass): ReversibilityClass {
  return RANK[a]! <= RANK[b]! ? a : b;
}

/** True when `a` is strictly below `b`. */
export function isBelow(a: ReversibilityClass, b: ReversibilityClass): boolean {
  return RANK[a]! < RANK[b]!;
}
