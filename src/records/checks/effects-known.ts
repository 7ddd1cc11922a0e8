import { DRAFT_EFFECT, EFFECT_IDS, isEffect } from '../../core/effects.ts';
import type { RecordCheck } from './check.ts';

/**
 * Every effect a tool or rule names is in the closed vocabulary (SPEC 2.9.1).
 * That each lists at least one is the schema's concern.
 */
export const effectsKnown: RecordCheck = {
  id: 'unknown-effect',
  description: 'every effect a tool or rule names is one of the vocabulary of SPEC 2.9.1',
  scope: 'record',
  check({ record, report }) {
    record.tools.forEach((tool, t) => {
      tool.effects?.forEach((effect, e) => {
        if (effect === DRAFT_EFFECT)
          report(
            ['tools', t, 'effects', e],
            `\`${tool.name}\` is a draft entry: read its source and name its effects (SPEC 2.9) before the record can be built`,
          );
        else if (!isEffect(effect)) report(['tools', t, 'effects', e], unknown(effect));
      });
      tool.rules?.forEach((rule, r) => {
        rule.effects?.forEach((effect, e) => {
          if (!isEffect(effect)) report(['tools', t, 'rules', r, 'effects', e], unknown(effect));
        });
      });
    });
  },
};

function unknown(effect: string): string {
  return `\`${effect}\` is not an effect; the vocabulary (SPEC 2.9.1) is ${EFFECT_IDS.join(', ')}`;
}
