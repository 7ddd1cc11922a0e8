/**
 * The playground's state and its address. Everything a reader sees follows
 * from this state, and the state lives in the query string, so a
 * classification can be shared as a link:
 *
 *   ?server=sqlite&tool=write_query&args={"query":"SELECT 1"}
 *    &steps=[{"server":"filesystem","tool":"read_text_file","arguments":{…}}]
 *    &allow=docs.example.com,api.example.com
 *
 * Pure functions only (no DOM), so the page template and the browser share
 * them and the examples can be rendered as plain links at build time.
 */

/** One tool call: a record id, a tool name and its arguments. */
export interface Call {
  server: string;
  tool: string;
  arguments: unknown;
}

/** What the playground shows. */
export interface PlaygroundState {
  /** The record id of the server, as typed or picked. */
  server: string;
  /** The tool name, as typed or picked. */
  tool: string;
  /** The arguments exactly as edited (may be invalid JSON). */
  args: string;
  /** Calls made earlier in the same session, oldest first (SPEC 9). */
  steps: Call[];
  /** The session's egress allowlist: hosts, subdomains included (SPEC 9.2). */
  allow: string[];
}

/** The query keys of the address. */
const PARAMS = { server: 'server', tool: 'tool', args: 'args', steps: 'steps', allow: 'allow' } as const;

/** The state a fresh visit starts from: a call whose argument rule fires. */
const DEFAULT_STATE: PlaygroundState = {
  server: 'github',
  tool: 'create_repository',
  args: '{\n  "name": "scratch",\n  "private": true\n}',
  steps: [],
  allow: [],
};

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Pretty-print JSON text with two-space indentation, or return it unchanged
 * when it does not parse (so a half-typed value survives a round trip).
 */
export function formatJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** JSON text on one line when it parses, else the text as it is. */
function compactJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

/**
 * Split an allowlist as typed (commas, spaces or new lines between entries)
 * into entries, dropping empty ones and repeats, keeping the order.
 */
export function parseAllowlist(text: string): string[] {
  const seen = new Set<string>();
  for (const entry of text.split(/[\s,]+/)) {
    const host = entry.trim();
    if (host !== '') seen.add(host);
  }
  return [...seen];
}

function parseSteps(text: string | null): Call[] {
  if (text === null || text.trim() === '') return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value
      .filter(isObject)
      .filter((step) => typeof step.server === 'string' && typeof step.tool === 'string')
      .map((step) => ({ server: step.server as string, tool: step.tool as string, arguments: step.arguments ?? {} }));
  } catch {
    return [];
  }
}

/**
 * Read the state from a query string. A query without `server` and `tool`
 * gives the default state, so the bare page address shows a classification.
 * @param search `location.search`, with or without the leading `?`
 */
export function stateFromQuery(search: string): PlaygroundState {
  const params = new URLSearchParams(search);
  if (!params.has(PARAMS.server) && !params.has(PARAMS.tool)) return { ...DEFAULT_STATE, steps: [], allow: [] };
  return {
    server: params.get(PARAMS.server) ?? '',
    tool: params.get(PARAMS.tool) ?? '',
    args: formatJson(params.get(PARAMS.args) ?? '{}'),
    steps: parseSteps(params.get(PARAMS.steps)),
    allow: parseAllowlist(params.get(PARAMS.allow) ?? ''),
  };
}

/**
 * Write the state as a query string (without the `?`). Valid JSON arguments
 * are written on one line; anything else is kept as typed. Empty session
 * parts are left out.
 */
export function stateToQuery(state: PlaygroundState): string {
  const params = new URLSearchParams();
  params.set(PARAMS.server, state.server);
  params.set(PARAMS.tool, state.tool);
  params.set(PARAMS.args, compactJson(state.args));
  if (state.steps.length > 0)
    params.set(PARAMS.steps, JSON.stringify(state.steps.map((step) => ({ server: step.server, tool: step.tool, arguments: step.arguments }))));
  if (state.allow.length > 0) params.set(PARAMS.allow, state.allow.join(','));
  return params.toString();
}
