/**
 * Launch hints: how to start a record's npm package so that it lists its
 * tools offline, with dummy credentials. They are the live fixtures the
 * integration tests already check (`test/fixtures/live/<id>.json`:
 * `{package, version, bin?, runs: [{args, env, tools}]}` or one run inline),
 * read here as data; the refresh uses each run's `args` and `env`, with
 * `<tmpdir>` standing for a fresh empty folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { messageOf } from '../core/errors.ts';

/** The argument standing for a fresh temporary folder. */
export const TMPDIR_PLACEHOLDER = '<tmpdir>';

/** One way of starting a server. */
export interface LaunchRun {
  args: string[];
  env: Record<string, string>;
  /** Where the run came from, for the report: `fixture run 2`, `defaults`, `gate memory-debugging`. */
  label: string;
}

/** The hints for one record. */
export interface LaunchHints {
  /** The file, as shown in reports. */
  file: string;
  package: string;
  /** The version the fixture was made for. */
  version: string;
  bin?: string;
  runs: LaunchRun[];
}

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isStringMap = (value: unknown): value is Record<string, string> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((item) => typeof item === 'string');

/**
 * Read `<dir>/<id>.json`.
 * @param shownDir how `dir` is written in reports
 * @returns the hints, undefined when there is no file
 * @throws Error naming the file when it is not JSON or not in the fixture shape
 */
export function readLaunchHints(dir: string, shownDir: string, id: string): LaunchHints | undefined {
  const file = path.join(dir, `${id}.json`);
  if (!existsSync(file)) return undefined;
  const shown = `${shownDir}/${id}.json`;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`${shown} cannot be read: ${messageOf(error)}`);
  }
  if (typeof data.package !== 'string' || typeof data.version !== 'string') throw new Error(`${shown} has no \`package\` and \`version\``);
  if (data.bin !== undefined && typeof data.bin !== 'string') throw new Error(`${shown}: \`bin\` must be a string`);
  const raw = Array.isArray(data.runs) ? (data.runs as unknown[]) : [data];
  const runs = raw.map((item, index): LaunchRun => {
    const run = (item ?? {}) as Record<string, unknown>;
    const args = run.args ?? [];
    const env = run.env ?? {};
    if (!isStrings(args) || !isStringMap(env)) throw new Error(`${shown}: run ${index + 1} needs \`args\` (strings) and \`env\` (names to strings)`);
    return { args, env, label: raw.length === 1 ? 'fixture' : `fixture run ${index + 1}` };
  });
  if (runs.length === 0) throw new Error(`${shown} has no runs`);
  return { file: shown, package: data.package, version: data.version, ...(typeof data.bin === 'string' ? { bin: data.bin } : {}), runs };
}
