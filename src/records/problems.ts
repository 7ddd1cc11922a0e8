/**
 * One problem found in a record, and the single report format every
 * pipeline step prints: `registry/x.yaml:12:5  error  [check-id]  message`.
 */

/** A problem at a place in a record. Line and column are 1-based. */
export interface Problem {
  file: string;
  line: number;
  column: number;
  severity: 'error';
  check: string;
  message: string;
}

/** Format one problem as a single clickable line. */
export function formatProblem(problem: Problem): string {
  return `${problem.file}:${problem.line}:${problem.column}  ${problem.severity}  [${problem.check}]  ${problem.message}`;
}

/** Sort problems by file, then line, then column, then check id. */
export function sortProblems(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.check.localeCompare(b.check));
}

/** The closing line of a report, e.g. `3 errors in 2 files`. */
export function summarizeProblems(problems: readonly Problem[]): string {
  const files = new Set(problems.map((p) => p.file)).size;
  const count = problems.length;
  return `${count} ${count === 1 ? 'error' : 'errors'} in ${files} ${files === 1 ? 'file' : 'files'}`;
}
