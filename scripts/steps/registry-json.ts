/**
 * Build step: emit `build/registry.json` (SPEC 5.8), assembled and checked by
 * `src/records/assemble.ts`, written atomically.
 */
import type { RegistryDocument } from '../../src/core/record.ts';
import type { ClassChange } from '../../src/records/changelog.ts';
import { writeAtomic } from '../../src/node/write-atomic.ts';
import { BUILD_DIR, REGISTRY_JSON } from '../lib/paths.ts';
import path from 'node:path';

/** Write the document to `build/registry.json`. */
export async function writeRegistry(document: RegistryDocument, file = REGISTRY_JSON): Promise<string> {
  await writeAtomic(file, registryText(document));
  return file;
}

/** The text `build/registry.json` holds for a document. */
export function registryText(document: RegistryDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Write the changelog of class changes (SPEC 2.9) to `build/changelog.json`, newest first, for the site. */
export async function writeChangelog(changes: readonly ClassChange[], file = path.join(BUILD_DIR, 'changelog.json')): Promise<string> {
  await writeAtomic(file, `${JSON.stringify({ changes }, null, 2)}\n`);
  return file;
}
