import { classRank } from '../../core/classes.ts';
import { deriveClass, isDisclosure, isEffect } from '../../core/effects.ts';
import { type RecordCheck, isOneSentence } from './check.ts';

/**
 * A record override (SPEC 2.9.3) is one sentence, changes the class the
 * effects derive (otherwise it is noise), and never lowers a disclosure.
 */
export const overrideReason: RecordCheck = {
  id: 'override-reason',
  description: 'an override gives a one-sentence reason, differs from the derived class, and never lowers a disclosure',
  scope: 'record',
  check({ record, report }) {
    record.tools.forEach((tool, t) => {
      if (tool.override === undefined) return;
      if (!isOneSentence(tool.override))
        report(['tools', t, 'override'], `override of \`${tool.name}\` must give its reason in one sentence, starting with a capital and ending with a period`);
      const effects = tool.effects ?? [];
      if (effects.length === 0 || !effects.every(isEffect)) return;
      const derived = deriveClass(effects);
      if (derived === tool.class)
        report(['tools', t, 'override'], `\`${tool.name}\` has an override, but its effects already derive ${derived}; remove the override`, { key: true });
      else if (classRank(tool.class) < classRank(derived) && isDisclosure(effects)) {
        report(['tools', t, 'class'], `\`${tool.name}\` can disclose (effects [${effects.join(', ')}]), and nothing lowers a disclosure (SPEC 2.8)`);
      }
    });
  },
};
