/**
 * The words of a server or tool name, as the as-you-type search sees them
 * (issue 27 item 3): camelCase split (`linear_createIssue` → linear, create,
 * issue), lower case, runs of letters and digits. Shared by the build, which
 * shards the names index by the first two characters of each word, and the
 * browser, which picks the shard from the first word typed. Browser-safe.
 */

/**
 * The words of a name or a query, lower case, in order.
 * @param text any text; non-letters and non-digits separate words
 * @returns the words, possibly none (`"__"` → `[]`)
 */
export function nameWords(text: string): string[] {
  return (
    text
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

const SAFE = /^[a-z0-9]$/;

/**
 * The shard a word lives in (`search/names/<shard>.json`): its first two
 * characters (`slack` → `sl`), or its first alone for a one-character word
 * (`s` → `s`, the shard a one-letter query loads). A character outside
 * `a-z0-9` becomes `_` (`élan` → `_`, `aé` → `a_`), so a shard's file name
 * is always a safe path segment.
 */
export function shardOf(word: string): string {
  const first = word.charAt(0);
  if (!SAFE.test(first)) return '_';
  if (word.length === 1) return first;
  const second = word.charAt(1);
  return first + (SAFE.test(second) ? second : '_');
}
