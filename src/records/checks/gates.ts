import type { RecordCheck } from './check.ts';

/** Gate ids are unique, every `gated_by` names a gate, and every gate gates something (SPEC 5.5). */
export const gates: RecordCheck = {
  id: 'gates',
  description: 'gates are unique, referenced and defined',
  scope: 'record',
  check({ record, report }) {
    const defined = new Map<string, number>();
    record.gates?.forEach((gate, g) => {
      if (defined.has(gate.id)) report(['gates', g, 'id'], `gate \`${gate.id}\` is defined twice`);
      defined.set(gate.id, g);
    });
    const used = new Set<string>();
    record.tools.forEach((tool, t) => {
      tool.gated_by?.forEach((id, i) => {
        used.add(id);
        if (!defined.has(id)) report(['tools', t, 'gated_by', i], `\`${tool.name}\` is gated by \`${id}\`, which is not defined in \`gates\``);
      });
    });
    for (const [id, g] of defined) {
      if (!used.has(id)) report(['gates', g, 'id'], `gate \`${id}\` gates no tool`);
    }
  },
};
