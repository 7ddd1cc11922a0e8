import { deriveClass, isEffect } from '../../core/effects.ts';
import type { RecordCheck } from './check.ts';

/**
 * A stated class equals the class its effects derive (SPEC 2.9.3): for a
 * tool unless it carries an `override`, for a rule always. `disclosure` is
 * derived too, so a record never states it.
 */
export const classDerived: RecordCheck = {
  id: 'class-derived',
  description: "each tool's and rule's class is the highest class among its effects, unless the tool states an override",
  scope: 'record',
  check({ record, report }) {
    record.tools.forEach((tool, t) => {
      if (tool.disclosure !== undefined) {
        report(
          ['tools', t, 'disclosure'],
          `\`${tool.name}\` must not set \`disclosure\`; the build derives it from the effects (send, publish, widen, transmit)`,
          { key: true },
        );
      }
      const effects = tool.effects ?? [];
      if (effects.length > 0 && effects.every(isEffect) && tool.override === undefined) {
        const derived = deriveClass(effects);
        if (derived !== tool.class) {
          report(
            ['tools', t, 'class'],
            `\`${tool.name}\` states ${tool.class}, but its effects [${effects.join(', ')}] derive ${derived}; fix the effects or the class, or give an override with a reason`,
          );
        }
      }
      tool.rules?.forEach((rule, r) => {
        const ruleEffects = rule.effects ?? [];
        if (ruleEffects.length === 0 || !ruleEffects.every(isEffect)) return;
        const derived = deriveClass(ruleEffects);
        if (derived !== rule.class) {
          report(
            ['tools', t, 'rules', r, 'class'],
            `rule \`${rule.id}\` of \`${tool.name}\` states ${rule.class}, but its effects [${ruleEffects.join(', ')}] derive ${derived}`,
          );
        }
      });
    });
  },
};
