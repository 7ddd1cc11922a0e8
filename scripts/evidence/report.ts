/**
 * The report of `npm run evidence`: every problem in the project's one
 * format (`registry/x.yaml:12:5  error  [evidence-online]  message`), then
 * why the check is incomplete if it is, then a summary; and the exit code.
 */
import { type Problem, formatProblem, sortProblems, summarizeProblems } from '../../src/records/problems.ts';
import type { EvidenceResult } from './check.ts';
import { NEAR_LINES } from './near.ts';

/** Exit codes: 0 all citations good, 1 problems found, 3 the check could not finish. */
const EXIT = { ok: 0, problems: 1, incomplete: 3 } as const;

/** The lines to print on stdout and stderr, and the exit code. */
export interface Report {
  stdout: string[];
  stderr: string[];
  exitCode: number;
}

/**
 * Build the report of one run.
 * @param loadProblems problems of records that failed validation (their evidence was not checked)
 * @param result the online check's result
 * @param citations how many citations were checked, from how many records
 * @returns exit code 1 when any problem was found (a known failure outranks
 *   an unfinished check), else 3 when the check is incomplete, else 0
 */
export function buildReport(loadProblems: readonly Problem[], result: EvidenceResult, citations: { count: number; records: number }): Report {
  const problems = sortProblems([...loadProblems, ...result.problems]);
  const stdout = problems.map(formatProblem);
  const stderr = result.incomplete.map((reason) => `evidence check incomplete: ${reason}`);
  const { files, packages, quotes } = result;
  const atCommits = `${files.total} files (${files.cached} cached, ${files.fetched} fetched)`;
  const inPackages = `${packages.files} files of ${packages.total} npm packages`;
  const onPages = `${quotes.pages} documentation pages`;
  const places = [
    files.total > 0 || (packages.total === 0 && quotes.pages === 0) ? atCommits : '',
    packages.total > 0 ? inPackages : '',
    quotes.pages > 0 ? onPages : '',
  ];
  const shown = places.filter((place) => place !== '');
  const where = shown.length <= 1 ? (shown[0] ?? atCommits) : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
  const scope = `${citations.count} citations of ${citations.records} records in ${where}, each tool name looked for within ${NEAR_LINES} lines of its cited line${quotes.total > 0 ? ` and each quote in its page` : ''}`;
  if (stdout.length > 0) stdout.push('');
  stdout.push(
    `${scope}: ${problems.length > 0 ? summarizeProblems(problems) : 'no problems'}${result.incomplete.length > 0 ? ' so far; the check is incomplete' : ''}`,
  );
  const exitCode = problems.length > 0 ? EXIT.problems : result.incomplete.length > 0 ? EXIT.incomplete : EXIT.ok;
  return { stdout, stderr, exitCode };
}
