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

/** An npm integrity string of the right shape for test records. */
export const DEMO_INTEGRITY = `sha512-${'A'.repeat(86)}==`;

/** What can vary in {@link packageRecord}: lines under `server` (default: the `demo-mcp` package), the evidence base line(s), lines under `provenance`, the first tool's evidence. */
export interface PackageRecordOptions {
  server?: string[];
  base?: string[];
  provenance?: string[];
  evidence?: string;
}

/** A record of the npm package `demo-mcp`, by default pinned to `demo-mcp@1.2.3` (SPEC 5.1); line 7 is the package's line. */
export function packageRecord(options: PackageRecordOptions = {}): string {
  return [
    'id: demo',
    'name: Demo',
    'description: A record used by the tests.',
    'server:',
    '  repository: example/demo',
    ...(options.server ?? ['  packages:', '    - { registry: npm, name: demo-mcp }']),
    'provenance:',
    '  status: draft',
    '  author: tests',
    '  reviewers: []',
    '  last_verified: 2026-11-30',
    ...(options.base ?? [`  package: { registry: npm, name: demo-mcp, version: 1.2.3, integrity: "${DEMO_INTEGRITY}" }`]),
    ...(options.provenance ?? []),
    'tools:',
    '  - name: alpha',
    '    class: R0',
    '    rationale: Reads and changes nothing.',
    `    evidence: ${options.evidence ?? '{ path: dist/index.js, line: 10 }'}`,
    '    effects: [read]',
    '',
  ].join('\n');
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

/** The page {@link documentationRecord} cites by default. */
export const DEMO_PAGE = 'https://docs.example.com/mcp/tools';

/** What can vary in {@link documentationRecord}: lines under `server`, the evidence base lines, the first tool's evidence lines (indented under `evidence:`). */
export interface DocumentationRecordOptions {
  server?: string[];
  base?: string[];
  evidence?: string[];
}

/** A record of a hosted server resting on the vendor's documentation (SPEC 5.1); line 10 is `documentation:`, line 20 the tool's `evidence:`. */
export function documentationRecord(options: DocumentationRecordOptions = {}): string {
  return [
    'id: demo',
    'name: Demo',
    'description: A record used by the tests.',
    'server:',
    ...(options.server ?? ['  urls: [https://mcp.example.com/mcp]']),
    'provenance:',
    '  status: draft',
    '  author: tests',
    '  reviewers: []',
    ...(options.base ?? ['  documentation:', '    retrieved: 2026-12-05', '    pages:', `      - ${DEMO_PAGE}`]),
    '  last_verified: 2026-12-05',
    'tools:',
    '  - name: alpha',
    '    class: R0',
    '    rationale: Reads and changes nothing.',
    '    effects: [read]',
    '    evidence:',
    ...(options.evidence ?? [`      url: ${DEMO_PAGE}`, '      quote: "alpha lists the items of a workspace without changing them."']),
    '',
  ].join('\n');
}
