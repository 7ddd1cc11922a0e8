import { EVIDENCE_PLACEHOLDER, UNCLASSIFIED_EFFECT } from '../../core/drafts.ts';
import type { RecordCheck } from './check.ts';

/**
 * No tool is an unfinished draft entry (src/core/drafts.ts): one that
 * `rclass scan --write-drafts` or `npm run refresh` added as R4 lists the
 * effect `unknown-until-classified` and cites a placeholder file until
 * someone reads its source, gives it its effects and cites its definition.
 */
export const unfinishedDraft: RecordCheck = {
  id: 'unfinished-draft',
  description: 'no tool is a draft entry still waiting to be classified',
  scope: 'record',
  check({ record, report }) {
    record.tools.forEach((tool, t) => {
      const e = tool.effects?.indexOf(UNCLASSIFIED_EFFECT) ?? -1;
      if (e >= 0) report(['tools', t, 'effects', e], `\`${tool.name}\` is an unfinished draft entry: read its source and replace \`${UNCLASSIFIED_EFFECT}\` with its effects (SPEC 2.9)`);
      if (tool.evidence.path === EVIDENCE_PLACEHOLDER.path) report(['tools', t, 'evidence', 'path'], `\`${tool.name}\` is an unfinished draft entry: cite the file and line that define it at provenance.commit`);
    });
  },
};
