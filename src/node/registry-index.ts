/**
 * The registry's hook index (issue 14, issue 24 item 5): `build/registry-index/`,
 * written by `npm run build` beside `build/registry.json` from the same
 * document. A process deciding one MCP call reads only what that call needs,
 * so its time does not grow with the registry:
 * - `index.json`: the format, and every record's id (to tell whether a record exists);
 * - `match-npm.json`, `match-pypi.json`, `match-images.json`, `match-urls.json`,
 *   `match-other.json`: the records' identities (SPEC 5.3, 6) already indexed
 *   for matching, as `buildIdentityIndex` indexes them, one file per kind of
 *   entry, each read only when an entry of its kind is identified;
 * - `identities.json`: every record's id and `server`, read only when local
 *   records are layered over the registry (SPEC 5.10) and their identities
 *   checked against the public ones;
 * - `<id>.json`: one whole record as `registry.json` has it, read for the
 *   call it classifies.
 * At ten times today's registry, reading and indexing every identity took
 * longer than the rest of a decision (bench/hook.ts `--factor 10`). Node-only.
 */
// Synchronous reads: small files per MCP call, without loading node:fs/promises or a thread-pool round trip (issue 14).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  IDENTITY_SECTIONS,
  type IdentityIndex,
  type IdentitySection,
  buildIdentityIndex,
  identitySections,
  identityIndexToJson,
  lazyIdentityIndex,
} from '../clients/identify/index.ts';
import { FORMAT_VERSION, Registry } from '../core/registry.ts';
import type { RegistryDocument, ServerRecord } from '../core/record.ts';

/** The index's own format version (3: identities split by kind, read on demand). */
const INDEX_VERSION = 3;

/** What `index.json` holds. */
interface RegistryIndexFile {
  index_version: typeof INDEX_VERSION;
  /** SHA-256 of the `registry.json` it was made from. */
  registry_sha256: string;
  format_version: RegistryDocument['format_version'];
  spec_version: string;
  /** Every record's id, sorted as in the document. */
  ids: string[];
}

/** Record ids as the record schema allows them; nothing else names a file. */
const RECORD_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** A registry read through the index: identities of every record, and one record in full on request. */
export interface IndexedRegistry {
  /**
   * Every record, by id, with no tools: enough to tell whether a record exists. Read through the index,
   * the records' `server` identities are not loaded here (see {@link identityRecords}); identification goes
   * through `prebuiltIdentityIndex(identities)`.
   */
  identities: Registry;
  /** Every record's id and `server` identity, for checking local records against them (SPEC 5.10). */
  identityRecords(): ReadonlyArray<Pick<ServerRecord, 'id' | 'server'>>;
  /**
   * A registry of the record `id` alone, whole, to classify against (a classification reads no other record).
   * @throws when the record's file is missing, unreadable, not JSON or not the record `id`
   */
  record(id: string): Promise<Registry>;
}

/**
 * The index's files as the build writes them: file name → JSON value.
 * @param document the registry document
 * @param registrySha256 SHA-256 of the `registry.json` text written from it
 */
export function indexFiles(document: RegistryDocument, registrySha256: string): Map<string, unknown> {
  const index: RegistryIndexFile = {
    index_version: INDEX_VERSION,
    registry_sha256: registrySha256,
    format_version: document.format_version,
    spec_version: document.spec_version,
    ids: document.servers.map((record) => record.id),
  };
  const files = new Map<string, unknown>([['index.json', index]]);
  const sections = identitySections(identityIndexToJson(buildIdentityIndex(document.servers)));
  for (const section of IDENTITY_SECTIONS) files.set(sectionFile(section), sections[section]);
  files.set(
    'identities.json',
    document.servers.map((record) => ({ id: record.id, server: record.server })),
  );
  return files;
}

function sectionFile(section: IdentitySection): string {
  return `match-${section}.json`;
}

/** The identities registry of each index loaded, with the folder its match files are read from. */
const prebuilt = new WeakMap<Registry, string>();

/**
 * The identity index the build wrote for a registry {@link loadRegistryIndex}
 * returned as `identities`: what `buildIdentityIndex` would build from its
 * records, each kind of identity read from its file when first used.
 * @param extra set on the index as it is (the project inspector)
 * @returns undefined for any other registry (a layered one with local records, one loaded from `registry.json`)
 */
export function prebuiltIdentityIndex(registry: Registry, extra: Pick<IdentityIndex, 'project'> = {}): IdentityIndex | undefined {
  const dir = prebuilt.get(registry);
  if (dir === undefined) return undefined;
  return lazyIdentityIndex((section) => {
    try {
      return JSON.parse(readFileSync(path.join(dir, sectionFile(section)), 'utf8'));
    } catch (error) {
      throw new Error(`cannot read the registry index's \`${sectionFile(section)}\` (${(error as Error).message}); run \`npm run build\``);
    }
  }, extra);
}

/** A record that is only its id: no identity, no tools. */
function bare(id: string): ServerRecord {
  return { id, tools: [] } as unknown as ServerRecord;
}

function documentOf(index: RegistryIndexFile, servers: ServerRecord[]): RegistryDocument {
  return {
    format_version: index.format_version,
    spec_version: index.spec_version,
    effects: [],
    totals: { servers: 0, tools: 0, classes: { R0: 0, R1: 0, R2: 0, R3: 0, R4: 0 }, effects: {} },
    servers,
  };
}

/**
 * Read the index in `dir`.
 * @returns the registry through the index, or undefined when there is no index (an older build: use `registry.json`)
 * @throws when the index exists but cannot be read, is not an index of this format, or lacks one of its files
 */
export async function loadRegistryIndex(dir: string): Promise<IndexedRegistry | undefined> {
  let text: string;
  try {
    text = readFileSync(path.join(dir, 'index.json'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`cannot read the registry index: ${(error as NodeJS.ErrnoException).code ?? 'unknown error'}`);
  }
  const index = JSON.parse(text) as RegistryIndexFile;
  if (
    index === null ||
    typeof index !== 'object' ||
    index.index_version !== INDEX_VERSION ||
    index.format_version !== FORMAT_VERSION ||
    !Array.isArray(index.ids) ||
    !index.ids.every((id) => typeof id === 'string') ||
    ![...IDENTITY_SECTIONS.map(sectionFile), 'identities.json'].every((name) => existsSync(path.join(dir, name)))
  ) {
    throw new Error('the registry index `build/registry-index/` is not an index this version reads, or lacks a file; run `npm run build`');
  }
  const stubs = index.ids.map(bare);
  const identities = Registry.fromDocument(documentOf(index, stubs));
  prebuilt.set(identities, dir);
  let records: ReadonlyArray<Pick<ServerRecord, 'id' | 'server'>> | undefined;
  return {
    identities,
    identityRecords() {
      records ??= JSON.parse(readFileSync(path.join(dir, 'identities.json'), 'utf8')) as Array<Pick<ServerRecord, 'id' | 'server'>>;
      return records;
    },
    async record(id: string): Promise<Registry> {
      if (!RECORD_ID.test(id) || identities.server(id) === undefined) throw new Error(`the registry has no record \`${id}\``);
      const record = JSON.parse(readFileSync(path.join(dir, `${id}.json`), 'utf8')) as ServerRecord;
      if (record === null || typeof record !== 'object' || record.id !== id || !Array.isArray(record.tools))
        throw new Error(`the registry index file for \`${id}\` does not hold that record; run \`npm run build\``);
      return Registry.fromDocument(documentOf(index, [record]));
    },
  };
}
