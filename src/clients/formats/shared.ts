/**
 * Helpers shared by the per-client readers in this folder: each reader turns
 * one client's parsed document into normalised entries (`ConfigEntry`, names
 * of `env` and header keys only) and, aligned with them, the values needed
 * to start a server (`EntryValues`, never printed). Browser-safe.
 */
import type { ConfigEntry, EntryValues, ToolFilter, Transport } from '../types.ts';

/** What a reader returns: entries in file order, their values (same order), and notes about the file. */
export interface FormatResult {
  entries: ConfigEntry[];
  values: EntryValues[];
  notes: string[];
}

/** An empty result. */
export function emptyResult(): FormatResult {
  return { entries: [], values: [], notes: [] };
}

/** A plain object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
}

/** A fresh entry with nothing set. */
export function blankEntry(name: string, scope: string, projectDir: string | undefined): ConfigEntry {
  const entry: ConfigEntry = { name, scope, transport: 'unknown', envKeys: [], headerKeys: [], disabled: false, problems: [] };
  if (projectDir !== undefined) entry.projectDir = projectDir;
  return entry;
}

/** The string values of an object; other values are left out. */
export function stringValues(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isObject(value)) for (const [key, item] of Object.entries(value)) if (typeof item === 'string') out[key] = item;
  return out;
}

/**
 * Read a `key: value` map (env, headers): its key names go on the entry, its values into `values`.
 * @returns the key names, sorted; a problem is recorded when the value is not an object
 */
export function readMap(entry: ConfigEntry, raw: unknown, key: string): { keys: string[]; values: Record<string, string> } {
  if (raw === undefined || raw === null) return { keys: [], values: {} };
  if (!isObject(raw)) {
    entry.problems.push(`\`${key}\` is not an object`);
    return { keys: [], values: {} };
  }
  return { keys: Object.keys(raw).sort(), values: stringValues(raw) };
}

/**
 * A list of strings, or a problem.
 * @returns the list, or undefined when absent or invalid (then a problem is recorded)
 */
export function readStrings(entry: ConfigEntry, raw: unknown, key: string): string[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (Array.isArray(raw) && raw.every((item) => typeof item === 'string')) return [...(raw as string[])];
  entry.problems.push(`\`${key}\` is not a list of strings`);
  return undefined;
}

/** A non-empty string, or a problem. */
export function readString(entry: ConfigEntry, raw: unknown, key: string): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'string' && raw.trim() !== '') return raw;
  entry.problems.push(`\`${key}\` is not a non-empty string`);
  return undefined;
}

/** Set a tool filter from include and exclude lists (either may be absent). */
export function setToolFilter(entry: ConfigEntry, include: string[] | undefined, exclude: string[] | undefined, keys: string[]): void {
  if (include === undefined && exclude === undefined) return;
  const filter: ToolFilter = { keys };
  if (include !== undefined) filter.include = include;
  if (exclude !== undefined) filter.exclude = exclude;
  entry.toolFilter = filter;
}

/** Finish a stdio or remote entry once its command and URL are known. */
export function settle(entry: ConfigEntry, transport: Transport): void {
  entry.transport = transport;
  if (transport === 'stdio' && entry.command === undefined) entry.problems.push('a stdio entry has no `command`');
  if (transport !== 'stdio' && transport !== 'unknown' && entry.url === undefined) entry.problems.push('a remote entry has no URL');
}

/**
 * Read a map of named server entries (`mcp_servers`, `mcpServers`,
 * `context_servers`, `extensions`): each name gets a fresh entry and values,
 * pushed in file order; a value that is not an object is a problem, and
 * every other one is handed to `read`.
 * @param container the map as parsed; undefined defines nothing, anything but an object is a note
 * @param scope the key, for the entries' scope and the note, e.g. `mcp_servers`
 * @param kind what the client calls a map, for messages (`table`, `object`, `mapping`)
 */
export function readNamedEntries(
  container: unknown,
  scope: string,
  projectDir: string | undefined,
  kind: 'table' | 'object' | 'mapping',
  read: (entry: ConfigEntry, raw: Record<string, unknown>, values: EntryValues) => void,
): FormatResult {
  const result = emptyResult();
  if (container === undefined) return result;
  if (!isObject(container)) {
    result.notes.push(`\`${scope}\` is not ${kind === 'object' ? 'an' : 'a'} ${kind}, so it defines no servers`);
    return result;
  }
  for (const [name, raw] of Object.entries(container)) {
    const entry = blankEntry(name, scope, projectDir);
    const values: EntryValues = { env: {}, headers: {} };
    result.entries.push(entry);
    result.values.push(values);
    if (!isObject(raw)) entry.problems.push(`the entry is not ${kind === 'object' ? 'an' : 'a'} ${kind}`);
    else read(entry, raw, values);
  }
  return result;
}

/**
 * The rest of a stdio entry once its command is read: `args`, `env` (names
 * on the entry, values into `values`) and, when the client has one, `cwd`.
 * Each key is as the client spells it.
 */
export function readLaunch(
  entry: ConfigEntry,
  values: EntryValues,
  raw: { args: unknown; env: unknown; cwd?: unknown },
  keys: { args: string; env: string; cwd?: string } = { args: 'args', env: 'env', cwd: 'cwd' },
): void {
  const args = readStrings(entry, raw.args, keys.args);
  if (args !== undefined) entry.args = args;
  const env = readMap(entry, raw.env, keys.env);
  entry.envKeys = env.keys;
  values.env = env.values;
  if (keys.cwd !== undefined) {
    const cwd = readString(entry, raw.cwd, keys.cwd);
    if (cwd !== undefined) entry.cwd = cwd;
  }
}

/** A remote entry's headers: names on the entry, values into `values`. */
export function readHeaders(entry: ConfigEntry, values: EntryValues, raw: unknown, key: string): void {
  const headers = readMap(entry, raw, key);
  entry.headerKeys = headers.keys;
  values.headers = headers.values;
}
