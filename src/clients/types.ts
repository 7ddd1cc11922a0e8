/**
 * Client configuration entries, normalised (SPEC 6). Values of `env` and
 * `headers` are never kept: only their names, so nothing downstream can
 * print a secret by accident.
 */

/** The clients whose configuration files rclass reads (README's client table says where each keeps them and the source of each fact). */
export const CLIENTS = [
  'claude-desktop',
  'claude-code',
  'cursor',
  'vscode',
  'windsurf',
  'codex',
  'gemini-cli',
  'qwen-code',
  'copilot-cli',
  'cline',
  'roo-code',
  'kilo-code',
  'kiro',
  'opencode',
  'zed',
  'continue',
  'goose',
  'junie',
  'amazon-q',
] as const;

/** One client. */
export type ClientKind = (typeof CLIENTS)[number];

/** Each client as reports name it. */
export const CLIENT_NAMES: Readonly<Record<ClientKind, string>> = {
  'claude-desktop': 'Claude Desktop',
  'claude-code': 'Claude Code',
  cursor: 'Cursor',
  vscode: 'VS Code',
  windsurf: 'Windsurf',
  codex: 'Codex',
  'gemini-cli': 'Gemini CLI',
  'qwen-code': 'Qwen Code',
  'copilot-cli': 'GitHub Copilot CLI',
  cline: 'Cline',
  'roo-code': 'Roo Code',
  'kilo-code': 'Kilo Code',
  kiro: 'Kiro',
  opencode: 'OpenCode',
  zed: 'Zed',
  continue: 'Continue',
  goose: 'Goose',
  junie: 'Junie',
  'amazon-q': 'Amazon Q Developer',
};

/** How an entry connects. `unknown` is a `type` the client would not accept. */
export type Transport = 'stdio' | 'http' | 'sse' | 'ws' | 'unknown';

/** One server entry of a client configuration, normalised. */
export interface ConfigEntry {
  /** The entry's key: the name the client gives the server. */
  name: string;
  /** Where in the file the entry sits, e.g. `mcpServers` or `projects["/srv/app"].mcpServers`. */
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
  /** `disabled: true` (or `enabled: false`, as the client spells it): the client does not run it. */
  disabled: boolean;
  /** Why the client does not run it, when a switch outside the entry decides (Claude Code's per-project `disabledMcpServers`, Copilot CLI's `disabledMcpServers`, an untrusted Codex project), as a clause starting `it is`: said when the server is skipped. */
  disabledWhy?: string;
  /** The folder the client starts a stdio server in (`cwd`), as written. */
  cwd?: string;
  /** VS Code's and Cursor's `envFile`, as written (unexpanded); its keys are added to `envKeys` where the file is read (`src/node/clients/env-file.ts`). */
  envFile?: string;
  /** The names of variables the client copies from its own environment into the server's (Codex `env_vars`, Goose `env_keys`); they count as `env` keys for SPEC 6.2. */
  inheritedEnvKeys?: string[];
  /** Why the client runs something the entry does not show (a Goose built-in, a Zed extension): the entry is unrecognised for this reason, with transport `unknown`. */
  opaque?: string;
  /** Which of the server's tools the client exposes; absent when it exposes all. */
  toolFilter?: ToolFilter;
  /** Why the entry is invalid for its client; a non-empty list makes it unrecognised (SPEC 6.2) and the result incomplete. */
  problems: string[];
}

/**
 * A client's per-server tool filter: a tool is reachable only when `include`
 * is absent or names it, and `exclude` does not name it (exclusion wins, as
 * in every client that has both). Names are the server's own tool names.
 */
export interface ToolFilter {
  /** Only these tools (Codex `enabled_tools`, Gemini CLI `includeTools`, Goose `available_tools`, Copilot CLI `tools`). */
  include?: string[];
  /** Never these tools (Codex `disabled_tools`, Gemini CLI `excludeTools`, Kiro `disabledTools`). */
  exclude?: string[];
  /** Where the filter was read, e.g. `enabled_tools, disabled_tools`. */
  keys: string[];
}

/** The values an entry's `env` and headers hold, read only to start a server and to redact its output; never printed. */
export interface EntryValues {
  env: Record<string, string>;
  headers: Record<string, string>;
}

/** A parsed configuration file. */
export interface ParsedConfig {
  client: ClientKind;
  entries: ConfigEntry[];
  /** Facts worth telling the user, e.g. that the client itself would reject the file. */
  notes: string[];
  /** Gemini CLI: the file's `mcp.allowed` and `mcp.excluded`, which combine with the same lists in its other settings files. */
  serverLists?: { allowed?: string[]; excluded: string[] };
}
