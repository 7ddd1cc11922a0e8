/**
 * Build step: the registry's hook index, `build/registry-index/`
 * (`src/node/registry-index.ts` describes it), from the document
 * `build/registry.json` was written from, then read back and checked
 * against that document: every record's file must hold exactly the record,
 * the index exactly the records' ids and identities, in order, and its
 * identity files what `buildIdentityIndex` builds from the records.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { RegistryDocument } from '../../src/core/record.ts';
import { canonicalJson } from '../../src/node/digest.ts';
import { buildIdentityIndex, identityIndexToJson } from '../../src/clients/identify/index.ts';
import { indexFiles, loadRegistryIndex, prebuiltIdentityIndex } from '../../src/node/registry-index.ts';
import { writeAtomic } from '../../src/node/write-atomic.ts';
import { BUILD_DIR } from '../lib/paths.ts';

/** Where the index is written. */
export const REGISTRY_INDEX_DIR = path.join(BUILD_DIR, 'registry-index');

/**
 * Write and check the index.
 * @param document the registry document
 * @param registryText the `registry.json` text written from it (its SHA-256 goes in the index)
 * @param dir where to write (emptied of older record files first)
 * @returns the folder
 * @throws when what was written does not read back as the document's records
 */
export async function writeRegistryIndex(document: RegistryDocument, registryText: string, dir = REGISTRY_INDEX_DIR): Promise<string> {
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) if (name.endsWith('.json')) rmSync(path.join(dir, name));
  const sha = createHash('sha256').update(registryText, 'utf8').digest('hex');
  for (const [name, value] of indexFiles(document, sha)) await writeAtomic(path.join(dir, name), `${JSON.stringify(value)}\n`);
  for (const record of document.servers) await writeAtomic(path.join(dir, `${record.id}.json`), `${JSON.stringify(record)}\n`);
  // Validate: read it back the way the hook does, and compare with the document.
  const loaded = await loadRegistryIndex(dir);
  if (loaded === undefined) throw new Error(`the registry index in ${dir} was not written`);
  const ids = [...loaded.identities.servers()].map((server) => server.record.id);
  if (canonicalJson(ids) !== canonicalJson(document.servers.map((record) => record.id)))
    throw new Error('the registry index does not list the records of registry.json in order');
  const prebuilt = prebuiltIdentityIndex(loaded.identities);
  if (prebuilt === undefined || canonicalJson(identityIndexToJson(prebuilt)) !== canonicalJson(identityIndexToJson(buildIdentityIndex(document.servers))))
    throw new Error("the registry index's identity files differ from the identities of registry.json's records");
  const identities = loaded.identityRecords();
  for (const [i, record] of document.servers.entries()) {
    const one = (await loaded.record(record.id)).server(record.id);
    if (one === undefined || canonicalJson(one.record) !== canonicalJson(record))
      throw new Error(`the registry index file for \`${record.id}\` differs from its record in registry.json`);
    const entry = identities[i];
    if (entry === undefined || entry.id !== record.id || canonicalJson(entry.server) !== canonicalJson(record.server))
      throw new Error(`the registry index's identity of \`${record.id}\` differs from registry.json`);
  }
  return dir;
}
