import type { RecordCheck } from './check.ts';

/** A record lists each tool once (SPEC 5.2). */
export const uniqueTools: RecordCheck = {
  id: 'unique-tools',
  description: 'each tool name appears once in a record',
  scope: 'record',
  check({ record, report }) {
    const seen = new Map<string, number>();
    record.tools.forEach((tool, index) => {
      const first = seen.get(tool.name);
      if (first !== undefined) report(['tools', index, 'name'], `tool \`${tool.name}\` is listed twice (also tools[${first}])`);
      else seen.set(tool.name, index);
    });
  },
};
