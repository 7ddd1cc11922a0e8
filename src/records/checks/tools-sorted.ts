import type { RecordCheck } from './check.ts';

/** Tools are sorted by name, so diffs stay small and lists are easy to compare with a server (SPEC 5.2). */
export const toolsSorted: RecordCheck = {
  id: 'tools-sorted',
  description: 'tools are sorted by name (code-point order)',
  scope: 'record',
  check({ record, report }) {
    for (let i = 1; i < record.tools.length; i += 1) {
      const before = record.tools[i - 1]!.name;
      const name = record.tools[i]!.name;
      if (name < before) {
        report(['tools', i, 'name'], `tool \`${name}\` must come before \`${before}\`: tools are sorted by name`);
        return;
      }
    }
  },
};
