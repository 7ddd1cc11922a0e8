/**
 * Indexing the records' identities (SPEC 5.3) and a server mapping file's
 * (SPEC 6.3) for matching. Browser-safe.
 */
import type { ServerRecord } from '../../core/record.ts';
import { canonicalImageName } from '../image-ref.ts';
import type { MappedServer } from '../mappings.ts';
import { normalisePypiName } from './packages.ts';
import { segmentsOf } from './shared.ts';
import type { IdentityIndex, MappedIdentities } from './types.ts';

function add(map: Map<string, Set<string>>, key: string, id: string): void {
  const set = map.get(key) ?? new Set<string>();
  set.add(id);
  map.set(key, set);
}

/**
 * Build the index from records' `server.packages` (with their `before` and `scripts`), `server.images`, `server.urls` (SPEC 5.3) and `server.code_options` (SPEC 6.2).
 * Unparseable record URLs are skipped (the record schema requires `https://` URIs).
 */
export function buildIdentityIndex(records: readonly ServerRecord[]): IdentityIndex {
  const index: IdentityIndex = { npm: new Map(), pypi: new Map(), images: new Map(), urls: [], before: new Map(), codeOptions: new Map(), scripts: new Map() };
  for (const record of records) {
    if (record.server.code_options !== undefined) index.codeOptions?.set(record.id, record.server.code_options);
    for (const pkg of record.server.packages ?? []) {
      const name = pkg.registry === 'npm' ? pkg.name : normalisePypiName(pkg.name);
      add(pkg.registry === 'npm' ? index.npm : index.pypi, name, record.id);
      if (pkg.before !== undefined) index.before?.set(`${pkg.registry} ${name}`, pkg.before);
      for (const script of pkg.scripts ?? []) add(index.scripts!, `${pkg.registry} ${name}`, script);
    }
    for (const image of record.server.images ?? []) add(index.images, canonicalImageName(image.toLowerCase()), record.id);
    for (const url of record.server.urls ?? []) {
      try {
        const parsed = new URL(url);
        index.urls.push({ origin: parsed.origin, segments: segmentsOf(parsed.pathname), recordId: record.id });
      } catch {
        // The record schema requires URIs; a bad one simply matches nothing.
      }
    }
  }
  return index;
}

/**
 * Add a server mapping file's entries to an index (SPEC 6.3). The index
 * passed in is left as it was. Two mappings that name different records for
 * one thing, or a mapping that disagrees with a record, leave entries that
 * run it unrecognised, as two records naming one package do.
 * @param index the registry's identities
 * @param mappings the parsed file
 * @param hasRecord whether the registry in use has a record id
 * @returns the new index, and one message per mapping left out because its record is not in the registry
 */
export function withMappings(
  index: IdentityIndex,
  mappings: readonly MappedServer[],
  hasRecord: (id: string) => boolean,
): { index: IdentityIndex; problems: string[] } {
  const mapped: MappedIdentities = { images: new Map(), npm: new Map(), commands: [] };
  const urls = [...index.urls];
  const problems: string[] = [];
  for (const mapping of mappings) {
    if (!hasRecord(mapping.record)) {
      problems.push(
        `${mapping.at}  warning  [servers-file]  the registry has no record \`${mapping.record}\`, so this mapping recognises nothing (the file's other mappings still apply)`,
      );
      continue;
    }
    if (mapping.kind === 'image') {
      const name = canonicalImageName(mapping.image);
      const byRecord = mapped.images.get(name) ?? new Map<string, string>();
      if (!byRecord.has(mapping.record)) byRecord.set(mapping.record, mapping.at);
      mapped.images.set(name, byRecord);
    } else if (mapping.kind === 'package') {
      const list = mapped.npm.get(mapping.package) ?? [];
      list.push({ registry: mapping.registry, recordId: mapping.record, at: mapping.at });
      mapped.npm.set(mapping.package, list);
    } else if (mapping.kind === 'command') {
      mapped.commands.push({ command: mapping.command, args: mapping.args, recordId: mapping.record, at: mapping.at });
    } else {
      const parsed = new URL(mapping.url);
      urls.push({ origin: parsed.origin, segments: segmentsOf(parsed.pathname), recordId: mapping.record, at: mapping.at });
    }
  }
  return { index: { ...index, urls, mapped }, problems };
}
