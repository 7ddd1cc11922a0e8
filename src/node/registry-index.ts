/**
 * The registry's hook index (issue 14): `build/registry-index/`, written by
 * `npm run build` beside `build/registry.json` from the same document.
 * `index.json` holds every record's id and `server` (the packages, images
 * and URLs a configuration entry is identified by, SPEC 5.3, 6); `<id>.json`
 * holds one whole record as `registry.json` has it. An MCP call then reads
 * the small index and the one record it classifies against, not the whole
 * 1 MB document. Node-only.
 */
// Synchronous reads: two small files per MCP call, without loading node:fs/promises or a thread-pool round trip (issue 14).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FORMAT_VERSION, Registry } from '../core/registry.ts';
import type { RegistryDocument, ServerRecord } from '../core/record.ts';

/** The index's own format version. */
const INDEX_VERSION = 1;

/** What `index.json` holds. */
export interface RegistryIndexFile {
  index_version: typeof INDEX_VERSION;
  /** SHA-256 of the `registry.json` it was made from. */
  registry_sha256: string;
  format_version: RegistryDocument['format_version'];
  spec_version: string;
  /** Every record's id and identity, sorted by id as in the document. */
  servers: Array<Pick<ServerRecord, 'id' | 'server'>>;
}

/** Record ids as the record schema allows them; nothing else names a file. */
const RECORD_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** A registry read through the index: identities of every record, and one record in full on request. */
export interface IndexedRegistry {
  /** Every record with its identity and no tools: enough to identify a server and to tell whether a record exists. */
  identities: Registry;
  /**
   * A registry whose record `id` is whole (the others as in {@link identities}), to classify against.
   * @throws when the record's file is missing, unreadable, not JSON or not the record `id`
   */
  record(id: string): Promise<Registry>;
}

/**
 * The index as the build writes it.
 * @param document the registry document
 * @param registrySha256 SHA-256 of the `registry.json` text written from it
 */
export function indexOf(document: RegistryDocument, registrySha256: string): RegistryIndexFile {
  return {
    index_version: INDEX_VERSION,
    registry_sha256: registrySha256,
    format_version: document.format_version,
    spec_version: document.spec_version,
    servers: document.servers.map((record) => ({ id: record.id, server: record.server })),
  };
}

function stubDocument(index: RegistryIndexFile, full?: ServerRecord): RegistryDocument {
  // Records other than `full` carry their identity only; the classifier is never asked about them.
  const servers = index.servers.map((stub) => (full !== undefined && stub.id === full.id ? full : ({ ...stub, tools: [] } as unknown as ServerRecord)));
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
 * @throws when the index exists but cannot be read or is not an index of this format
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
    !Array.isArray(index.servers)
  ) {
    throw new Error('the registry index `build/registry-index/index.json` is not an index this version reads; run `npm run build`');
  }
  const identities = Registry.fromDocument(stubDocument(index));
  return {
    identities,
    async record(id: string): Promise<Registry> {
      if (!RECORD_ID.test(id) || identities.server(id) === undefined) throw new Error(`the registry has no record \`${id}\``);
      const record = JSON.parse(readFileSync(path.join(dir, `${id}.json`), 'utf8')) as ServerRecord;
      if (record === null || typeof record !== 'object' || record.id !== id || !Array.isArray(record.tools))
        throw new Error(`the registry index file for \`${id}\` does not hold that record; run \`npm run build\``);
      return Registry.fromDocument(stubDocument(index, record));
    },
  };
}
