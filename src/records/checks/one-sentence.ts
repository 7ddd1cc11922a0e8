import { type RecordCheck, isOneSentence } from './check.ts';

/** Rationales, `differs` sentences and rule reasons are one sentence each (SPEC 5.2, 2.9.4). */
export const oneSentence: RecordCheck = {
  id: 'one-sentence',
  description: 'each rationale, differs and rule reason is one sentence that starts with a capital and ends with a period',
  scope: 'record',
  check({ record, report }) {
    record.tools.forEach((tool, t) => {
      if (!isOneSentence(tool.rationale))
        report(['tools', t, 'rationale'], `rationale of \`${tool.name}\` must be one sentence, starting with a capital and ending with a period`);
      if (tool.differs !== undefined && !isOneSentence(tool.differs))
        report(['tools', t, 'differs'], `differs of \`${tool.name}\` must be one sentence, starting with a capital and ending with a period`);
      tool.rules?.forEach((rule, r) => {
        if (!isOneSentence(rule.reason))
          report(['tools', t, 'rules', r, 'reason'], `reason of rule \`${rule.id}\` must be one sentence, starting with a capital and ending with a period`);
      });
    });
  },
};
