/**
 * The registry's identities as every adapter matches servers against them
 * (SPEC 6), with the server mapping file's when the hook may use it (SPEC
 * 6.3), and a project folder's package-manager settings inspected (SPEC
 * 6.2). Cached per registry. Node-only.
 */
import { buildIdentityIndex, type IdentityIndex, withMappings } from '../../clients/identify/index.ts';
import type { Registry } from '../../core/registry.ts';
import { projectSettingsInspector } from '../../node/clients/project-settings.ts';
import { prebuiltIdentityIndex } from '../../node/registry-index.ts';
import type { HookMappings } from '../context.ts';

const indexes = new WeakMap<Registry, IdentityIndex>();

/**
 * The identity index for a registry: the one the build wrote when the registry came from its index
 * (`prebuiltIdentityIndex`), else built from the registry's records.
 * @param home the user's home folder, for the project-settings inspector
 */
export function identityIndex(registry: Registry, mappings: HookMappings, home: string | undefined): IdentityIndex {
  let index = indexes.get(registry);
  if (index === undefined) {
    const project = projectSettingsInspector(home);
    // Not spread: the prebuilt index reads each kind of identity from its file when first used.
    index = prebuiltIdentityIndex(registry, { project }) ?? { ...buildIdentityIndex(registry.document.servers), project };
    if (mappings.usable && mappings.mappings.length > 0) index = withMappings(index, mappings.mappings, (id) => registry.server(id) !== undefined).index;
    indexes.set(registry, index);
  }
  return index;
}
