/**
 * The registry's identities as every adapter matches servers against them
 * (SPEC 6), with the server mapping file's when the hook may use it (SPEC
 * 6.3), and a project folder's package-manager settings inspected (SPEC
 * 6.2). Cached per registry. Node-only.
 */
import { buildIdentityIndex, type IdentityIndex, withMappings } from '../../clients/identify/index.ts';
import type { Registry } from '../../core/registry.ts';
import { projectSettingsInspector } from '../../node/clients/project-settings.ts';
import type { HookMappings } from '../context.ts';

const indexes = new WeakMap<Registry, IdentityIndex>();

/**
 * The identity index for a registry.
 * @param home the user's home folder, for the project-settings inspector
 */
export function identityIndex(registry: Registry, mappings: HookMappings, home: string | undefined): IdentityIndex {
  let index = indexes.get(registry);
  if (index === undefined) {
    index = { ...buildIdentityIndex(registry.document.servers), project: projectSettingsInspector(home) };
    if (mappings.usable && mappings.mappings.length > 0) index = withMappings(index, mappings.mappings, (id) => registry.server(id) !== undefined).index;
    indexes.set(registry, index);
  }
  return index;
}
