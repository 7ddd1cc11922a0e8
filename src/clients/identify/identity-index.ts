/**
 * Indexing the records' identities (SPEC 5.3) and a server mapping file's
 * (SPEC 6.3) for matching. Browser-safe.
 */
import type { CodeOption, ServerRecord } from '../../core/record.ts';
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

/**
 * An identity index as JSON holds it, for the hook's registry index
 * (`build/registry-index/index.json`, src/node/registry-index.ts): every map
 * as an array of `[key, value]` pairs in the map's own order (a JSON object
 * would reorder integer-like keys and give `__proto__` a meaning), sets as
 * arrays, URLs already split into origin and path segments. Without a
 * server mapping file's entries or the project inspector, which belong to
 * the user, not to the build.
 */
export interface IdentityIndexJson {
  npm: Array<[string, string[]]>;
  pypi: Array<[string, string[]]>;
  images: Array<[string, string[]]>;
  urls: IdentityIndex['urls'];
  before: Array<[string, string]>;
  scripts: Array<[string, string[]]>;
  codeOptions: Array<[string, CodeOption[]]>;
}

const setsToJson = (map: Map<string, Set<string>> | undefined): Array<[string, string[]]> =>
  [...(map ?? new Map<string, Set<string>>())].map(([key, ids]) => [key, [...ids]]);

const setsFromJson = (pairs: Array<[string, string[]]>): Map<string, Set<string>> => new Map(pairs.map(([key, ids]) => [key, new Set(ids)]));

/**
 * The JSON form of {@link buildIdentityIndex}'s result, so that a process
 * deciding one call reads the records' identities without parsing every
 * record URL again (issue 24 item 5: the hook at ten times the registry).
 * @param index what {@link buildIdentityIndex} returned (its `mapped` and `project` are left out)
 */
export function identityIndexToJson(index: IdentityIndex): IdentityIndexJson {
  return {
    npm: setsToJson(index.npm),
    pypi: setsToJson(index.pypi),
    images: setsToJson(index.images),
    urls: index.urls.map(({ origin, segments, recordId }) => ({ origin, segments, recordId })),
    before: [...(index.before ?? [])],
    scripts: setsToJson(index.scripts),
    codeOptions: [...(index.codeOptions ?? [])].map(([id, options]) => [id, [...options]]),
  };
}

/** The parts of {@link IdentityIndexJson} kept in files of their own, each read only when identification needs it. */
export const IDENTITY_SECTIONS = ['npm', 'pypi', 'images', 'urls', 'other'] as const;

/** One of {@link IDENTITY_SECTIONS}. */
export type IdentitySection = (typeof IDENTITY_SECTIONS)[number];

/**
 * The JSON form split into its sections: `other` holds `before`, `scripts` and `codeOptions`.
 * @param json what {@link identityIndexToJson} returned
 */
export function identitySections(json: IdentityIndexJson): Record<IdentitySection, unknown> {
  return {
    npm: json.npm,
    pypi: json.pypi,
    images: json.images,
    urls: json.urls,
    other: { before: json.before, scripts: json.scripts, codeOptions: json.codeOptions },
  };
}

/**
 * The index {@link identitySections} split, as {@link buildIdentityIndex}
 * would build it from the same records (same maps, same order), each
 * section read through `read` only when identification first looks at it:
 * an npm entry reads the npm section, a URL the URLs, so one decision does
 * not read every record's identities (issue 24 item 5). Spreading the
 * object (`{ ...index }`) reads every section.
 * @param read returns a section's parsed JSON; what it throws is thrown where the section is first used
 * @param extra properties set as they are (e.g. the project inspector)
 */
export function lazyIdentityIndex(read: (section: IdentitySection) => unknown, extra: Pick<IdentityIndex, 'project'> = {}): IdentityIndex {
  let npm: Map<string, Set<string>> | undefined;
  let pypi: Map<string, Set<string>> | undefined;
  let images: Map<string, Set<string>> | undefined;
  let urls: IdentityIndex['urls'] | undefined;
  let other: Pick<IdentityIndex, 'before' | 'scripts' | 'codeOptions'> | undefined;
  const rest = (): Pick<IdentityIndex, 'before' | 'scripts' | 'codeOptions'> => {
    if (other === undefined) {
      const json = read('other') as Pick<IdentityIndexJson, 'before' | 'scripts' | 'codeOptions'>;
      other = { before: new Map(json.before), scripts: setsFromJson(json.scripts), codeOptions: new Map(json.codeOptions) };
    }
    return other;
  };
  return {
    get npm() {
      npm ??= setsFromJson(read('npm') as Array<[string, string[]]>);
      return npm;
    },
    get pypi() {
      pypi ??= setsFromJson(read('pypi') as Array<[string, string[]]>);
      return pypi;
    },
    get images() {
      images ??= setsFromJson(read('images') as Array<[string, string[]]>);
      return images;
    },
    get urls() {
      urls ??= read('urls') as IdentityIndex['urls'];
      return urls;
    },
    get before() {
      return rest().before;
    },
    get scripts() {
      return rest().scripts;
    },
    get codeOptions() {
      return rest().codeOptions;
    },
    ...extra,
  };
}
