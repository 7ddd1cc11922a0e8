import { isDocumentationEvidence } from '../../core/record.ts';
import type { RecordCheck } from './check.ts';

/** How many lines past `line` a citation may span (`evidence.end`, SPEC 5.2). */
const MAX_SPAN = 6;

/**
 * Evidence points into the record's own repository at its commit, and
 * permalinks are left to the build (SPEC 5.2). Path and line formats are
 * checked by the schema; a span's `end` lies from `line` to `line` + 6. Evidence quoted from the vendor's documentation
 * names its page in `url` (SPEC 5.1; `evidence-documentation` checks it).
 */
export const evidence: RecordCheck = {
  id: 'evidence',
  description: "evidence cites the record's repository and leaves the permalink to the build",
  scope: 'record',
  check({ record, report }) {
    record.tools.forEach((tool, t) => {
      const cited = tool.evidence.repository;
      if (cited !== undefined && cited !== record.server.repository) {
        report(
          ['tools', t, 'evidence', 'repository'],
          `evidence of \`${tool.name}\` cites \`${cited}\`, but the record's repository is \`${record.server.repository}\``,
        );
      }
      const { line, end } = tool.evidence;
      if (end !== undefined && line !== undefined && (end < line || end > line + MAX_SPAN)) {
        report(
          ['tools', t, 'evidence', 'end'],
          `evidence of \`${tool.name}\` spans lines ${line} to ${end}; \`end\` must be from ${line} to ${line + MAX_SPAN}`,
        );
      }
      if (tool.evidence.url !== undefined && !isDocumentationEvidence(tool.evidence)) {
        report(
          ['tools', t, 'evidence', 'url'],
          `evidence of \`${tool.name}\` must not set \`url\`; the build derives the permalink from repository, commit, path and line`,
          { key: true },
        );
      }
    });
  },
};
