/**
 * Launch hints: how to start a record's npm package so that it lists its
 * tools offline, with dummy credentials. They are the live fixtures the
 * integration tests already check (`test/fixtures/live/<id>.json`:
 * `{package, version, bin?, runs: [{args, env, tools}]}` or one run inline),
 * read here as data; the refresh uses each run's `args` and `env`, with
 * `<tmpdir>` standing for a fresh empty folder and `<file:NAME>` for a file
 * holding the fixture's `files[NAME]` (a dummy configuration a server needs
 * to start, such as a kubeconfig), in arguments and environment values.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { messageOf } from '../core/errors.ts';

/** The argument standing for a fresh temporary folder. */
const TMPDIR_PLACEHOLDER = '<tmpdir>';

/** A value standing for a file written from the fixture's `files`: `<file:NAME>`. */
const FILE_PLACEHOLDER = /^<file:([A-Za-z0-9][A-Za-z0-9._-]*)>$/;

/** How a run's placeholders become real paths: a fresh folder, or a file holding `files[name]`. */
export interface Placement {
  dir(): string;
  file(name: string): string;
}

/**
 * One argument or environment value with its placeholder replaced: `<tmpdir>`
 * by `place.dir()`, `<file:NAME>` by `place.file(NAME)`; anything else as it is.
 */
export function placeValue(value: string, place: Placement): string {
  if (value === TMPDIR_PLACEHOLDER) return place.dir();
  const file = FILE_PLACEHOLDER.exec(value);
  return file === null ? value : place.file(file[1]!);
}

/** The `<file:NAME>` names a run's arguments and environment use. */
function fileNames(run: { args: string[]; env: Record<string, string> }): string[] {
  return [...run.args, ...Object.values(run.env)].flatMap((value) => {
    const file = FILE_PLACEHOLDER.exec(value);
    return file === null ? [] : [file[1]!];
  });
}

/** One way of starting a server. */
export interface LaunchRun {
  args: string[];
  env: Record<string, string>;
  /** Where the run came from, for the report: `fixture run 2`, `defaults`, `gate memory-debugging`. */
  label: string;
  /** The contents of the files its `<file:NAME>` values stand for. */
  files?: Record<string, string>;
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
  const files = data.files ?? {};
  if (!isStringMap(files)) throw new Error(`${shown}: \`files\` must map names to file contents`);
  const raw = Array.isArray(data.runs) ? (data.runs as unknown[]) : [data];
  const runs = raw.map((item, index): LaunchRun => {
    const run = (item ?? {}) as Record<string, unknown>;
    const args = run.args ?? [];
    const env = run.env ?? {};
    if (!isStrings(args) || !isStringMap(env)) throw new Error(`${shown}: run ${index + 1} needs \`args\` (strings) and \`env\` (names to strings)`);
    const missing = fileNames({ args, env }).filter((name) => files[name] === undefined);
    if (missing.length > 0) throw new Error(`${shown}: run ${index + 1} uses \`<file:${missing[0]}>\`, which \`files\` does not hold`);
    return { args, env, label: raw.length === 1 ? 'fixture' : `fixture run ${index + 1}`, ...(Object.keys(files).length > 0 ? { files } : {}) };
  });
  if (runs.length === 0) throw new Error(`${shown} has no runs`);
  return { file: shown, package: data.package, version: data.version, ...(typeof data.bin === 'string' ? { bin: data.bin } : {}), runs };
}
