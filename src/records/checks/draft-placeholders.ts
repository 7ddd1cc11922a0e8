import { DRAFT_EVIDENCE_PLACEHOLDER, DRAFT_RATIONALE_PREFIX } from '../../core/draft-placeholders.ts';
import type { RecordCheck } from './check.ts';

/**
 * A tool that `rclass scan --write-drafts` added still carries its evidence or
 * rationale placeholder (src/core/draft-placeholders.ts): the record cannot be
 * built until someone cites the file defining the tool and says why it has its
 * class (SPEC 5.2; issue 15). The effect placeholder is `unknown-effect`'s.
 */
export const draftPlaceholders: RecordCheck = {
  id: 'draft-placeholder',
  description: 'no tool keeps the evidence path or rationale placeholder a `--write-drafts` draft put in it',
  scope: 'record',
  check({ record, report }) {
    record.tools.forEach((tool, t) => {
      if (tool.evidence.path === DRAFT_EVIDENCE_PLACEHOLDER.path)
        report(['tools', t, 'evidence', 'path'], `\`${tool.name}\` still has the draft's placeholder evidence: cite the file and line defining the tool`);
      if (tool.rationale.trimStart().startsWith(DRAFT_RATIONALE_PREFIX))
        report(['tools', t, 'rationale'], `\`${tool.name}\` still has the draft's placeholder rationale: say in one sentence why the tool has its class`);
    });
  },
};
