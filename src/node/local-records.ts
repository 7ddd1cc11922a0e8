/**
 * Reading the user's local records folder (SPEC 5.10): `--records DIR`, or
 * by default `records/` in rclass's state folder (`~/.local/state/rclass/records`,
 * src/node/state-dir.ts). The folder is read once per process, synchronously
 * (the hook reads it on an MCP call; issue 14): only regular files named
 * `*.yaml`, at most {@link MAX_LOCAL_FILES} of at most {@link MAX_LOCAL_BYTES}
 * each, opened without blocking (src/node/read-regular.ts). When the folder
 * holds no `*.yaml` file nothing else is loaded, so the hook pays one
 * `readdir` for a feature it does not use. Node-only.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { ServerRecord } from '../core/record.ts';
import type { LocalConflict } from '../records/local.ts';
import type { Problem } from '../records/problems.ts';
import type { RecordSource } from '../records/source.ts';
import { readRegularFileSync } from './read-regular.ts';
import { stateDirectory } from './state-dir.ts';

/** The local records folder's name inside rclass's state folder. */
const LOCAL_RECORDS_FOLDER = 'records';

/** Most `*.yaml` files read from the folder; beyond it the folder is refused. */
const MAX_LOCAL_FILES = 256;

/** Largest local record file read (bytes); a larger one is refused. */
const MAX_LOCAL_BYTES = 1024 * 1024;

/** The check id of a problem with the folder or a file as a whole (cannot be read, too large, too many). */
const FOLDER_CHECK = 'local-records';

/** The local records in use: the folder, the records layered over the registry, and every problem. */
export interface LocalRecords {
  /** The folder (absolute). */
  dir: string;
  /** Records that passed every check and add servers only. */
  records: ServerRecord[];
  /** Each accepted record's file as shown, by id. */
  files: Map<string, string>;
  /** Every problem, each with `FILE:LINE:COL` (the folder's own at line 1, column 1). */
  problems: Problem[];
  /** Local records refused because a public record claims their identity. */
  conflicts: LocalConflict[];
}

/**
 * The default local records folder, `<state folder>/records`.
 * @returns an absolute path, or undefined when there is no state folder (no absolute `XDG_STATE_HOME` or `HOME`)
 */
export function defaultLocalRecordsDir(env: Readonly<Record<string, string | undefined>>): string | undefined {
  try {
    return path.join(stateDirectory(env), LOCAL_RECORDS_FOLDER);
  } catch {
    return undefined;
  }
}

function folderProblem(file: string, message: string): Problem {
  return { file, line: 1, column: 1, severity: 'error', check: FOLDER_CHECK, message };
}

/** A local records folder's files, parsed, with the problems of reading and parsing them. */
export interface LocalSources {
  sources: RecordSource[];
  /** Problems of the folder and of each file's reading, encoding and YAML. */
  problems: Problem[];
  /** The folder holds no `*.yaml` file (or does not exist and was not named). */
  empty: boolean;
}

/**
 * Read and parse the `*.yaml` files of a local records folder, without validating them.
 * @param dir the folder (absolute)
 * @param options `named`: the folder was named (`--records DIR`), so a missing folder is a problem;
 *   `show`: how a path is written in problems (default: as it is)
 * @returns the parsed files and problems; never throws
 */
export async function readLocalSources(dir: string, options: { named: boolean; show?: (file: string) => string }): Promise<LocalSources> {
  const show = options.show ?? ((file: string) => file);
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.name.endsWith('.yaml') && !entry.name.startsWith('.') && (entry.isFile() || entry.isSymbolicLink()))
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !options.named) return { sources: [], problems: [], empty: true };
    const message =
      code === 'ENOENT'
        ? 'the local records folder does not exist'
        : `the local records folder cannot be read (${code ?? 'unknown error'}), so no local record is used`;
    return { sources: [], problems: [folderProblem(show(dir), message)], empty: false };
  }
  if (names.length === 0) return { sources: [], problems: [], empty: true };
  if (names.length > MAX_LOCAL_FILES)
    return {
      sources: [],
      problems: [folderProblem(show(dir), `the local records folder holds ${names.length} *.yaml files, more than ${MAX_LOCAL_FILES}; none is used`)],
      empty: false,
    };
  const { decodeRecordText, parseRecordSource } = await import('../records/source.ts');
  const sources: RecordSource[] = [];
  const problems: Problem[] = [];
  for (const name of names) {
    const shown = show(path.join(dir, name));
    let bytes: Buffer;
    try {
      bytes = readRegularFileSync(path.join(dir, name));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      problems.push(folderProblem(shown, code === 'ENOTREG' ? 'not a regular file, so it is not read' : `cannot be read (${code ?? 'unknown error'})`));
      continue;
    }
    if (bytes.byteLength > MAX_LOCAL_BYTES) {
      problems.push(folderProblem(shown, `larger than ${MAX_LOCAL_BYTES} bytes, so it is not read`));
      continue;
    }
    const decoded = decodeRecordText(bytes);
    if (!('text' in decoded)) {
      const { line, column } = decoded.invalid;
      problems.push({ file: shown, line, column, severity: 'error', check: 'encoding', message: 'invalid UTF-8; records are UTF-8 text' });
      continue;
    }
    const parsed = parseRecordSource(shown, decoded.text);
    sources.push(parsed.source);
    problems.push(...parsed.problems);
  }
  return { sources, problems, empty: false };
}

/**
 * Read, validate and check a local records folder against the public registry's identities.
 * @param dir the folder (absolute)
 * @param publicRecords every public record's id and `server`
 * @param options as {@link readLocalSources}
 * @returns the records and problems; never throws (an unreadable folder or file is a problem)
 */
export async function loadLocalRecords(
  dir: string,
  publicRecords: ReadonlyArray<Pick<ServerRecord, 'id' | 'server'>>,
  options: { named: boolean; show?: (file: string) => string },
): Promise<LocalRecords> {
  const read = await readLocalSources(dir, options);
  if (read.sources.length === 0) return { dir, records: [], files: new Map(), problems: read.problems, conflicts: [] };
  try {
    const { validateLocalSources } = await import('../records/local.ts');
    return { dir, ...validateLocalSources(read.sources, read.problems, publicRecords) };
  } catch (error) {
    const why = `the local records could not be checked (${(error as Error).message}), so none is used`;
    return { dir, records: [], files: new Map(), problems: [...read.problems, folderProblem((options.show ?? String)(dir), why)], conflicts: [] };
  }
}
