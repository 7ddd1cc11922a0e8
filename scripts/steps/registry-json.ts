/**
 * Build step: emit `build/registry.json` from validated records (SPEC 5.8).
 * The document is validated against `schema/registry.schema.json` before it
 * is written, and written atomically.
 */
import { buildDocument } from '../../src/core/registry.ts';
import type { RegistryDocument, ServerRecord } from '../../src/core/record.ts';
import { writeAtomic } from '../../src/node/write-atomic.ts';
import { REGISTRY_JSON } from '../lib/paths.ts';
import { describeSchemaError, schemaValidators } from '../lib/schemas.ts';

/**
 * Assemble and check the registry document.
 * @throws Error listing every schema violation if the assembled document is invalid (a bug in the build, not in a record)
 */
export function assembleRegistry(records: readonly ServerRecord[]): RegistryDocument {
  const document = buildDocument(records);
  const validate = schemaValidators().registry;
  if (!validate(document)) {
    const messages = (validate.errors ?? []).map((error) => describeSchemaError(error, document).message);
    throw new Error(`the assembled registry.json is invalid:\n${messages.join('\n')}`);
  }
  return document;
}

/** Write the document to `build/registry.json`. */
export async function writeRegistry(document: RegistryDocument, file = REGISTRY_JSON): Promise<string> {
  await writeAtomic(file, `${JSON.stringify(document, null, 2)}\n`);
  return file;
}
