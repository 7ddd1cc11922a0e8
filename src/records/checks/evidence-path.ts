import type { RecordCheck } from './check.ts';

/**
 * Evidence names a file: its path has no empty segment and does not end
 * with `/`, so it can be fetched at the commit and linked as a permalink
 * (SPEC 5.2). The schema already rejects absolute paths, `.` and `..`
 * segments, spaces and backslashes. The path may lie outside `server.path`:
 * tools are sometimes defined in shared code elsewhere in the repository.
 */
export const evidencePath: RecordCheck = {
  id: 'evidence-path',
  description: 'evidence paths name a file: no empty segment, no trailing slash',
  scope: 'record',
  check({ record, report }) {
    record.tools.forEach((tool, t) => {
      const cited = tool.evidence.path;
      if (typeof cited !== 'string') return;
      if (cited.endsWith('/'))
        report(['tools', t, 'evidence', 'path'], `evidence of \`${tool.name}\` cites \`${cited}\`, which ends with \`/\`; cite the file that defines the tool`);
      else if (cited.split('/').some((segment) => segment === ''))
        report(['tools', t, 'evidence', 'path'], `evidence of \`${tool.name}\` cites \`${cited}\`, which has an empty segment (\`//\`)`);
    });
  },
};
