import { UNCLASSIFIED_EFFECT } from '../../core/drafts.ts';
import { EFFECT_IDS, isEffect } from '../../core/effects.ts';
import type { RecordCheck } from './check.ts';

/**
 * Every effect a tool or rule names is in the closed vocabulary (SPEC 2.9.1).
 * That each lists at least one is the schema's concern. The draft marker
 * `unknown-until-classified` is left to the `unfinished-draft` check.
 */
export const effectsKnown: RecordCheck = {
  id: 'unknown-effect',
  description: 'every effect a tool or rule names is one of the vocabulary of SPEC 2.9.1',
  scope: 'record',
  check({ record, report }) {
    record.tools.forEach((tool, t) => {
      tool.effects?.forEach((effect, e) => {
        if (!isEffect(effect) && effect !== UNCLASSIFIED_EFFECT) report(['tools', t, 'effects', e], unknown(effect));
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
