/**
 * `server.archived` (SPEC 5.3): the schema's shape, and the `archived`
 * check: the notice is the publisher's own (in the owner of
 * `server.repository` when it is on GitHub) and dated by the day the record
 * was checked.
 */
import { describe, expect, it } from 'vitest';
import { checkRecordText, packageRecord } from './demo-record.ts';

const NOTICE = 'Archive unmaintained servers';

/** The demo record (repository example/demo, last verified 2026-11-30) with an archive notice. */
function record(lines: string[]): string {
  return packageRecord({ server: ['  packages:', '    - { registry: npm, name: demo-mcp }', '  archived:', ...lines] });
}

const problems = (text: string): string[] => checkRecordText('registry/demo.yaml', text).problems;

describe('archived check', () => {
  it("accepts the publisher's own commit, dated before the record was checked", () => {
    const text = record([
      '    date: 2025-05-28',
      '    url: https://github.com/example/demo/commit/d53d6cc75c9ff1957f76c6b97c1ca74771af347e',
      `    notice: "${NOTICE}"`,
    ]);
    expect(checkRecordText('registry/demo.yaml', text)).toEqual({ problems: [], accepted: 1 });
  });

  it("reports a notice in another owner's repository, at its url", () => {
    const text = record(['    date: 2025-05-28', '    url: https://github.com/someone-else/demo-list/blob/0123456/README.md', `    notice: "${NOTICE}"`]);
    expect(problems(text)).toEqual([
      "registry/demo.yaml:10:10  error  [archived]  the archive notice is in `someone-else/demo-list`, not in the publisher's own repository `example/demo`",
    ]);
  });

  it('reports an archive dated after the day the record was checked', () => {
    const text = record(['    date: 2026-12-24', '    url: https://github.com/example/demo/commit/d53d6cc', `    notice: "${NOTICE}"`]);
    expect(problems(text)).toEqual([
      'registry/demo.yaml:9:11  error  [archived]  the archive date 2026-12-24 is after last_verified 2026-11-30, the day the record was checked',
    ]);
  });

  it('the schema requires the notice with its date and address', () => {
    const text = record(['    date: 2025-05-28']);
    expect(problems(text).join('\n')).toMatch(/\[schema\].*url[\s\S]*\[schema\].*notice|\[schema\].*notice[\s\S]*\[schema\].*url/);
  });
});
