/**
 * What a cited file says about the citations of it (SPEC 5.2), wherever the
 * file came from (a commit on GitHub, a published npm package): each tool's
 * name within {@link NEAR_LINES} lines of its cited line, or a problem at
 * the citation's `evidence.line`; a path that is not a file, a problem at
 * its `evidence.path`.
 */
import { type Citation, type Position, citedName } from './citations.ts';
import { excerptOf } from './excerpt.ts';
import type { Fetched } from './fetched.ts';
import { NEAR_LINES, findNear, splitLines } from './near.ts';

/** Record one problem: the record file, the place in it, and the message. */
export type Report = (file: string, at: Position, message: string) => void;

/**
 * Told, for each citation whose file was read, the lines of that file
 * (index 0 is line 1) and the line where the tool's name was found near the
 * cited one (undefined when it was not): how `--write-excerpts` learns what
 * to write.
 */
export type Visit = (citation: Citation, lines: readonly string[], found: number | undefined) => void;

/**
 * Look for each citation's tool name around its cited line of a file.
 * @param group citations of this one file
 * @param bytes the file's content (UTF-8)
 * @param where the evidence base in words, e.g. `owner/repo at 0123456789ab` or `npm package name@1.2.3`
 * @param report called once per citation whose name is not near its line: a
 *   line past the end of the file, or the name elsewhere or nowhere in it
 */
export function checkContent(group: readonly Citation[], bytes: Buffer, where: string, report: Report, visit?: Visit): void {
  const lines = splitLines(bytes.toString('utf8'));
  for (const citation of group) {
    // A code option may appear under any of its spellings (SPEC 6.2); the first one found near the line counts.
    const tries = (citation.names ?? [citation.tool]).map((name) => findNear(lines, name, citation.line));
    const near = tries.find((result) => result.found);
    // With a visitor (`--write-excerpts`) the stored excerpts are about to be rewritten, so they are not checked.
    if (visit !== undefined) visit(citation, lines, near?.found === true ? near.line : undefined);
    else checkExcerpt(citation, lines, where, report);
    if (near !== undefined) continue;
    const found = tries[0]!;
    if (found.found) continue;
    if (found.reason === 'past-end') {
      report(
        citation.file,
        citation.at.line,
        `evidence of \`${citation.tool}\` cites line ${citation.line}, but ${citedName(citation.ref)} has ${found.lineCount} lines in ${where}`,
      );
    } else {
      const hint = found.nearest === undefined ? 'it appears nowhere in the file' : `it appears at line ${found.nearest}`;
      report(
        citation.file,
        citation.at.line,
        `\`${citation.tool}\` does not appear within ${NEAR_LINES} lines of ${citedName(citation.ref, citation.line)} in ${where}; ${hint}`,
      );
    }
  }
}

/**
 * Report each citation of a path that is not a file, at its `evidence.path`.
 * @param what what the source holds at the path (a directory, a symbolic link)
 */
export function reportNotFile(group: readonly Citation[], what: Extract<Fetched, { kind: 'not-file' }>, where: string, report: Report): void {
  const described =
    what.type === 'dir'
      ? 'a directory'
      : what.type === 'symlink'
        ? `a symbolic link${what.target === undefined ? '' : ` to \`${what.target}\``}`
        : `a ${what.type}`;
  for (const citation of group)
    report(citation.file, citation.at.path, `evidence of \`${citation.tool}\` cites \`${citation.ref.path}\`, which is ${described} in ${where}, not a file`);
}

/**
 * Report each citation of a path that does not exist, at its `evidence.path`.
 * @param hint added after the message (`; …`), or nothing
 */
export function reportMissing(group: readonly Citation[], where: string, report: Report, hint = ''): void {
  for (const citation of group)
    report(citation.file, citation.at.path, `evidence of \`${citation.tool}\` cites \`${citation.ref.path}\`, which does not exist in ${where}${hint}`);
}

/**
 * Report a stored excerpt that is not what the cited lines say now (SPEC
 * 5.2), at its `evidence.excerpt`; a citation without one is not reported
 * here (`npm run check` asks for it).
 */
function checkExcerpt(citation: Citation, lines: readonly string[], where: string, report: Report): void {
  if (citation.excerpt === undefined) return;
  const expected = excerptOf(lines, citation.line, citation.end, citation.names ?? [citation.tool]);
  if (expected === citation.excerpt.text) return;
  const span = citation.end === undefined ? `${citation.line}` : `${citation.line}-${citation.end}`;
  report(
    citation.file,
    citation.excerpt.at,
    expected === undefined
      ? `the excerpt of \`${citation.tool}\` quotes lines ${span}, past the end of ${citedName(citation.ref)} (${lines.length} lines) in ${where}`
      : `the excerpt of \`${citation.tool}\` does not match ${citedName(citation.ref, citation.line)} in ${where}, which reads ${JSON.stringify(expected)}; run \`npm run evidence -- --write-excerpts\``,
  );
}
