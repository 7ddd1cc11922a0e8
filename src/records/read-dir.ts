/**
 * Read and validate the whole `registry/` directory (SPEC 5.9).
 */
import path from 'node:path';
import { type ValidationResult, validateSources } from './validate.ts';
import { readRecordSources } from './source.ts';
import { sortProblems } from './problems.ts';
import { REGISTRY_DIR, ROOT } from './paths.ts';

/**
 * Parse and validate every record in a directory.
 * @param dir defaults to the repository's `registry/` (or `RCLASS_REGISTRY_DIR`)
 * @param tolerate ids of checks whose problems do not keep a record out of `records` (they are still in `problems`)
 * Checks that judge the registry as a whole (peer-effects, SPEC 2.9.4) run only when `dir` is the repository's own `registry/`.
 * @returns valid records and every problem (YAML, schema and lint) in one list
 */
export async function loadRegistryDir(
  dir: string = REGISTRY_DIR,
  shownAs = shownPath(dir),
  tolerate: ReadonlySet<string> = new Set(),
): Promise<ValidationResult> {
  const { sources, problems: syntax } = await readRecordSources(dir, shownAs);
  const result = validateSources(sources, tolerate, { wholeRegistry: path.resolve(dir) === path.join(ROOT, 'registry') });
  return { records: result.records, problems: sortProblems([...syntax, ...result.problems]) };
}

/** How a directory is written in reports: relative to the repository root when inside it. */
function shownPath(dir: string): string {
  const relative = path.relative(ROOT, dir);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative.split(path.sep).join('/') : dir.replace(/\/+$/, '');
}
