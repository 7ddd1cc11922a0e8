import type { RecordCheck } from './check.ts';

/** `reviewed` and `verified` need a reviewer other than the author (SPEC 5.1). */
export const reviewStatus: RecordCheck = {
  id: 'review-status',
  description: 'a reviewed or verified record names a reviewer who is not its author',
  scope: 'record',
  check({ record, report }) {
    const { status, reviewers, author } = record.provenance;
    if (status === 'draft') return;
    const others = reviewers.filter((reviewer) => reviewer !== author);
    if (others.length === 0) report(['provenance', 'status'], `status \`${status}\` needs at least one reviewer other than the author`);
  },
};
