/**
 * The registry's records as the per-record tests read them: every
 * `registry/*.yaml`, parsed without validation (the check step validates).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { ServerRecord } from '../../../src/core/record.ts';
import { REGISTRY_DIR } from '../../../scripts/lib/paths.ts';

/** The ids of every record in `registry/` (file names without `.yaml`), sorted. */
export function recordIds(): string[] {
  return readdirSync(REGISTRY_DIR)
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => name.slice(0, -5))
    .sort();
}

/**
 * Read one record by id.
 * @returns the parsed record, or undefined when `registry/<id>.yaml` does not exist
 * @throws when the file is not valid YAML
 */
export function readRecord(id: string): ServerRecord | undefined {
  const file = path.join(REGISTRY_DIR, `${id}.yaml`);
  return existsSync(file) ? (parse(readFileSync(file, 'utf8')) as ServerRecord) : undefined;
}
