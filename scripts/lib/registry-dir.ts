/**
 * Read and validate the whole `registry/` directory (SPEC 5.9).
 */
import { fileURLToPath } from 'node:url';
import { type ValidationResult, validateSources } from './validate.ts';
import { readRecordSources } from './source.ts';
import { sortProblems } from './problems.ts';

/** The repository's `registry/` directory. */
export const REGISTRY_DIR = fileURLToPath(new URL('../../registry/', import.meta.url));

/**
 * Parse and validate every record in a directory.
 * @param dir defaults to the repository's `registry/`
 * @returns valid records and every problem (YAML, schema and lint) in one list
 */
export async function loadRegistryDir(dir: string = REGISTRY_DIR, shownAs = 'registry'): Promise<ValidationResult> {
  const { sources, problems: syntax } = await readRecordSources(dir, shownAs);
  const result = validateSources(sources);
  return { records: result.records, problems: sortProblems([...syntax, ...result.problems]) };
}
