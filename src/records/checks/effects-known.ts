import { SUGGESTED_EFFECT_PREFIX } from '../../core/draft-placeholders.ts';
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
        else if (effect.startsWith(SUGGESTED_EFFECT_PREFIX) && isEffect(effect.slice(SUGGESTED_EFFECT_PREFIX.length)))
          report(
            ['tools', t, 'effects', e],
            `\`${tool.name}\` has \`${effect}\`: an effect suggested from the tool's own definition (SPEC 13), not read from source; check it against the source and write \`${effect.slice(SUGGESTED_EFFECT_PREFIX.length)}\` (or the effect the source shows) without the mark`,
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
