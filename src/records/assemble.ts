/**
 * Assembling the registry document from validated records (SPEC 5.8), and
 * checking it against `schema/registry.schema.json` before anyone uses it.
 */
import { buildDocument } from '../core/registry.ts';
import type { RegistryDocument, ServerRecord } from '../core/record.ts';
import { describeSchemaError, reportableErrors, schemaValidators } from './schemas.ts';

/**
 * Assemble and check the registry document.
 * @param records records that passed validation (SPEC 5.9), in any order
 * @param options.release the data release to name (default: from the records' dates, SPEC 5.8)
 * @returns the document `build/registry.json` holds
 * @throws Error listing every schema violation if the assembled document is invalid (a bug in the build, not in a record)
 */
export function assembleRegistry(records: readonly ServerRecord[], options: { release?: string } = {}): RegistryDocument {
  const document = buildDocument(records, options);
  const validate = schemaValidators().registry;
  if (!validate(document)) {
    const messages = reportableErrors(validate.errors ?? []).map((error) => describeSchemaError(error, document).message);
    throw new Error(`the assembled registry.json is invalid:\n${messages.join('\n')}`);
  }
  return document;
}
