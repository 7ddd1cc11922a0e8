/**
 * The public registry with the user's local records added (SPEC 5.10).
 * Local records only add servers: {@link loadLocalRecords} has already
 * refused any that claims a public record's id, package, image or URL, so
 * layering never changes what a public record identifies or answers.
 * Node-only.
 */
import { Registry, buildDocument } from '../core/registry.ts';
import type { ServerRecord } from '../core/record.ts';
import type { IndexedRegistry } from './registry-index.ts';
import { type LocalRecords, loadLocalRecords } from './local-records.ts';

/** The hook's registry with the local records added, and the local records themselves (their files and problems). */
export interface LayeredRegistry extends IndexedRegistry {
  /** The local records read, when a folder was looked at (even one that is missing or has problems). */
  local?: LocalRecords;
}

function byId(a: ServerRecord, b: ServerRecord): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * A registry holding the public records and the local ones (as the build writes records: evidence links and `disclosure` derived).
 * @param registry the public registry
 * @param local the local records; with none, `registry` itself is returned
 */
export function layerRegistry(registry: Registry, local: Pick<LocalRecords, 'records'>): Registry {
  if (local.records.length === 0) return registry;
  const added = buildDocument(local.records).servers;
  return Registry.fromDocument({ ...registry.document, servers: [...registry.document.servers, ...added].sort(byId) });
}

/**
 * The hook's registry ({@link IndexedRegistry}) with the local records added: their identities join the index,
 * and a local record is whole on request without reading the build's index files.
 * @param indexed the public registry as the hook reads it
 * @param local the local records; with none, `indexed` itself is returned
 */
function layerIndexed(indexed: IndexedRegistry, local: Pick<LocalRecords, 'records'>): IndexedRegistry {
  if (local.records.length === 0) return indexed;
  const whole = layerRegistry(indexed.identities, local);
  const ids = new Set(local.records.map((record) => record.id));
  return {
    identities: whole,
    record: async (id) => (ids.has(id) ? whole : layerRegistry(await indexed.record(id), local)),
  };
}

/**
 * The hook's registry with the local records of `dir` added (SPEC 5.10).
 * @param indexed the public registry as the hook reads it
 * @param dir the local records folder (absolute), or undefined when there is none (no state folder)
 * @param named the folder was named with `--records`, so a missing one is a problem
 * @returns the layered registry, with `local` carrying the files and problems; never throws for a local records problem
 */
export async function loadLayered(indexed: IndexedRegistry, dir: string | undefined, named: boolean): Promise<LayeredRegistry> {
  if (dir === undefined) return indexed;
  const local = await loadLocalRecords(dir, indexed.identities.document.servers, { named });
  return { ...layerIndexed(indexed, local), local };
}
