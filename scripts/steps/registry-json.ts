/**
 * Build step: emit `build/registry.json` (SPEC 5.8), assembled and checked by
 * `src/records/assemble.ts`, written atomically.
 */
import type { RegistryDocument } from '../../src/core/record.ts';
import { writeAtomic } from '../../src/node/write-atomic.ts';
import { REGISTRY_JSON } from '../lib/paths.ts';

/** Write the document to `build/registry.json`. */
export async function writeRegistry(document: RegistryDocument, file = REGISTRY_JSON): Promise<string> {
  await writeAtomic(file, `${JSON.stringify(document, null, 2)}\n`);
  return file;
}
