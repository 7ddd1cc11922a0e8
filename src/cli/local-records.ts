/**
 * `--records DIR` for the commands that classify (`scan`, `lookup`): the
 * user's local records layered over the public registry (SPEC 5.10). The
 * folder is DIR, or `records/` in rclass's state folder when none is named.
 */
import path from 'node:path';
import type { Registry } from '../core/registry.ts';
import { showPath } from '../node/clients/locations.ts';
import { layerRegistry } from '../node/layered-registry.ts';
import { defaultLocalRecordsDir, type LocalRecords, loadLocalRecords } from '../node/local-records.ts';
import type { CliIO } from './io.ts';

/**
 * The local records folder a command reads.
 * @param flag `--records DIR` as given (relative to the working folder), if any
 * @returns the folder (absolute) and whether it was named, or undefined when none is named and there is no state folder
 */
export function localRecordsFolder(io: CliIO, flag: string | undefined): { dir: string; named: boolean } | undefined {
  if (flag !== undefined) return { dir: path.resolve(io.cwd, flag), named: true };
  const dir = defaultLocalRecordsDir(io.env);
  return dir === undefined ? undefined : { dir, named: false };
}

/**
 * The registry with the local records added, and the local records (their files and problems).
 * @param registry the public registry
 * @param flag `--records DIR` as given, if any
 * @returns `local` undefined when no folder applies; never throws for a local records problem
 */
export async function withLocalRecords(io: CliIO, registry: Registry, flag: string | undefined): Promise<{ registry: Registry; local?: LocalRecords }> {
  const folder = localRecordsFolder(io, flag);
  if (folder === undefined) return { registry };
  const local = await loadLocalRecords(folder.dir, registry.document.servers, {
    named: folder.named,
    show: (file) => showPath(file, io.env, io.cwd),
  });
  return { registry: layerRegistry(registry, local), local };
}
