/**
 * `server.code_options` (SPEC 5.3, 6.2) in the schema and the
 * `code-options` check: exactly one of `options` and `env`, exactly one of
 * `evidence` and `documentation`, evidence cited like a tool's, a
 * one-sentence reason, and each spelling listed once.
 */
import { describe, expect, it } from 'vitest';
import { checkRecordText, packageRecord } from './demo-record.ts';

/** A demo record whose server has these `code_options` lines. */
const record = (lines: string[]): string => packageRecord({ server: ['  packages:', '    - { registry: npm, name: demo-mcp }', '  code_options:', ...lines] });
const check = (lines: string[]) => checkRecordText('registry/demo.yaml', record(lines));

describe('code-options check', () => {
  it('accepts options cited in the package and variables cited by documentation', () => {
    expect(
      check([
        '    - options: ["--executablePath", "--executable-path", "-e"]',
        '      reason: Runs the named file as the browser.',
        '      evidence: { path: dist/cli.js, line: 12 }',
        '    - env: [DEMO_CONFIG, DEMO_PLUGIN_*]',
        '      reason: Reads a configuration file that names plugins to load.',
        '      documentation: https://example.com/docs/env',
      ]),
    ).toEqual({ problems: [], accepted: 1 });
  });

  it('rejects an item with both options and env, or with neither evidence nor documentation (schema)', () => {
    const both = check([
      '    - options: ["--config"]',
      '      env: [DEMO_CONFIG]',
      '      reason: Reads a file.',
      '      documentation: https://example.com/docs',
    ]);
    expect(both.accepted).toBe(0);
    expect(both.problems.join('\n')).toContain('[schema]');
    const unsourced = check(['    - options: ["--config"]', '      reason: Reads a file.']);
    expect(unsourced.accepted).toBe(0);
    expect(unsourced.problems.join('\n')).toContain('[schema]');
  });

  it('reports a spelling listed twice, a reason of two sentences and a permalink written by hand', () => {
    const result = check([
      '    - options: ["--config"]',
      '      reason: Reads a file. It can name code.',
      '      evidence: { path: dist/cli.js, line: 12, url: "https://app.unpkg.com/demo-mcp@1.2.3/files/dist/cli.js#L12" }',
      '    - options: ["--config"]',
      '      reason: Reads the same file.',
      '      evidence: { path: dist/cli.js, line: 14 }',
    ]);
    expect(result.accepted).toBe(0);
    expect(result.problems).toEqual([
      expect.stringContaining('[code-options]  the reason for `--config` must be one sentence ending with a period'),
      expect.stringContaining('[code-options]  evidence of `--config` must not set `url`; the build derives the permalink'),
      expect.stringContaining('[code-options]  `--config` is listed again; code_options[0] already names it'),
    ]);
  });
});
