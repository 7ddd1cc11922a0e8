/**
 * VS Code's and Cursor's `envFile` (a stdio entry's `.env` file, loaded into
 * the server's environment; microsoft/vscode-docs
 * `docs/copilot/reference/mcp-configuration.md`, Cursor docs `mcp.md`),
 * read with dotenv's `parse`, the parser those files are written for. Its
 * keys join the entry's `envKeys`, so SPEC 6.2 applies to them exactly as
 * to `env` (a repository `.env` that sets `NODE_OPTIONS` leaves the entry
 * unrecognised), and its values are what a scan starts the server with;
 * the entry's own `env` wins over the file. A file that cannot be read
 * makes the entry invalid: what it would run with is unknown. Node-only.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import type { ConfigEntry, EntryValues } from '../../clients/types.ts';
import { MAX_CONFIG_BYTES } from '../../clients/parse.ts';

/**
 * Expand an `envFile` path as the client would (e.g. `${workspaceFolder}`).
 * @throws when the client would prompt or refuse; the message names the variable only
 */
export type EnvFileExpander = (value: string, entry: ConfigEntry) => string;

/**
 * Load every `envFile` of a configuration's entries, in place.
 * @param entries the parsed entries (their `envKeys` and `problems` are updated)
 * @param values the entries' values, aligned with `entries` (their `env` is updated)
 * @param expand expands the path as the client does
 * @param baseDir the folder a relative path is resolved against (the project, or the working folder)
 * @returns nothing; never throws
 */
export async function loadEnvFiles(entries: ConfigEntry[], values: EntryValues[] | undefined, expand: EnvFileExpander, baseDir: string): Promise<void> {
  for (const [i, entry] of entries.entries()) {
    if (entry.envFile === undefined || entry.disabled) continue;
    let file: string;
    try {
      file = path.resolve(entry.projectDir ?? baseDir, expand(entry.envFile, entry));
    } catch (error) {
      entry.problems.push(`its \`envFile\` path cannot be expanded as the client would: ${error instanceof Error ? error.message : 'error'}`);
      continue;
    }
    let text: string;
    try {
      const info = await stat(file);
      if (!info.isFile() || info.size > MAX_CONFIG_BYTES) throw Object.assign(new Error('not a readable file'), { code: info.isFile() ? 'EFBIG' : 'EISDIR' });
      text = await readFile(file, 'utf8');
    } catch (error) {
      entry.problems.push(`its \`envFile\` cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}), so the environment it runs with is unknown`);
      continue;
    }
    const loaded = parseDotenv(text);
    entry.envKeys = [...new Set([...entry.envKeys, ...Object.keys(loaded)])].sort();
    const own = values?.[i];
    if (own !== undefined) own.env = { ...loaded, ...own.env };
  }
}
