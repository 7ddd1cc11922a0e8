/**
 * Whether a tool's name appears "at or near" the line its evidence cites
 * (SPEC 5.2: the evidence is where the tool's name appears in its
 * definition). Near means within {@link NEAR_LINES} lines either side.
 *
 * A line mentions a tool when it holds the name as a whole token: not
 * inside a longer run of letters, digits, `_` and `-` (`click` is not in
 * `click_at`). Some servers never spell the full name out: they add a prefix
 * when they register a function or an API operation. For them, the name
 * without its first word (cut at the first `_` or `-`) counts where it is
 * defined: as a function name (`def`, `function` or `func` before it, `(`
 * after it) or as a whole quoted string. So `async def get_issue(` mentions
 * `jira_get_issue`, and `"operationId": "get-user"` mentions `API-get-user`.
 */

/** How many lines either side of the cited line still count as "near". */
export const NEAR_LINES = 3;

const WORD_CHAR = /[A-Za-z0-9_-]/;

/** True when `line` holds `text` with no letter, digit, `_` or `-` right before or after it. */
export function holdsToken(line: string, text: string): boolean {
  if (text === '') return false;
  for (let at = line.indexOf(text); at !== -1; at = line.indexOf(text, at + 1)) {
    if (!WORD_CHAR.test(line[at - 1] ?? '') && !WORD_CHAR.test(line[at + text.length] ?? '')) return true;
  }
  return false;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A predicate telling whether one line mentions the tool `name`: the name as
 * a whole token, or the name without its first word defined as a function
 * or written as a quoted string (see the module comment).
 */
export function mentionMatcher(name: string): (line: string) => boolean {
  const cut = name.search(/[_-]/);
  const rest = cut > 0 ? name.slice(cut + 1) : '';
  if (rest === '' || !/^[A-Za-z0-9]/.test(rest)) return (line) => holdsToken(line, name);
  const escaped = escapeRegExp(rest);
  const defined = new RegExp(`(?:^|[^A-Za-z0-9_$])(?:def|function|func)\\s+${escaped}\\s*\\(|(["'\`])${escaped}\\1`);
  return (line) => holdsToken(line, name) || defined.test(line);
}

/** The outcome of looking for a tool's name around a cited line. */
export type NearResult =
  | { found: true; line: number }
  | { found: false; reason: 'past-end'; lineCount: number }
  | { found: false; reason: 'not-near'; nearest: number | undefined };

/**
 * Look for the tool `name` within {@link NEAR_LINES} lines of `line` in a file.
 * @param lines the file's lines (index 0 is line 1)
 * @param line the cited 1-based line
 * @returns where it was found (the closest line to the cited one, ties to the
 *   earlier line), or why not: the cited line is past the end of the file, or
 *   the name is not near it (with the closest line anywhere in the file that
 *   mentions it, to help fix the citation)
 */
export function findNear(lines: readonly string[], name: string, line: number): NearResult {
  if (line > lines.length) return { found: false, reason: 'past-end', lineCount: lines.length };
  const mentions = mentionMatcher(name);
  for (let distance = 0; distance <= NEAR_LINES; distance += 1) {
    for (const candidate of distance === 0 ? [line] : [line - distance, line + distance]) {
      if (candidate >= 1 && candidate <= lines.length && mentions(lines[candidate - 1]!)) return { found: true, line: candidate };
    }
  }
  let nearest: number | undefined;
  lines.forEach((text, index) => {
    const candidate = index + 1;
    if (mentions(text) && (nearest === undefined || Math.abs(candidate - line) < Math.abs(nearest - line))) nearest = candidate;
  });
  return { found: false, reason: 'not-near', nearest };
}

/**
 * Split file content into lines as GitHub numbers them: at `\n`, with a
 * `\r` before it dropped. A final newline does not start another line.
 */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
