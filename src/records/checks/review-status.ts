import type { RecordCheck } from './check.ts';

/**
 * A handle as GitHub compares it: case-insensitively, and without the `@`
 * people write in front of it. The schema rejects `@` in reviewers; the
 * author may be a team name, so it is only normalised here.
 */
export function sameHandle(a: string, b: string): boolean {
  const normal = (handle: string): string => handle.trim().replace(/^@/, '').toLowerCase();
  return normal(a) === normal(b);
}

/** `reviewed` and `verified` need a reviewer other than the author (SPEC 5.1). */
export const reviewStatus: RecordCheck = {
  id: 'review-status',
  description: 'a reviewed or verified record names a reviewer who is not its author',
  scope: 'record',
  check({ record, report }) {
    const { status, reviewers, author } = record.provenance;
    if (status === 'draft') return;
    const others = reviewers.filter((reviewer) => !sameHandle(reviewer, author));
    if (others.length === 0) report(['provenance', 'status'], `status \`${status}\` needs at least one reviewer other than the author`);
  },
};
