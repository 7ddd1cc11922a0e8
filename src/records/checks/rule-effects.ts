import { isEffect } from '../../core/effects.ts';
import type { RecordCheck } from './check.ts';

/**
 * A rule names what a matching call still does, so its effects are a subset
 * of its tool's (SPEC 2.9.3): a rule cannot add an effect the tool lacks.
 * An effect outside the vocabulary is `unknown-effect`'s to report, not this check's.
 */
export const ruleEffects: RecordCheck = {
  id: 'rule-effects',
  description: "each rule's effects are a subset of its tool's effects",
  scope: 'record',
  check({ record, report }) {
    record.tools.forEach((tool, t) => {
      const toolEffects = new Set(tool.effects ?? []);
      tool.rules?.forEach((rule, r) => {
        rule.effects?.forEach((effect, e) => {
          if (isEffect(effect) && !toolEffects.has(effect)) {
            report(
              ['tools', t, 'rules', r, 'effects', e],
              `rule \`${rule.id}\` of \`${tool.name}\` leaves the effect \`${effect}\`, which the tool itself does not list; a rule can only take effects away`,
            );
          }
        });
      });
    });
  },
};
