/**
 * `rule-effects` and `unknown-effect` do not both speak of one unknown effect
 * in a rule: a typo is reported once, as not an effect, rather than also as an
 * effect "the tool itself does not list" (found by the newcomer test of 2026-12-01).
 */
import { describe, expect, it } from 'vitest';
import { checkRecordText, demoRecord } from './demo-record.ts';

const withRule = (ruleEffects: string): string =>
  demoRecord({ beta: true }).replace(
    '    effects: [delete]',
    `    effects: [read, delete]\n    rules:\n      - id: dry-run\n        when: [{ equals: { arg: dry_run, value: true } }]\n        class: R0\n        effects: ${ruleEffects}\n        rationale: A dry run only reads.`,
  );

describe('rule-effects', () => {
  it('regression: an unknown effect in a rule is reported by unknown-effect only', () => {
    const checks = checkRecordText('registry/demo.yaml', withRule('[raed]')).problems.map((line) => /\[([a-z-]+)\]/.exec(line)?.[1]);
    expect(checks).toContain('unknown-effect');
    expect(checks).not.toContain('rule-effects');
  });

  it('still refuses a known effect the tool does not list', () => {
    const problems = checkRecordText('registry/demo.yaml', withRule('[send]')).problems.filter((line) => line.includes('[rule-effects]'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('leaves the effect `send`, which the tool itself does not list');
  });
});
