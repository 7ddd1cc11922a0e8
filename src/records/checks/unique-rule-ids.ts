import type { RecordCheck } from './check.ts';

/** Rule ids are unique within a tool, so a decision names one rule (SPEC 5.4). */
export const uniqueRuleIds: RecordCheck = {
  id: 'unique-rule-ids',
  description: 'rule ids are unique within each tool',
  scope: 'record',
  check({ record, report }) {
    record.tools.forEach((tool, t) => {
      const seen = new Set<string>();
      tool.rules?.forEach((rule, r) => {
        if (seen.has(rule.id)) report(['tools', t, 'rules', r, 'id'], `rule id \`${rule.id}\` is used twice in \`${tool.name}\``);
        seen.add(rule.id);
      });
    });
  },
};
