/**
 * Continue: `~/.continue/config.yaml` (`%USERPROFILE%\.continue\config.yaml`
 * on Windows) and block files in a workspace's `.continue/mcpServers/`.
 * From https://docs.continue.dev/customize/deep-dives/mcp and the
 * config.yaml reference (continuedev/continue `docs/customize/deep-dives/mcp.mdx`,
 * PR #8021): `mcpServers` is a **list** of `{ name, type?, command, args,
 * env, cwd?, url? }` with `type` `stdio`, `sse` or `streamable-http`; a
 * block file is YAML with the same `mcpServers` list, and JSON files in
 * Claude Desktop's or Cursor's shape (`mcpServers` as a map) are read
 * there too. Browser-safe.
 */
import type { EntryValues, Transport } from '../types.ts';
import { type FormatResult, blankEntry, emptyResult, isObject, readLaunch, readString, settle } from './shared.ts';

const TYPES: Readonly<Record<string, Transport>> = { stdio: 'stdio', sse: 'sse', 'streamable-http': 'http' };

/**
 * Read Continue's `mcpServers` list.
 * @param document the parsed config.yaml or block file
 * @param projectDir the project, for a workspace's block file
 */
export function readContinue(document: Record<string, unknown>, projectDir: string | undefined): FormatResult {
  const result = emptyResult();
  const servers = document.mcpServers;
  if (servers === undefined) return result;
  if (!Array.isArray(servers)) {
    result.notes.push('`mcpServers` is not a list, so it defines no servers');
    return result;
  }
  servers.forEach((raw, index) => {
    const name = isObject(raw) && typeof raw.name === 'string' && raw.name.trim() !== '' ? raw.name : `#${index + 1}`;
    const entry = blankEntry(name, `mcpServers[${index}]`, projectDir);
    const values: EntryValues = { env: {}, headers: {} };
    result.entries.push(entry);
    result.values.push(values);
    if (!isObject(raw)) {
      entry.problems.push('the entry is not a mapping');
      return;
    }
    if (name.startsWith('#')) entry.problems.push('the entry has no `name`');
    if (raw.type !== undefined && (typeof raw.type !== 'string' || TYPES[raw.type] === undefined))
      entry.problems.push('unknown transport type (Continue reads `stdio`, `sse` and `streamable-http`)');
    if (typeof raw.type === 'string') entry.type = raw.type;
    const command = readString(entry, raw.command, 'command');
    const url = readString(entry, raw.url, 'url');
    const transport = typeof raw.type === 'string' ? TYPES[raw.type] : command !== undefined ? 'stdio' : url !== undefined ? 'http' : undefined;
    if (transport === 'stdio') {
      if (command !== undefined) entry.command = command;
      readLaunch(entry, values, { args: raw.args, env: raw.env, cwd: raw.cwd });
      settle(entry, 'stdio');
    } else if (transport !== undefined) {
      if (url !== undefined) entry.url = url;
      settle(entry, transport);
    } else if (entry.problems.length === 0) {
      entry.problems.push('the entry has neither `command` nor `url`');
    }
  });
  return result;
}
