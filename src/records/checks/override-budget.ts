import type { RegistryCheck } from './check.ts';

/** The most overrides the registry allows, as a fraction of its tools (SPEC 2.9.3). */
const OVERRIDE_BUDGET = 0.02;

/**
 * Overrides are exceptions: at most 2% of all tools (SPEC 2.9.3). More means
 * the vocabulary is missing a fact, which belongs in the specification.
 */
export const overrideBudget: RegistryCheck = {
  id: 'override-budget',
  description: "at most 2% of the registry's tools carry an override",
  scope: 'registry',
  check(inputs) {
    const tools = inputs.reduce((n, { record }) => n + record.tools.length, 0);
    const overridden = inputs.flatMap(({ record, report }) => record.tools.flatMap((tool, t) => (tool.override === undefined ? [] : [{ report, t }])));
    if (overridden.length <= Math.floor(tools * OVERRIDE_BUDGET)) return;
    for (const { report, t } of overridden) {
      report(
        ['tools', t, 'override'],
        `${overridden.length} of ${tools} tools carry an override, more than ${OVERRIDE_BUDGET * 100}%; extend the effect vocabulary in SPEC 2.9 instead`,
        { key: true },
      );
    }
  },
};
