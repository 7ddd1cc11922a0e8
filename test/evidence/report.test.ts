/**
 * The report and exit code of `npm run evidence`: problems in the project's
 * one format, reasons for an incomplete check on stderr, and 1 over 3 over 0.
 * The summary counts files at a commit (cached, fetched) and, when records
 * cite published npm packages, the files cited in those packages.
 */
import { describe, expect, it } from 'vitest';
import { buildReport } from '../../scripts/evidence/report.ts';
import type { Problem } from '../../src/records/problems.ts';

const problem: Problem = {
  file: 'registry/time.yaml',
  line: 32,
  column: 70,
  severity: 'error',
  check: 'evidence-online',
  message: '`convert_time` does not appear within 3 lines of `a.py:12`',
};
const files = { total: 2, cached: 1, fetched: 1 };
/** No record cites a published package. */
const NO_PACKAGES = { total: 0, files: 0 };
const NO_QUOTES = { total: 0, pages: 0 };

describe('buildReport', () => {
  it('no problems and a complete check exit 0 with one summary line', () => {
    expect(buildReport([], { problems: [], incomplete: [], files, packages: NO_PACKAGES, quotes: NO_QUOTES }, { count: 5, records: 2 })).toEqual({
      stdout: ['5 citations of 2 records in 2 files (1 cached, 1 fetched), each tool name looked for within 3 lines of its cited line: no problems'],
      stderr: [],
      exitCode: 0,
    });
  });

  it('a problem is printed as file:line:col  error  [check]  message and exits 1', () => {
    const report = buildReport([], { problems: [problem], incomplete: [], files, packages: NO_PACKAGES, quotes: NO_QUOTES }, { count: 5, records: 2 });
    expect(report.stdout[0]).toBe('registry/time.yaml:32:70  error  [evidence-online]  `convert_time` does not appear within 3 lines of `a.py:12`');
    expect(report.stdout.at(-1)).toMatch(/: 1 error in 1 file$/);
    expect(report.exitCode).toBe(1);
  });

  it('an incomplete check with no problem exits 3 and says why on stderr', () => {
    const report = buildReport(
      [],
      { problems: [], incomplete: ['GitHub rate limit reached (403)'], files, packages: NO_PACKAGES, quotes: NO_QUOTES },
      { count: 5, records: 2 },
    );
    expect(report.stderr).toEqual(['evidence check incomplete: GitHub rate limit reached (403)']);
    expect(report.exitCode).toBe(3);
  });

  it('a problem found before the check stopped still exits 1', () => {
    expect(
      buildReport([], { problems: [problem], incomplete: ['cannot reach GitHub'], files, packages: NO_PACKAGES, quotes: NO_QUOTES }, { count: 5, records: 2 })
        .exitCode,
    ).toBe(1);
  });

  it('problems of records that failed validation are reported with their own check ids, sorted with the rest', () => {
    const schema: Problem = {
      ...problem,
      file: 'registry/bad.yaml',
      line: 3,
      column: 1,
      check: 'schema',
      message: 'the record is missing required property `tools`',
    };
    const report = buildReport([schema], { problems: [problem], incomplete: [], files, packages: NO_PACKAGES, quotes: NO_QUOTES }, { count: 5, records: 1 });
    expect(report.stdout.slice(0, 2)).toEqual([
      'registry/bad.yaml:3:1  error  [schema]  the record is missing required property `tools`',
      'registry/time.yaml:32:70  error  [evidence-online]  `convert_time` does not appear within 3 lines of `a.py:12`',
    ]);
    expect(report.exitCode).toBe(1);
  });
  it('files cited in npm packages are counted after the files at a commit, and alone when no record cites a commit', () => {
    const both = buildReport([], { problems: [], incomplete: [], files, packages: { total: 1, files: 3 }, quotes: NO_QUOTES }, { count: 14, records: 3 });
    expect(both.stdout).toEqual([
      '14 citations of 3 records in 2 files (1 cached, 1 fetched) and 3 files of 1 npm packages, each tool name looked for within 3 lines of its cited line: no problems',
    ]);
    const packagesOnly = buildReport(
      [],
      { problems: [], incomplete: [], files: { total: 0, cached: 0, fetched: 0 }, packages: { total: 1, files: 1 }, quotes: NO_QUOTES },
      { count: 9, records: 1 },
    );
    expect(packagesOnly.stdout).toEqual([
      '9 citations of 1 records in 1 files of 1 npm packages, each tool name looked for within 3 lines of its cited line: no problems',
    ]);
    expect(packagesOnly.exitCode).toBe(0);
  });
});
