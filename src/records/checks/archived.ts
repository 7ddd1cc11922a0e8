import type { RecordCheck } from './check.ts';

/**
 * `server.archived` (SPEC 5.3) records the publisher's own notice that it
 * archived or deprecated the code base. Two facts the schema cannot see:
 * a notice on GitHub is in the publisher's own repository (the owner of
 * `server.repository`), not someone else's fork or list; and it is dated on
 * or before `provenance.last_verified`, the day it was read.
 */
export const archived: RecordCheck = {
  id: 'archived',
  description: "an archive notice is the publisher's own and was read by the day the record was checked",
  scope: 'record',
  check({ record, report }) {
    const notice = record.server.archived;
    if (notice === undefined) return;
    const github = /^https:\/\/github\.com\/([^/]+)\/([^/]+)/i.exec(notice.url);
    const owner = record.server.repository?.split('/')[0];
    if (github !== null && (owner === undefined || github[1]!.toLowerCase() !== owner.toLowerCase()))
      report(
        ['server', 'archived', 'url'],
        `the archive notice is in \`${github[1]}/${github[2]}\`, not in the publisher's own repository \`${record.server.repository ?? '(none)'}\``,
      );
    if (notice.date > record.provenance.last_verified)
      report(
        ['server', 'archived', 'date'],
        `the archive date ${notice.date} is after last_verified ${record.provenance.last_verified}, the day the record was checked`,
      );
  },
};
