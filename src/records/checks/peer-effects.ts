import { peerGroups, unusualTools } from '../peers.ts';
import type { RegistryCheck } from './check.ts';

/**
 * Tools of different servers that do the same kind of action to the same
 * kind of object have the same effects, or the record says why not
 * (SPEC 2.9.4): a tool whose effects differ from its peer group's usual
 * effects needs a `differs` sentence. `npm run consistency` writes the
 * groups to docs/reviews/consistency.md.
 */
export const peerEffects: RegistryCheck = {
  id: 'peer-effects',
  description: 'a tool whose effects differ from those of tools with the same verb and object on other servers says why in differs',
  scope: 'registry',
  wholeRegistryOnly: true,
  check(inputs) {
    const records = inputs.map((input) => input.record);
    for (const group of peerGroups(records)) {
      for (const tool of unusualTools(group)) {
        if (tool.differs !== undefined) continue;
        const others = group.tools.filter((t) => t.server !== tool.server && t.compared.join(',') === group.usual.join(','));
        const peer = others[0];
        const example = peer === undefined ? '' : ` (as ${peer.server} ${peer.name})`;
        inputs[tool.recordIndex]?.report(
          ['tools', tool.toolIndex, 'effects'],
          `\`${tool.name}\` has effects [${tool.compared.join(', ') || 'none above R0'}] where other servers' ${group.verb} ${group.object} tools usually have [${group.usual.join(', ') || 'none above R0'}]${example}: align them, or say why in differs (SPEC 2.9.4)`,
        );
      }
    }
  },
};
