import { isBelow } from '../../core/classes.ts';
import type { RecordCheck } from './check.ts';

/** An argument rule may only lower a tool's class (SPEC 4.2, 5.4). */
export const rulesOnlyLower: RecordCheck = {
  id: 'rules-only-lower',
  description: "every argument rule names a class below its tool's base class",
  scope: 'record',
  check({ record, report }) {
    record.tools.forEach((tool, t) => {
      tool.rules?.forEach((rule, r) => {
        if (!isBelow(rule.class, tool.class)) {
          report(
            ['tools', t, 'rules', r, 'class'],
            `rule \`${rule.id}\` of \`${tool.name}\` gives ${rule.class}, which is not below the tool's class ${tool.class}; rules may only lower a class`,
          );
        }
      });
    });
  },
};
