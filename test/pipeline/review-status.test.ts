/**
 * `reviewed` and `verified` need a reviewer other than the author (SPEC 5.1).
 * GitHub handles are case-insensitive and `@` is not part of them, so the
 * author written another way is still the author; reviewers are GitHub
 * handles, and the schema says so.
 */
import { checkRecordText, demoRecord } from './demo-record.ts';
import { describe, expect, it } from 'vitest';
import { sameHandle } from '../../src/records/checks/review-status.ts';

const record = (author: string, status: string, reviewers: string): string => demoRecord({ author, status, reviewers });

const check = (text: string) => checkRecordText('registry/demo.yaml', text);

const NEEDS_OTHER = 'registry/demo.yaml:7:11  error  [review-status]  status `reviewed` needs at least one reviewer other than the author';

describe('review-status: the author cannot review their own record', () => {
  it('the exact same handle is rejected', () => {
    expect(check(record('your-github-handle', 'reviewed', '[your-github-handle]'))).toEqual({ problems: [NEEDS_OTHER], accepted: 0 });
  });

  it('the author in other letter case is rejected as the same handle', () => {
    expect(check(record('your-github-handle', 'reviewed', '[Your-GitHub-Handle]'))).toEqual({ problems: [NEEDS_OTHER], accepted: 0 });
    expect(check(record('Your-GitHub-Handle', 'verified', '[YOUR-GITHUB-HANDLE]')).problems).toEqual([
      'registry/demo.yaml:7:11  error  [review-status]  status `verified` needs at least one reviewer other than the author',
    ]);
  });

  it('the author with an @ is rejected as the same handle (and the @ is a schema problem)', () => {
    expect(check(record('your-github-handle', 'reviewed', '["@your-github-handle"]'))).toEqual({
      problems: [
        NEEDS_OTHER,
        'registry/demo.yaml:9:15  error  [schema]  `provenance.reviewers[0]` must be a GitHub handle, without `@`; got `"@your-github-handle"`',
      ],
      accepted: 0,
    });
  });

  it('an author written with an @ is still matched by the bare handle', () => {
    expect(check(record('"@Octo-Cat"', 'reviewed', '[octo-cat]')).problems).toEqual([NEEDS_OTHER]);
  });

  it('the author plus a different reviewer passes', () => {
    expect(check(record('your-github-handle', 'reviewed', '[Your-GitHub-Handle, someone-else]'))).toEqual({ problems: [], accepted: 1 });
  });

  it('sameHandle ignores case and a leading @ only', () => {
    expect(sameHandle('Octo-Cat', '@octo-cat')).toBe(true);
    expect(sameHandle('octo-cat', 'octocat')).toBe(false);
    expect(sameHandle('octo-cat', 'octo-cat2')).toBe(false);
  });
});

describe('schema: reviewers are GitHub handles', () => {
  it.each([
    ['"@alice"', '"@alice"'],
    ['["alice smith"]', '"alice smith"'],
    ['["-alice"]', '"-alice"'],
    [`[${'a'.repeat(40)}]`, `"${'a'.repeat(40)}"`],
    ['[""]', '""'],
  ])('reviewers %s is rejected', (reviewers, got) => {
    const list = reviewers.startsWith('[') ? reviewers : `[${reviewers}]`;
    expect(check(record('maintainers', 'draft', list)).problems).toEqual([
      `registry/demo.yaml:9:15  error  [schema]  \`provenance.reviewers[0]\` must be a GitHub handle, without \`@\`; got \`${got}\``,
    ]);
  });

  it('handles of 1 and 39 characters, with digits, capitals and hyphens, pass', () => {
    expect(check(record('maintainers', 'reviewed', `[a, ${'b'.repeat(39)}, Octo-Cat-2]`))).toEqual({ problems: [], accepted: 1 });
  });

  it('the author may still be a team name with spaces', () => {
    expect(check(record('reversibility-classes maintainers', 'draft', '[]'))).toEqual({ problems: [], accepted: 1 });
  });
});
