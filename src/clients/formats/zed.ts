/**
 * Zed: `settings.json` (user `~/.config/zed/settings.json` on Linux and
 * macOS, `%APPDATA%\Zed\settings.json` on Windows; project
 * `.zed/settings.json`), JSONC, key `context_servers`. From
 * https://zed.dev/docs/ai/mcp (zed-industries/zed `docs/src/ai/mcp.md`):
 * `{ command, args, env }` for a local server, `{ url, headers }` for a
 * remote one. Older builds wrote `{ command: { path, args, env } }`, which
 * is read too. Servers installed as Zed extensions (`source: "extension"`)
 * are started by the extension's own code, so they are unrecognised.
 * `enabled: false` turns a server off. Browser-safe.
 */
import type { EntryValues } from '../types.ts';
import { type FormatResult, blankEntry, emptyResult, isObject, readMap, readString, readStrings, settle } from './shared.ts';

/**
 * Read Zed's `context_servers`.
 * @param document the parsed settings file
 * @param projectDir the project, for a project's `.zed/settings.json`
 */
export function readZed(document: Record<string, unknown>, projectDir: string | undefined): FormatResult {
  const result = emptyResult();
  const servers = document.context_servers;
  if (servers === undefined) return result;
  if (!isObject(servers)) {
    result.notes.push('`context_servers` is not an object, so it defines no servers');
    return result;
  }
  for (const [name, raw] of Object.entries(servers)) {
    const entry = blankEntry(name, 'context_servers', projectDir);
    const values: EntryValues = { env: {}, headers: {} };
    result.entries.push(entry);
    result.values.push(values);
    if (!isObject(raw)) {
      entry.problems.push('the entry is not an object');
      continue;
    }
    if (raw.enabled === false) entry.disabled = true;
    if (raw.source === 'extension' || (raw.command === undefined && raw.url === undefined && isObject(raw.settings))) {
      entry.opaque = 'a Zed extension starts this server with its own code, which its settings do not show';
      continue;
    }
    // The older shape: `command: { path, args, env }`.
    const launch = isObject(raw.command)
      ? { command: raw.command.path, args: raw.command.args, env: raw.command.env }
      : { command: raw.command, args: raw.args, env: raw.env };
    const command = readString(entry, launch.command, 'command');
    const url = command === undefined ? readString(entry, raw.url, 'url') : undefined;
    if (command !== undefined) {
      entry.command = command;
      const args = readStrings(entry, launch.args, 'args');
      if (args !== undefined) entry.args = args;
      const env = readMap(entry, launch.env, 'env');
      entry.envKeys = env.keys;
      values.env = env.values;
      if (raw.url !== undefined) entry.problems.push('the entry has both `command` and `url`');
      settle(entry, 'stdio');
    } else if (url !== undefined) {
      entry.url = url;
      const headers = readMap(entry, raw.headers, 'headers');
      entry.headerKeys = headers.keys;
      values.headers = headers.values;
      settle(entry, 'http');
    } else if (entry.problems.length === 0) {
      entry.problems.push('the entry has neither `command` nor `url`');
    }
  }
  return result;
}
