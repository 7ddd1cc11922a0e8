/**
 * Typo tolerance of the names search (issue 27 item 3), beside MiniSearch's
 * own fuzzy match: MiniSearch measures Levenshtein distance, where two
 * swapped neighbours (`githbu` for `github`) are two edits. Damerau's
 * distance counts an adjacent transposition as one edit; this module gives
 * the query words one transposition away, so the search (scripts/names-search.ts)
 * can look them up as well. Browser-safe and pure.
 */

/** Words shorter than this get no transposed variants, as MiniSearch gives them no fuzzy match (names-search.ts). */
export const TYPO_MIN_LENGTH = 4;

/**
 * Every word one adjacent transposition away from `word` (`slakc` →
 * `lsakc`, `salkc`, `slkac`, `slack`), without repeats and without `word`
 * itself (swapping two equal letters changes nothing). Characters are code
 * points, so a letter outside the Basic Multilingual Plane is never split.
 * @param word a query word, lower case (lib/name-words.ts)
 * @returns the variants in the order of the swapped position; none for a word shorter than {@link TYPO_MIN_LENGTH}
 */
export function transpositions(word: string): string[] {
  const chars = [...word];
  if (chars.length < TYPO_MIN_LENGTH) return [];
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i += 1) {
    if (chars[i] === chars[i + 1]) continue;
    const swapped = [...chars];
    [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
    out.add(swapped.join(''));
  }
  out.delete(word);
  return [...out];
}
