/**
 * OpenAI Codex: `config.toml`, table `[mcp_servers.<name>]` (user file
 * `$CODEX_HOME/config.toml`, default `~/.codex/config.toml`; a trusted
 * project's `.codex/config.toml`). Read as Codex reads it, from
 * openai/codex `codex-rs/config/src/mcp_types.rs` (`RawMcpServerConfig`,
 * `TryFrom<RawMcpServerConfig>`, commit 00b17c26):
 *
 * - `command` makes a stdio entry (`args`, `env`, `env_vars`, `cwd`); then
 *   `url`, `bearer_token_env_var`, `bearer_token`, `http_headers`,
 *   `env_http_headers`, `oauth` and `oauth_resource` are errors;
 * - otherwise `url` makes a streamable HTTP entry (`http_headers`,
 *   `env_http_headers`, `bearer_token_env_var`); then `args`, `env`,
 *   `env_vars`, `cwd` and `bearer_token` are errors;
 * - neither is "invalid transport"; unknown keys are refused
 *   (`deny_unknown_fields`);
 * - `enabled = false` skips the server; `enabled_tools` is an allow-list
 *   applied first, `disabled_tools` removed after it;
 * - `env_vars` names variables copied from Codex's own environment (a name,
 *   or `{ name, source }`).
 *
 * Parsed with smol-toml, a TOML 1.0 parser. Browser-safe.
 */
import { type FormatResult, isObject, readLaunch, readMap, readNamedEntries, readString, readStrings, setToolFilter, settle } from './shared.ts';

const KNOWN_KEYS = new Set([
  'command',
  'args',
  'env',
  'env_vars',
  'cwd',
  'http_headers',
  'env_http_headers',
  'url',
  'bearer_token',
  'bearer_token_env_var',
  'experimental_environment',
  'startup_timeout_sec',
  'startup_timeout_ms',
  'tool_timeout_sec',
  'enabled',
  'required',
  'supports_parallel_tool_calls',
  'default_tools_approval_mode',
  'enabled_tools',
  'disabled_tools',
  'scopes',
  'oauth',
  'oauth_resource',
  'name',
  'tools',
]);
const STDIO_ONLY = ['args', 'env', 'env_vars', 'cwd', 'bearer_token'] as const;
const HTTP_ONLY = ['url', 'bearer_token_env_var', 'bearer_token', 'http_headers', 'env_http_headers', 'oauth', 'oauth_resource'] as const;

/**
 * Read Codex's `mcp_servers` table.
 * @param document the parsed TOML document
 * @param projectDir the project, for a project's `.codex/config.toml`
 */
export function readCodex(document: Record<string, unknown>, projectDir: string | undefined): FormatResult {
  return readNamedEntries(document.mcp_servers, 'mcp_servers', projectDir, 'table', (entry, raw, values) => {
    const unknown = Object.keys(raw).filter((key) => !KNOWN_KEYS.has(key));
    if (unknown.length > 0) entry.problems.push(`Codex refuses unknown keys (${unknown.map((key) => `\`${key}\``).join(', ')})`);
    if (raw.enabled === false) entry.disabled = true;
    else if (raw.enabled !== undefined && typeof raw.enabled !== 'boolean') entry.problems.push('`enabled` is not a boolean');
    const command = readString(entry, raw.command, 'command');
    const url = command === undefined ? readString(entry, raw.url, 'url') : undefined;
    if (command !== undefined) {
      for (const key of HTTP_ONLY) if (raw[key] !== undefined) entry.problems.push(`\`${key}\` is not supported for a stdio server (Codex refuses it)`);
      entry.command = command;
      readLaunch(entry, values, { args: raw.args, env: raw.env, cwd: raw.cwd });
      if (raw.env_vars !== undefined) {
        const names: string[] = [];
        if (!Array.isArray(raw.env_vars)) entry.problems.push('`env_vars` is not a list');
        else {
          for (const item of raw.env_vars) {
            if (typeof item === 'string') names.push(item);
            else if (isObject(item) && typeof item.name === 'string') names.push(item.name);
            else entry.problems.push('an `env_vars` item is neither a name nor `{ name, source }`');
          }
        }
        if (names.length > 0) entry.inheritedEnvKeys = [...new Set(names)].sort();
      }
      settle(entry, 'stdio');
    } else if (url !== undefined) {
      for (const key of STDIO_ONLY)
        if (raw[key] !== undefined) entry.problems.push(`\`${key}\` is not supported for a streamable HTTP server (Codex refuses it)`);
      entry.url = url;
      const headers = readMap(entry, raw.http_headers, 'http_headers');
      const envHeaders = readMap(entry, raw.env_http_headers, 'env_http_headers');
      const headerKeys = new Set([...headers.keys, ...envHeaders.keys]);
      if (raw.bearer_token_env_var !== undefined) headerKeys.add('Authorization');
      entry.headerKeys = [...headerKeys].sort();
      values.headers = headers.values;
      settle(entry, 'http');
    } else if (entry.problems.length === 0 || raw.command === undefined) {
      entry.problems.push('the entry has neither `command` nor `url` (Codex: "invalid transport")');
    }
    const include = readStrings(entry, raw.enabled_tools, 'enabled_tools');
    const exclude = readStrings(entry, raw.disabled_tools, 'disabled_tools');
    setToolFilter(
      entry,
      include,
      exclude,
      ['enabled_tools', 'disabled_tools'].filter((key) => raw[key] !== undefined),
    );
  });
}

/**
 * Merge one Codex config layer over another, as Codex's
 * `merge_toml_values(base, overlay)` does (openai/codex
 * `codex-rs/config/src/merge.rs`): a table in both is merged key by key, any
 * other value of the overlay replaces the base's. So a project's
 * `[mcp_servers.x]` with only `enabled = false` keeps the user's `command`
 * and turns the server off. Neither argument is changed.
 * @returns a new document
 */
export function mergeCodexLayers(base: Record<string, unknown>, overlay: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overlay)) {
    const existing = out[key];
    out[key] = isObject(existing) && isObject(value) ? mergeCodexLayers(existing, value) : value;
  }
  return out;
}

/**
 * Whether Codex loads a project folder's `.codex/config.toml`: only when the
 * merged user and system configuration marks the folder, else the project
 * root, `trust_level = "trusted"` under `[projects."<path>"]` (openai/codex
 * `codex-rs/config/src/loader/mod.rs`, `ProjectTrustContext::decision_for_dir`;
 * an untrusted layer is loaded but disabled).
 * @param document the merged system and user layers
 * @param keys the folder's lookup keys first (its path as given and its real path), then the project root's
 * @returns undefined when trusted, else why the layer is off
 */
export function codexTrustProblem(document: Record<string, unknown>, keys: readonly string[]): string | undefined {
  const projects = isObject(document.projects) ? document.projects : {};
  for (const key of keys) {
    const project = projects[key];
    if (!isObject(project) || project.trust_level === undefined) continue;
    return project.trust_level === 'trusted' ? undefined : `\`${key}\` is marked \`${String(project.trust_level)}\` in Codex's user configuration`;
  }
  return 'the project is not marked `trust_level = "trusted"` in Codex\'s user configuration, so Codex does not load it';
}
