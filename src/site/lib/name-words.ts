/**
 * The words of a server or tool name, as the as-you-type search sees them
 * (issue 27 item 3): camelCase split (`linear_createIssue` → linear, create,
 * issue), lower case, runs of letters and digits. Shared by the build, which
 * shards the names index by each word's first character, and the browser,
 * which picks the shard from the first word typed. Browser-safe.
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

/**
 * The shard a word lives in: its first character, or `_` for a character
 * outside `a-z0-9` (so a shard's file name is always a safe path segment).
 */
export function shardOf(word: string): string {
  const first = word.charAt(0);
  return /^[a-z0-9]$/.test(first) ? first : '_';
}
