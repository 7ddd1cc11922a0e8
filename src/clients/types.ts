/**
 * Client configuration entries, normalised (SPEC 6). Values of `env` and
 * `headers` are never kept: only their names, so nothing downstream can
 * print a secret by accident.
 */

/** The clients whose configuration files rclass reads. */
export const CLIENTS = ['claude-desktop', 'claude-code', 'cursor', 'vscode', 'windsurf'] as const;

/** One client. */
export type ClientKind = (typeof CLIENTS)[number];

/** How an entry connects. `unknown` is a `type` the client would not accept. */
export type Transport = 'stdio' | 'http' | 'sse' | 'ws' | 'unknown';

/** One server entry of a client configuration, normalised. */
export interface ConfigEntry {
  /** The entry's key: the name the client gives the server. */
  name: string;
  /** Where in the file the entry sits, e.g. `mcpServers` or `projects["/work/app"].mcpServers`. */
  scope: string;
  /**
   * The project the entry belongs to, for project configs (`.mcp.json`,
   * `.vscode/mcp.json`, `.cursor/mcp.json`, `~/.claude.json` project scopes):
   * a launcher inside it is not trusted (SPEC 6.2). Absolute, as written.
   */
  projectDir?: string;
  transport: Transport;
  /** The `type` value as written, when there is one. */
  type?: string;
  /** `command` as written. */
  command?: string;
  /** `args` as written (each a string). */
  args?: string[];
  /** The names of the `env` variables; values are dropped. */
  envKeys: string[];
  /** `url`, or Windsurf's `serverUrl`. */
  url?: string;
  /** The names of the `headers`; values are dropped. */
  headerKeys: string[];
  /** `disabled: true`: the client does not run it. */
  disabled: boolean;
  /** Why the entry is invalid for its client; a non-empty list makes it unrecognised (SPEC 6.2) and the result incomplete. */
  problems: string[];
}

/** A parsed configuration file. */
export interface ParsedConfig {
  client: ClientKind;
  entries: ConfigEntry[];
  /** Facts worth telling the user, e.g. that the client itself would reject the file. */
  notes: string[];
}
