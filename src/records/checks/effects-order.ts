import { EFFECT_IDS, isEffect } from '../../core/effects.ts';
import type { RecordCheck } from './check.ts';

/**
 * A tool's or rule's effects are listed once each, in the vocabulary's order (SPEC 2.9.1),
 * so two tools with the same effects read the same in every record and a diff shows only
 * what changed. Unknown effects are `unknown-effect`'s concern and are skipped here.
 */
export const effectsOrder: RecordCheck = {
  id: 'effects-order',
  description: "effects are listed once each, in the vocabulary's order (SPEC 2.9.1)",
  scope: 'record',
  check({ record, report }) {
    record.tools.forEach((tool, t) => {
      const where = (path: Array<string | number>, list: readonly string[] | undefined, what: string): void => {
        const problem = orderProblem(list ?? []);
        if (problem !== undefined) report(path, `${what}: ${problem}`);
      };
      where(['tools', t, 'effects'], tool.effects, `\`${tool.name}\``);
      tool.rules?.forEach((rule, r) => {
        where(['tools', t, 'rules', r, 'effects'], rule.effects, `\`${tool.name}\` rule \`${rule.id}\``);
      });
    });
  },
};

/** Why a list of effects is out of order or repeats one, or undefined when it is in order. */
function orderProblem(effects: readonly string[]): string | undefined {
  const known = effects.filter(isEffect);
  if (new Set(known).size !== known.length) return 'an effect is listed twice';
  const sorted = [...known].sort((a, b) => EFFECT_IDS.indexOf(a) - EFFECT_IDS.indexOf(b));
  if (sorted.some((effect, i) => effect !== known[i])) return `list the effects in the vocabulary's order: [${sorted.join(', ')}]`;
  return undefined;
}
