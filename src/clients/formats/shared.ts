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
