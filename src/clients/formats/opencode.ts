/**
 * OpenCode: `opencode.json` / `opencode.jsonc` (project root or its
 * `.opencode/`; user `~/.config/opencode/`), JSONC. From
 * https://opencode.ai/docs/mcp-servers (V1 and V2 pages):
 *
 * - V1: `mcp.<name>` with `type: "local"` (`command` an argv list,
 *   `environment`, `enabled`) or `type: "remote"` (`url`, `headers`,
 *   `enabled`); `enabled: false` keeps a server off;
 * - V2: `mcp.servers.<name>` with the same `type`s, and `disabled: true`
 *   instead of `enabled` ("V2 does not put server names directly under mcp").
 *
 * A remote entry tries streamable HTTP and falls back to SSE; it is read as
 * http. Browser-safe.
 */
import type { EntryValues } from '../types.ts';
import { type FormatResult, blankEntry, emptyResult, isObject, readHeaders, readMap, readString, settle } from './shared.ts';

/**
 * Read OpenCode's `mcp`.
 * @param document the parsed opencode.json(c)
 * @param projectDir the project, for a project file
 */
export function readOpenCode(document: Record<string, unknown>, projectDir: string | undefined): FormatResult {
  const result = emptyResult();
  const mcp = document.mcp;
  if (mcp === undefined) return result;
  if (!isObject(mcp)) {
    result.notes.push('`mcp` is not an object, so it defines no servers');
    return result;
  }
  // V2 nests servers under `mcp.servers`; a V1 server named "servers" would have a `type` of its own.
  const v2 = isObject(mcp.servers) && mcp.servers.type === undefined;
  const container = v2 ? (mcp.servers as Record<string, unknown>) : mcp;
  const scope = v2 ? 'mcp.servers' : 'mcp';
  for (const [name, raw] of Object.entries(container)) {
    if (!v2 && name === 'servers' && !isObject(raw)) continue;
    const entry = blankEntry(name, scope, projectDir);
    const values: EntryValues = { env: {}, headers: {} };
    result.entries.push(entry);
    result.values.push(values);
    if (!isObject(raw)) {
      entry.problems.push('the entry is not an object');
      continue;
    }
    if (raw.enabled === false || raw.disabled === true) entry.disabled = true;
    if (typeof raw.type === 'string') entry.type = raw.type;
    if (raw.type === 'local') {
      if (!Array.isArray(raw.command) || raw.command.length === 0 || !raw.command.every((word) => typeof word === 'string')) {
        entry.problems.push("a local entry's `command` is not a non-empty list of strings");
      } else {
        const [first, ...rest] = raw.command as string[];
        if (first!.trim() === '') entry.problems.push("a local entry's `command` starts with an empty word");
        else {
          entry.command = first!;
          entry.args = rest;
        }
      }
      const env = readMap(entry, raw.environment, 'environment');
      entry.envKeys = env.keys;
      values.env = env.values;
      if (entry.problems.length === 0) settle(entry, 'stdio');
    } else if (raw.type === 'remote') {
      const url = readString(entry, raw.url, 'url');
      if (url !== undefined) entry.url = url;
      readHeaders(entry, values, raw.headers, 'headers');
      settle(entry, 'http');
    } else {
      entry.problems.push(
        raw.type === undefined ? 'the entry has no `type` (`local` or `remote`)' : 'unknown transport type (OpenCode reads `local` and `remote`)',
      );
    }
  }
  return result;
}
