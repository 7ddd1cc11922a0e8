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
import { type FormatResult, isObject, readHeaders, readLaunch, readNamedEntries, readString, settle } from './shared.ts';

/**
 * Read Zed's `context_servers`.
 * @param document the parsed settings file
 * @param projectDir the project, for a project's `.zed/settings.json`
 */
export function readZed(document: Record<string, unknown>, projectDir: string | undefined): FormatResult {
  return readNamedEntries(document.context_servers, 'context_servers', projectDir, 'object', (entry, raw, values) => {
    if (raw.enabled === false) entry.disabled = true;
    if (raw.source === 'extension' || (raw.command === undefined && raw.url === undefined && isObject(raw.settings))) {
      entry.opaque = 'a Zed extension starts this server with its own code, which its settings do not show';
      return;
    }
    // The older shape: `command: { path, args, env }`.
    const launch = isObject(raw.command)
      ? { command: raw.command.path, args: raw.command.args, env: raw.command.env }
      : { command: raw.command, args: raw.args, env: raw.env };
    const command = readString(entry, launch.command, 'command');
    const url = command === undefined ? readString(entry, raw.url, 'url') : undefined;
    if (command !== undefined) {
      entry.command = command;
      readLaunch(entry, values, launch, { args: 'args', env: 'env' });
      if (raw.url !== undefined) entry.problems.push('the entry has both `command` and `url`');
      settle(entry, 'stdio');
    } else if (url !== undefined) {
      entry.url = url;
      readHeaders(entry, values, raw.headers, 'headers');
      settle(entry, 'http');
    } else if (entry.problems.length === 0) {
      entry.problems.push('the entry has neither `command` nor `url`');
    }
  });
}
