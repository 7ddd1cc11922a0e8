/**
 * The excerpt of a cited source line (SPEC 5.2): what a tool's evidence
 * quotes from its pinned source, computed the same way when the excerpt is
 * written (`npm run evidence -- --write-excerpts`) and when it is checked
 * (`npm run evidence`), so a stored excerpt matches exactly or not at all.
 *
 * The excerpt of lines `line` to `end` (`end` defaults to `line`) is those
 * lines joined with `\n`, each with its trailing white space removed
 * (`String.prototype.trimEnd`), then the indentation they share removed
 * (the longest run of spaces and tabs that begins every line that is not
 * empty; for one line, its leading spaces and tabs). A line longer than {@link EXCERPT_WIDTH}
 * code points (a minified bundle) is cut to a window of that many code
 * points: it starts {@link EXCERPT_BEFORE} code points before the first
 * occurrence of the tool's name in the line (the first of its names that
 * occurs, for a code option; the line's start when none occurs), moved left
 * when it would run past the line's end and never before the line's start;
 * `…` (U+2026) marks each side where the line was cut.
 */

/** The longest line, in code points, quoted whole. */
export const EXCERPT_WIDTH = 160;

/** Code points kept before the tool's name when a long line is cut. */
export const EXCERPT_BEFORE = 40;

/** The cut-mark written where a long line was cut. */
const ELLIPSIS = '…';

/**
 * One line as the excerpt quotes it, already trimmed and dedented: a line over {@link EXCERPT_WIDTH} code points cut to a window around the
 * first of `names` that occurs in it (see the module comment).
 */
function excerptLine(trimmed: string, names: readonly string[]): string {
  const points = Array.from(trimmed);
  if (points.length <= EXCERPT_WIDTH) return trimmed;
  const at = names.map((name) => (name === '' ? -1 : trimmed.indexOf(name))).find((index) => index >= 0) ?? 0;
  // The name's position in code points, not UTF-16 units.
  const atPoint = Array.from(trimmed.slice(0, at)).length;
  const start = Math.max(0, Math.min(atPoint - EXCERPT_BEFORE, points.length - EXCERPT_WIDTH));
  const end = start + EXCERPT_WIDTH;
  return `${start > 0 ? ELLIPSIS : ''}${points.slice(start, end).join('')}${end < points.length ? ELLIPSIS : ''}`;
}

/**
 * The excerpt of a citation of lines `line` to `end` of a file.
 * @param lines the file's lines (index 0 is line 1), as `splitLines` gives them
 * @param names the tool's name, or a code option's spellings (the window of a long line is placed at the first that occurs)
 * @returns the excerpt, or undefined when a cited line is past the end of the file
 */
export function excerptOf(lines: readonly string[], line: number, end: number | undefined, names: readonly string[]): string | undefined {
  const last = end ?? line;
  if (line < 1 || last < line || last > lines.length) return undefined;
  const trimmed = lines.slice(line - 1, last).map((text) => text.trimEnd());
  const indents = trimmed.filter((text) => text !== '').map((text) => /^[ \t]*/.exec(text)![0]);
  let shared = indents[0] ?? '';
  for (const indent of indents) while (!indent.startsWith(shared)) shared = shared.slice(0, -1);
  return trimmed.map((text) => excerptLine(text.slice(Math.min(shared.length, text.length)), names)).join('\n');
}
