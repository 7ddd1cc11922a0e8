/**
 * The line of a server entry in its configuration text, for the location of
 * a SARIF result (`rclass scan --format sarif`). Pure: it reads no file.
 *
 * - JSON and JSONC (every JSON client format, comments and trailing commas
 *   allowed): the line of the entry's key, found with jsonc-parser's tree.
 * - YAML (Continue, Goose): the line of the entry's key, or of the list item
 *   for Continue's `mcpServers[N]`, from the `yaml` package's node ranges.
 * - TOML (Codex): best effort, since smol-toml keeps no positions: the line
 *   of a `[mcp_servers.NAME]` table header (bare, `"…"` or `'…'` key), else
 *   of a `NAME =` key inside `[mcp_servers]`.
 *
 * When nothing is found the answer is undefined; the SARIF writer then uses
 * line 1, the file itself.
 */
import { type Node as JsonNode, findNodeAtLocation, parseTree } from 'jsonc-parser';
import { LineCounter, isMap, isScalar, isSeq, parseDocument } from 'yaml';

/**
 * Split a scope as `ConfigEntry.scope` writes it (`mcpServers`,
 * `mcp.servers`, `projects["/srv/app"].mcpServers`, `mcpServers[2]`) into
 * object keys and array indices.
 * @returns the path, or undefined for a scope it cannot read
 */
export function scopePath(scope: string): (string | number)[] | undefined {
  const path: (string | number)[] = [];
  let rest = scope;
  while (rest.length > 0) {
    const quoted = /^\[("(?:[^"\\]|\\.)*")\]/.exec(rest);
    const index = /^\[([0-9]+)\]/.exec(rest);
    const bare = /^\.?([^.[\]]+)/.exec(rest);
    if (quoted !== null) {
      path.push(JSON.parse(quoted[1] as string) as string);
      rest = rest.slice(quoted[0].length);
    } else if (index !== null) {
      path.push(Number(index[1]));
      rest = rest.slice(index[0].length);
    } else if (bare !== null) {
      path.push(bare[1] as string);
      rest = rest.slice(bare[0].length);
    } else {
      return undefined;
    }
  }
  return path;
}

/** 1-based line of a 0-based character offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

function jsonLine(text: string, path: (string | number)[], name: string): number | undefined {
  const tree = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (tree === undefined) return undefined;
  const value: JsonNode | undefined = findNodeAtLocation(tree, [...path, name]);
  // The value's parent is the property node; its first child is the key.
  const key = value?.parent?.children?.[0];
  return key === undefined ? undefined : lineAt(text, key.offset);
}

function yamlLine(text: string, path: (string | number)[], name: string): number | undefined {
  const counter = new LineCounter();
  const document = parseDocument(text, { lineCounter: counter });
  const last = path.at(-1);
  if (typeof last === 'number') {
    // Continue: the entry is the list item itself (`mcpServers[N]`).
    const item = document.getIn(path, true);
    const range = isMap(item) || isSeq(item) || isScalar(item) ? item.range : undefined;
    return range === undefined || range === null ? undefined : counter.linePos(range[0]).line;
  }
  const container = document.getIn(path, true);
  if (!isMap(container)) return undefined;
  for (const pair of container.items) {
    if (isScalar(pair.key) && String(pair.key.value) === name && pair.key.range !== undefined && pair.key.range !== null)
      return counter.linePos(pair.key.range[0]).line;
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function tomlLine(text: string, path: (string | number)[], name: string): number | undefined {
  const table = path.map(String).join('.');
  const key = `(?:${escapeRegExp(name)}|"${escapeRegExp(JSON.stringify(name).slice(1, -1))}"|'${escapeRegExp(name)}')`;
  const header = new RegExp(`^\\s*\\[\\s*${escapeRegExp(table)}\\s*\\.\\s*${key}\\s*\\]`);
  const lines = text.split('\n');
  const found = lines.findIndex((line) => header.test(line));
  if (found >= 0) return found + 1;
  // An inline table: `NAME = { … }` under `[mcp_servers]`.
  const inTable = new RegExp(`^\\s*\\[\\s*${escapeRegExp(table)}\\s*\\]`);
  const inline = new RegExp(`^\\s*${key}\\s*=`);
  let inside = false;
  for (const [i, line] of lines.entries()) {
    if (/^\s*\[/.test(line)) inside = inTable.test(line);
    else if (inside && inline.test(line)) return i + 1;
  }
  return undefined;
}

/**
 * The 1-based line where a server entry starts in its configuration text.
 * @param text the file's text (a leading byte order mark is fine)
 * @param format `json` (JSON or JSONC), `yaml` or `toml`, as the file was read
 * @param scope `ConfigEntry.scope`, e.g. `mcpServers` or `projects["/p"].mcpServers`
 * @param name the entry's key
 * @returns the line, or undefined when the entry cannot be found (TOML is best effort)
 */
export function entryLine(text: string, format: 'json' | 'yaml' | 'toml', scope: string, name: string): number | undefined {
  const path = scopePath(scope);
  if (path === undefined) return undefined;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    if (format === 'yaml') return yamlLine(body, path, name);
    if (format === 'toml') return tomlLine(body, path, name);
    return jsonLine(body, path, name);
  } catch {
    return undefined;
  }
}

/** The format a configuration file is read in: by its name, else by its client (as `formatOf` in src/clients/parse.ts decides). */
export function formatOfFile(file: string, client: string | undefined): 'json' | 'yaml' | 'toml' {
  if (/\.toml$/i.test(file)) return 'toml';
  if (/\.ya?ml$/i.test(file)) return 'yaml';
  if (/\.jsonc?$/i.test(file)) return 'json';
  if (client === 'codex') return 'toml';
  if (client === 'goose' || client === 'continue') return 'yaml';
  return 'json';
}
