/**
 * One small valid record as YAML text, with the few fields checks care
 * about as options, and the validator's formatted report on a record's
 * text. Line numbers of the text are stable: tests assert positions in it.
 */
import { formatProblem } from '../../src/records/problems.ts';
import { parseRecordSource } from '../../src/records/source.ts';
import { validateSources } from '../../src/records/validate.ts';

/** What can vary in {@link demoRecord}; every option keeps the line numbers of the rest. */
export interface DemoRecordOptions {
  status?: string;
  author?: string;
  /** YAML text of the list, e.g. `[alice]`. */
  reviewers?: string;
  /** Adds `server.path` (one more line, after `repository`). */
  serverPath?: string;
  /** Evidence path of the first tool. */
  evidencePath?: string;
  /** Adds a second tool, `beta`, an R4. */
  beta?: boolean;
}

/** The record `registry/demo.yaml` as YAML text. */
export function demoRecord(options: DemoRecordOptions = {}): string {
  const lines = [
    'id: demo',
    'name: Demo',
    'description: A record used by the tests.',
    'server:',
    '  repository: example/demo',
    ...(options.serverPath !== undefined ? [`  path: ${options.serverPath}`] : []),
    'provenance:',
    `  status: ${options.status ?? 'draft'}`,
    `  author: ${options.author ?? 'tests'}`,
    `  reviewers: ${options.reviewers ?? '[]'}`,
    '  last_verified: 2026-11-30',
    '  commit: 0123456789abcdef0123456789abcdef01234567',
    'tools:',
    '  - name: alpha',
    '    class: R0',
    '    rationale: Reads and changes nothing.',
    `    evidence: { path: ${options.evidencePath ?? 'src/index.ts'}, line: 10 }`,
    '    effects: [read]',
  ];
  if (options.beta === true)
    lines.push(
      '  - name: beta',
      '    class: R4',
      '    rationale: Deletes rows with no copy kept.',
      '    evidence: { path: src/index.ts, line: 20 }',
      '    effects: [delete]',
    );
  return `${lines.join('\n')}\n`;
}

/**
 * Parse and validate one record's text as the build does.
 * @returns the formatted problems (`file:line:col  error  [check]  message`) and how many records passed
 */
export function checkRecordText(file: string, text: string): { problems: string[]; accepted: number } {
  const parsed = parseRecordSource(file, text);
  const result = validateSources([parsed.source]);
  return { problems: [...parsed.problems, ...result.problems].map(formatProblem), accepted: result.records.length };
}
