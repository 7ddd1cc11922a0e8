import type { RecordCheck } from './check.ts';

/**
 * `undo` names another tool of the same record, and only R1 and R2 tools have
 * one: R0 needs no undo and R3/R4 cannot be undone by a tool (SPEC 2.9.3).
 */
export const undoTool: RecordCheck = {
  id: 'undo-tool',
  description: 'undo names another tool of the same record, on an R1 or R2 tool',
  scope: 'record',
  check({ record, report }) {
    const names = new Set(record.tools.map((tool) => tool.name));
    record.tools.forEach((tool, t) => {
      if (tool.undo === undefined) return;
      if (tool.undo === tool.name || !names.has(tool.undo)) {
        report(['tools', t, 'undo'], `undo of \`${tool.name}\` must name another tool of ${record.id}; \`${tool.undo}\` is not one`);
      } else if (tool.class !== 'R1' && tool.class !== 'R2') {
        report(['tools', t, 'undo'], `\`${tool.name}\` is ${tool.class}; only R1 and R2 tools name an undo`, { key: true });
      }
    });
  },
};
