/**
 * The server's own MCP annotations next to our class (SPEC 7). Hints are
 * shown, never trusted: the hint class is computed with the conservative
 * mapping of SPEC 7.2 and compared with the registry's class.
 */
import { hintClass } from '../../core/annotations.ts';
import { classRank, type ReversibilityClass } from '../../core/classes.ts';
import type { ToolAnnotations } from '../../core/record.ts';

/** The four boolean hints, in the order MCP lists them, with their MCP defaults. */
const HINTS = [
  { key: 'readOnlyHint', fallback: false },
  { key: 'destructiveHint', fallback: true },
  { key: 'idempotentHint', fallback: false },
  { key: 'openWorldHint', fallback: true },
] as const;

/** One hint as declared, or its MCP default when the server left it out. */
export interface HintValue {
  key: (typeof HINTS)[number]['key'];
  value: boolean;
  declared: boolean;
}

/** Every hint of a tool, declared or defaulted. */
export function hintValues(annotations: ToolAnnotations | undefined): HintValue[] {
  return HINTS.map(({ key, fallback }) => {
    const declared = annotations?.[key];
    return { key, value: declared ?? fallback, declared: declared !== undefined };
  });
}

/** How the hint class compares with our class. */
export type HintComparison = 'agree' | 'hint-lower' | 'hint-higher';

/**
 * The hint class (SPEC 7.2) and how it compares with the registry class.
 * `hint-lower` means the server's hints make the tool look safer than it is.
 */
export function compareHint(annotations: ToolAnnotations | undefined, ours: ReversibilityClass): { hint: ReversibilityClass; comparison: HintComparison } {
  const hint = hintClass(annotations);
  const diff = classRank(hint) - classRank(ours);
  return { hint, comparison: diff === 0 ? 'agree' : diff < 0 ? 'hint-lower' : 'hint-higher' };
}

/** A sentence on the comparison, for the tool entry. */
export function comparisonSentence(comparison: HintComparison): string {
  switch (comparison) {
    case 'agree':
      return 'The server’s hints and the registry agree.';
    case 'hint-lower':
      return 'The server’s hints make this tool look easier to undo than the registry finds it.';
    case 'hint-higher':
      return 'The server’s hints are more cautious than the registry; the registry class is what a gateway enforces.';
  }
}
