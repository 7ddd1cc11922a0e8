import type { RecordCheck } from './check.ts';

/** A disclosure is always R4 (SPEC 2.6). */
export const disclosureIsR4: RecordCheck = {
  id: 'disclosure-is-r4',
  description: 'a tool marked as a disclosure has class R4',
  scope: 'record',
  check({ record, report }) {
    record.tools.forEach((tool, t) => {
      if (tool.disclosure === true && tool.class !== 'R4') report(['tools', t, 'class'], `\`${tool.name}\` is marked as a disclosure, so its class must be R4; got ${tool.class}`);
    });
  },
};
