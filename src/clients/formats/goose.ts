/**
 * Goose: `config.yaml` (`~/.config/goose/config.yaml` on Linux and macOS,
 * `%APPDATA%\Block\goose\config\config.yaml` on Windows), key `extensions`.
 * Read as Goose reads it, from block/goose
 * `crates/goose/src/agents/extension.rs` (`ExtensionConfig`, tagged by
 * `type`; commit 01cad15f) and `documentation/docs/guides/config-files.md`:
 *
 * - `type: stdio`: `cmd`, `args`, `envs` (values), `env_keys` (names taken
 *   from Goose's own secrets or environment), `available_tools`;
 * - `type: streamable_http`: `uri`, `headers`, `envs`, `env_keys`;
 * - `type: sse` is "no longer supported", so Goose starts nothing;
 * - `builtin`, `platform`, `frontend`, `inline_python`: code Goose runs
 *   itself, which no configuration entry identifies;
 * - `enabled: false` turns an extension off; a non-empty `available_tools`
 *   lists the only tools Goose exposes.
 *
 * Browser-safe.
 */
import { type FormatResult, readHeaders, readMap, readNamedEntries, readString, readStrings, setToolFilter, settle } from './shared.ts';

/**
 * Read Goose's `extensions`.
 * @param document the parsed config.yaml
 */
export function readGoose(document: Record<string, unknown>): FormatResult {
  return readNamedEntries(document.extensions, 'extensions', undefined, 'mapping', (entry, raw, values) => {
    if (raw.enabled === false) entry.disabled = true;
    if (typeof raw.type === 'string') entry.type = raw.type;
    const available = readStrings(entry, raw.available_tools, 'available_tools');
    if (available !== undefined && available.length > 0) setToolFilter(entry, available, undefined, ['available_tools']);
    const inherited = readStrings(entry, raw.env_keys, 'env_keys');
    if (inherited !== undefined && inherited.length > 0) entry.inheritedEnvKeys = [...new Set(inherited)].sort();
    switch (raw.type) {
      case 'stdio': {
        const command = readString(entry, raw.cmd, 'cmd');
        if (command !== undefined) entry.command = command;
        const args = readStrings(entry, raw.args, 'args');
        if (args !== undefined) entry.args = args;
        else if (raw.args === undefined) entry.problems.push('a stdio extension has no `args` (Goose requires the field)');
        const env = readMap(entry, raw.envs, 'envs');
        entry.envKeys = env.keys;
        values.env = env.values;
        settle(entry, 'stdio');
        break;
      }
      case 'streamable_http': {
        const uri = readString(entry, raw.uri, 'uri');
        if (uri !== undefined) entry.url = uri;
        readHeaders(entry, values, raw.headers, 'headers');
        settle(entry, 'http');
        break;
      }
      case 'sse':
        // Goose keeps `sse` only so old files still load; it connects to nothing.
        entry.disabled = true;
        break;
      case 'builtin':
      case 'platform':
      case 'frontend':
      case 'inline_python':
        entry.opaque = `a Goose \`${raw.type}\` extension is code Goose runs itself, which no configuration entry identifies`;
        break;
      default:
        entry.problems.push(raw.type === undefined ? 'the extension has no `type`' : 'unknown extension type');
    }
  });
}
