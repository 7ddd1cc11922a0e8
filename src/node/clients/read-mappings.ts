/**
 * Finding and reading the server mapping file (SPEC 6.3). Node-only.
 *
 * The file is `--servers FILE` when given, else `RCLASS_SERVERS`, else the
 * system-wide default (`/etc/rclass/servers.yaml`; on Windows
 * `%ProgramData%\rclass\servers.yaml`). A missing default file means no
 * mappings; a missing file the user named is an error.
 */
// node:fs/promises through `promises`, loaded on first use: importing it cost every hook call about 1 ms of CPU (issue 14).
import { closeSync, constants, openSync, promises as fsp, readSync } from 'node:fs';
import path from 'node:path';
import type { MappedServer } from '../../clients/mappings.ts';
import { MAX_MAPPING_BYTES } from '../../clients/mapping-limits.ts';

/** The system-wide mapping file on POSIX systems. */
const DEFAULT_SERVERS_FILE = '/etc/rclass/servers.yaml';

/** A mapping file that was named but cannot be used at all. */
export class MappingFileError extends Error {
  override name = 'MappingFileError';
}

/** The mapping file in use. */
export interface LoadedMappings {
  /** The file (absolute), or undefined when there is none. */
  file?: string;
  /** Its mappings; empty when it has problems (parsing is all or nothing). */
  mappings: MappedServer[];
  /** Problems as `FILE:LINE:COL  error  [servers-file]  message`. */
  problems: string[];
  /**
   * Whether the current user could change the file, or replace it through
   * any folder on its path: then an agent running as the user could too,
   * and the mapping is no longer "kept where agents cannot write".
   */
  writable: boolean;
}

/**
 * The mapping file that applies.
 * @param flag `--servers FILE`, when given (relative to `cwd`)
 * @param env the environment (`RCLASS_SERVERS`, `ProgramData`)
 * @param platform `process.platform` by default
 * @returns the absolute path and whether the user named it
 */
export function mappingFileLocation(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  platform: NodeJS.Platform = process.platform,
): { file: string; named: boolean } {
  const named = flag ?? (env.RCLASS_SERVERS !== undefined && env.RCLASS_SERVERS !== '' ? env.RCLASS_SERVERS : undefined);
  if (named !== undefined) return { file: path.resolve(cwd, named), named: true };
  if (platform === 'win32') return { file: path.win32.join(env.ProgramData ?? 'C:\\ProgramData', 'rclass', 'servers.yaml'), named: false };
  return { file: DEFAULT_SERVERS_FILE, named: false };
}

async function writable(target: string): Promise<boolean> {
  try {
    await fsp.access(target, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the user can change the file, or replace it by renaming an entry
 * on its path: a writable folder lets its user rename what is in it, unless
 * the folder is sticky (like /tmp) and the entry belongs to someone else.
 */
async function canWrite(file: string): Promise<boolean> {
  if (await writable(file)) return true;
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  let entry = file;
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (await writable(dir)) {
      try {
        const sticky = ((await fsp.stat(dir)).mode & 0o1000) !== 0;
        if (!sticky || (await fsp.lstat(entry)).uid === uid) return true;
      } catch {
        return true;
      }
    }
    if (path.dirname(dir) === dir) return false;
    entry = dir;
  }
}

/**
 * Read the mapping file that applies (SPEC 6.3).
 * @param options `flag` is `--servers`; `shown` overrides how the file is named in messages
 * @returns the mappings (empty when there is no file), their problems, and whether the user can write the file
 * @throws MappingFileError when a file the user named is missing, unreadable or too large
 */
export async function loadServerMappings(options: { flag?: string; env: Readonly<Record<string, string | undefined>>; cwd: string }): Promise<LoadedMappings> {
  const { file, named } = mappingFileLocation(options.flag, options.env, options.cwd);
  let text: string;
  try {
    // Synchronous: every MCP call looks for the file, and most find none (issue 14).
    const fd = openSync(file, 'r');
    try {
      const buffer = Buffer.alloc(MAX_MAPPING_BYTES + 1);
      const bytesRead = readSync(fd, buffer, 0, buffer.length, 0);
      if (bytesRead > MAX_MAPPING_BYTES) throw new MappingFileError(`the server mapping file \`${file}\` is larger than ${MAX_MAPPING_BYTES} bytes`);
      text = buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if (error instanceof MappingFileError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !named) return { mappings: [], problems: [], writable: false };
    throw new MappingFileError(
      code === 'ENOENT' ? `no such server mapping file \`${file}\`` : `cannot read the server mapping file \`${file}\`: ${code ?? 'unknown error'}`,
    );
  }
  // The YAML parser is loaded only when a mapping file exists (issue 14: the hook runs before every tool call).
  const { parseServerMappings } = await import('../../clients/mappings.ts');
  const parsed = parseServerMappings(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, file);
  return { file, mappings: parsed.mappings, problems: parsed.problems, writable: await canWrite(file) };
}
