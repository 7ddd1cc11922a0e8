/**
 * Validate records: the schema first, then every lint check on the records
 * that passed it. All problems are collected; nothing stops at the first
 * (SPEC 5.9).
 */
import type { ServerRecord } from '../core/record.ts';
import type { RecordInput } from './checks/check.ts';
import { CHECKS } from './checks/index.ts';
import { type Problem, sortProblems } from './problems.ts';
import { describeSchemaError, reportableErrors, schemaValidators } from './schemas.ts';
import type { RecordSource } from './source.ts';

/** The outcome of validation: records that passed every check, and every problem found. */
export interface ValidationResult {
  records: ServerRecord[];
  problems: Problem[];
}

/**
 * Validate parsed record sources.
 * @param sources records with their files and position lookup; sources whose YAML failed to parse (data undefined) are skipped, since their problems are already known
 * @param tolerate ids of checks whose problems are reported but do not keep a record out of `records`
 * @param options `wholeRegistry`: the sources are the repository's whole `registry/`, so checks that judge records against each other as a whole (`wholeRegistryOnly`) run too
 * @returns the records that passed every check (in input order) and all problems, sorted by file and position
 */
export function validateSources(
  sources: readonly RecordSource[],
  tolerate: ReadonlySet<string> = new Set(),
  options: { wholeRegistry?: boolean } = {},
): ValidationResult {
  const problems: Problem[] = [];
  const validator = schemaValidators().record;
  const inputs: RecordInput[] = [];
  const failedFiles = new Set<string>();
  let running = 'schema';

  const push = (source: RecordSource, path: ReadonlyArray<string | number>, key: boolean, message: string): void => {
    const at = source.locate(path, key);
    problems.push({ file: source.file, line: at.line, column: at.column, severity: 'error', check: running, message });
    if (!tolerate.has(running)) failedFiles.add(source.file);
  };

  for (const source of sources) {
    if (source.data === undefined) continue;
    if (!validator(source.data)) {
      for (const error of reportableErrors(validator.errors ?? [])) {
        const { path, key, message } = describeSchemaError(error, source.data);
        push(source, path, key, message);
      }
      // Lint checks still run below, so one run reports every problem; they
      // may trip over the malformed parts, which the schema already named.
      if (!isShapedLikeRecord(source.data)) continue;
    }
    inputs.push({
      record: source.data as ServerRecord,
      file: source.file,
      report: (path, message, options) => push(source, path, options?.key ?? false, message),
      locate: (path) => source.locate(path),
    });
  }

  for (const check of CHECKS) {
    if (check.scope === 'registry' && check.wholeRegistryOnly === true && options.wholeRegistry !== true) continue;
    running = check.id;
    if (check.scope === 'record') for (const input of inputs) tolerant(input.file, () => check.check(input));
    else tolerant('the registry', () => check.check(inputs));
  }

  return { records: inputs.filter((input) => !failedFiles.has(input.file)).map((input) => input.record), problems: sortProblems(problems) };
}

function isShapedLikeRecord(data: unknown): boolean {
  if (data === null || typeof data !== 'object') return false;
  const { tools, provenance, server } = data as Record<string, unknown>;
  return (
    Array.isArray(tools) &&
    tools.every((tool) => tool !== null && typeof tool === 'object') &&
    typeof provenance === 'object' &&
    provenance !== null &&
    typeof server === 'object' &&
    server !== null
  );
}

function tolerant(file: string, run: () => void): void {
  try {
    run();
  } catch (error) {
    // A check that trips over a record the schema rejected has nothing to add.
    if (!(error instanceof TypeError)) throw new Error(`check failed on ${file}: ${String(error)}`);
  }
}
