import { EFFECT_IDS, isEffect } from '../../core/effects.ts';
import type { RecordCheck } from './check.ts';

/** Every tool and every argument rule lists effects, each from the closed vocabulary (SPEC 2.9.1, 2.9.3). */
export const effectsKnown: RecordCheck = {
  id: 'unknown-effect',
  description: 'every tool and rule lists its effects, each one of the vocabulary of SPEC 2.9.1',
  scope: 'record',
  check({ record, report }) {
    record.tools.forEach((tool, t) => {
      if (tool.effects === undefined || tool.effects.length === 0) {
        report(['tools', t, 'name'], `\`${tool.name}\` lists no effects; name every effect its calls can have (SPEC 2.9)`);
      }
      tool.effects?.forEach((effect, e) => {
        if (!isEffect(effect)) report(['tools', t, 'effects', e], unknown(effect));
      });
      tool.rules?.forEach((rule, r) => {
        if (rule.effects === undefined || rule.effects.length === 0) {
          report(['tools', t, 'rules', r, 'id'], `rule \`${rule.id}\` of \`${tool.name}\` lists no effects; name the effects a matching call still has (SPEC 2.9.3)`);
        }
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
