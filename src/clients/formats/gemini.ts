/**
 * Gemini CLI: `settings.json` (user `~/.gemini/settings.json`, project
 * `.gemini/settings.json`, system `/etc/gemini-cli/settings.json` and the
 * like), key `mcpServers`. Read as Gemini CLI reads it, from
 * google-gemini/gemini-cli at 5411f113: `packages/core/src/config/config.ts`
 * (`MCPServerConfig`), `packages/core/src/tools/mcp-client.ts` (`isEnabled`)
 * and `docs/tools/mcp-server.md`:
 *
 * - `httpUrl` is a streamable HTTP server, `url` an SSE server unless
 *   `type: "http"`, `tcp` a WebSocket, `command` a stdio server (`args`,
 *   `env`, `cwd`);
 * - `includeTools` lets through only the tools it names (an item may be
 *   written `name(…)`), `excludeTools` removes tools and wins over it;
 * - the top-level `mcp.allowed` keeps only the servers it names and
 *   `mcp.excluded` drops servers; across the system, user and workspace
 *   files the allowed lists are intersected and the excluded lists joined
 *   (`packages/cli/src/config/settings.ts` `getConsolidatedAllowedMcpServers`,
 *   `getConsolidatedExcludedMcpServers`), and an empty allowed list
 *   restricts nothing (`packages/core/src/tools/mcp-client-manager.ts`
 *   `isBlockedBySettings`);
 * - tools reach the model as `mcp_<server>_<tool>`.
 *
 * Browser-safe.
 */
import type { Transport } from '../types.ts';
import { type FormatResult, isObject, readHeaders, readLaunch, readNamedEntries, readString, readStrings, setToolFilter, settle } from './shared.ts';

/** One settings file's `mcp.allowed` (absent when it sets none) and `mcp.excluded` server lists. */
export interface GeminiServerLists {
  allowed?: string[];
  excluded: string[];
}

/** The `mcp.allowed` and `mcp.excluded` lists of one settings document (strings only). */
export function geminiServerLists(document: Record<string, unknown>): GeminiServerLists {
  const mcp = isObject(document.mcp) ? document.mcp : {};
  const strings = (value: unknown[]) => value.filter((item): item is string => typeof item === 'string');
  return { ...(Array.isArray(mcp.allowed) ? { allowed: strings(mcp.allowed) } : {}), excluded: Array.isArray(mcp.excluded) ? strings(mcp.excluded) : [] };
}

/**
 * Gemini CLI's lists across its settings files: every excluded list joined,
 * the allowed lists intersected (compared trimmed and in lower case, the
 * first list's spelling kept), as `getConsolidatedExcludedMcpServers` and
 * `getConsolidatedAllowedMcpServers` do.
 * @param lists one per file, in Gemini's order (system, system defaults, user, workspace)
 */
export function consolidateGeminiLists(lists: readonly GeminiServerLists[]): GeminiServerLists {
  const excluded = lists.flatMap((list) => list.excluded);
  const allowedLists = lists.flatMap((list) => (list.allowed !== undefined ? [list.allowed] : []));
  if (allowedLists.length === 0) return { excluded };
  const norm = (name: string) => name.toLowerCase().trim();
  const allowed = allowedLists.reduce((acc, current) => {
    const keep = new Set(current.map(norm));
    return acc.filter((item) => keep.has(norm(item)));
  });
  return { allowed, excluded };
}

/** Whether Gemini CLI refuses to connect to a server by these lists (`isBlockedBySettings`: exact names; an empty allowed list restricts nothing). */
export function geminiBlocked(name: string, lists: GeminiServerLists): boolean {
  if (lists.allowed !== undefined && lists.allowed.length > 0 && !lists.allowed.includes(name)) return true;
  return lists.excluded.includes(name);
}

/**
 * Qwen Code's lists across its settings files (@qwen-code/qwen-code 0.15.10,
 * its settings schema: `mcp.allowed` and `mcp.excluded` both merge by
 * concatenation): every list of each kind joined; the allowed list is
 * absent only when no file sets one.
 * @param lists one per file
 */
export function consolidateQwenLists(lists: readonly GeminiServerLists[]): GeminiServerLists {
  const excluded = lists.flatMap((list) => list.excluded);
  if (lists.every((list) => list.allowed === undefined)) return { excluded };
  return { allowed: lists.flatMap((list) => list.allowed ?? []), excluded };
}

/** Whether Qwen Code leaves a server out by these lists (`getMcpServers` keeps only allowed names, even when the allowed list is empty; `isMcpServerDisabled`: excluded names; empty names are dropped). */
export function qwenBlocked(name: string, lists: GeminiServerLists): boolean {
  if (lists.allowed !== undefined && !lists.allowed.filter(Boolean).includes(name)) return true;
  return lists.excluded.filter(Boolean).includes(name);
}

/**
 * Read Gemini CLI's `mcpServers` (or Qwen Code's, the same format).
 * @param document the parsed settings file
 * @param projectDir the project, for a project's `.gemini/settings.json`
 * @param clientName the client as notes name it
 */
export function readGemini(document: Record<string, unknown>, projectDir: string | undefined, clientName = 'Gemini CLI'): FormatResult {
  const lists = geminiServerLists(document);
  const result = readNamedEntries(document.mcpServers, 'mcpServers', projectDir, 'object', (entry, raw, values) => {
    if (geminiBlocked(entry.name, lists)) entry.disabled = true;
    const httpUrl = readString(entry, raw.httpUrl, 'httpUrl');
    const url = readString(entry, raw.url, 'url');
    const tcp = readString(entry, raw.tcp, 'tcp');
    const command = readString(entry, raw.command, 'command');
    if (raw.type !== undefined && raw.type !== 'http' && raw.type !== 'sse') entry.problems.push('`type` is neither `http` nor `sse`');
    readHeaders(entry, values, raw.headers, 'headers');
    const chosen = [httpUrl, url, tcp, command].filter((value) => value !== undefined).length;
    if (chosen > 1) entry.problems.push('the entry sets more than one of `httpUrl`, `url`, `tcp` and `command`');
    let transport: Transport = 'unknown';
    if (httpUrl !== undefined) {
      entry.url = httpUrl;
      transport = 'http';
    } else if (url !== undefined) {
      entry.url = url;
      transport = raw.type === 'http' ? 'http' : 'sse';
    } else if (tcp !== undefined) {
      entry.url = tcp;
      transport = 'ws';
    } else if (command !== undefined) {
      entry.command = command;
      readLaunch(entry, values, { args: raw.args, env: raw.env, cwd: raw.cwd });
      transport = 'stdio';
    } else {
      entry.problems.push('the entry has none of `command`, `url`, `httpUrl` and `tcp`');
    }
    if (transport !== 'unknown') settle(entry, transport);
    // `includeTools: ["name(args…)"]` matches the tool `name` (isEnabled: `tool.startsWith(\`${name}(\`)`).
    const include = readStrings(entry, raw.includeTools, 'includeTools')?.map((item) => (item.includes('(') ? item.slice(0, item.indexOf('(')) : item));
    const exclude = readStrings(entry, raw.excludeTools, 'excludeTools');
    setToolFilter(
      entry,
      include,
      exclude,
      ['includeTools', 'excludeTools'].filter((key) => raw[key] !== undefined),
    );
  });
  if (result.entries.length > 0 && (lists.allowed !== undefined || lists.excluded.length > 0))
    result.notes.push(
      `\`mcp.allowed\` / \`mcp.excluded\` decide which servers ${clientName} connects to, together with the same lists in its other settings files; servers they leave out are reported as disabled`,
    );
  return result;
}
