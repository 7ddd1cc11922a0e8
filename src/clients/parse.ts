/**
 * Reading MCP client configuration files as each client reads them
 * (SPEC 6): which key holds the servers, which spelling of a remote entry
 * counts, and what makes an entry invalid. Pure: text in, entries out; the
 * file system is in `src/node/clients/read-config.ts`. Browser-safe.
 *
 * - Claude Desktop: `mcpServers`; strict JSON, and only `command` entries.
 * - Claude Code: `mcpServers` in `.mcp.json`; in `~/.claude.json` the
 *   top-level `mcpServers` (user scope) and every
 *   `projects["<path>"].mcpServers` (local scope of that project); strict
 *   JSON; `type` absent means stdio, so a `url` without `type` is invalid.
 * - Cursor: `mcpServers`, remote entries by `url`.
 * - VS Code: `servers` (JSONC: comments and trailing commas), the legacy
 *   `mcp.servers` of `settings.json`, and `customizations.vscode.mcp.servers`
 *   of `devcontainer.json`.
 * - Windsurf: `mcpServers`, remote entries by `serverUrl` or `url`.
 * - GitHub Copilot CLI (`mcp-config.json`, a repository's `.github/mcp.json`), Cline, Roo Code, Kilo Code, Kiro, Junie, Amazon Q:
 *   `mcpServers` with this family's fields (`type`, `command`, `args`,
 *   `env`, `url`, `headers`, `disabled`), plus Kiro's `disabledTools` and
 *   Copilot CLI's `tools` (the tools it exposes; `"*"` for all).
 * - Codex (TOML), Gemini CLI, OpenCode, Zed, Continue (YAML) and Goose
 *   (YAML) have readers of their own in `formats/`.
 *
 * Every file is parsed tolerantly (a UTF-8 byte order mark stripped,
 * comments and trailing commas accepted), and a note says when the client
 * itself would refuse the file. Values of `env` and `headers` are dropped
 * here and never reach the caller.
 */
import { type ParseError, parse as parseJsonc, printParseErrorCode } from 'jsonc-parser';
import { readCodex } from './formats/codex.ts';
import { readContinue } from './formats/continue.ts';
import { geminiServerLists, readGemini } from './formats/gemini.ts';
import { readGoose } from './formats/goose.ts';
import { readOpenCode } from './formats/opencode.ts';
import { type FormatResult, setToolFilter, stringValues } from './formats/shared.ts';
import { readZed } from './formats/zed.ts';
import { CLIENT_NAMES, CLIENTS, type ClientKind, type ConfigEntry, type EntryValues, type ParsedConfig, type Transport } from './types.ts';

/**
 * A configuration that cannot be read at all: `missing` when the file does
 * not exist (a usage error), `invalid` when it exists but cannot be read as
 * a configuration (an incomplete result).
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly kind: 'missing' | 'invalid';

  constructor(message: string, kind: 'missing' | 'invalid' = 'invalid') {
    super(message);
    this.kind = kind;
  }
}

/**
 * Configuration files larger than this are refused rather than read
 * (bytes); here rather than beside the file reader so that reading
 * `~/.claude.json` alone does not load the TOML and YAML parsers.
 */
export const MAX_CONFIG_BYTES = 32 * 1024 * 1024;

/** Options for `parseConfigText` (`parse-text.ts`) and {@link configFromDocument}. */
export interface ParseConfigOptions {
  /** The file's path as given; its name tells the client and, for project files, the project. */
  path?: string;
  /** Force the client instead of guessing it from the path and content. */
  client?: ClientKind;
  /** The user's home directory, to tell `~/.cursor/mcp.json` (global) from `<project>/.cursor/mcp.json`. */
  home?: string;
  /** How to name the file in messages; `path` when omitted. */
  shownAs?: string;
}

function splitPath(path: string): string[] {
  return path.split(/[\\/]+/);
}

function dirname(path: string): string {
  const index = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  if (index < 0) return '.';
  if (index === 0) return path.slice(0, 1);
  return path.slice(0, index);
}

function samePath(a: string, b: string): boolean {
  const norm = (p: string) => p.replace(/[\\/]+$/, '').replace(/\\/g, '/');
  return norm(a) === norm(b);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function lineColumn(text: string, offset: number): string {
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset && i < text.length; i += 1) {
    if (text[i] === '\n') {
      line += 1;
      column = 1;
    } else column += 1;
  }
  return `line ${line} column ${column}`;
}

/**
 * Guess the client from the file name and content. A name decides first;
 * then the keys: `servers` alone is VS Code, `projects` is Claude Code, and
 * an `mcpServers` entry with `serverUrl` (a spelling only Windsurf reads) is
 * Windsurf.
 * @returns the client, or undefined when neither the name nor the keys say
 */
export function detectClient(path: string | undefined, document: Record<string, unknown>): ClientKind | undefined {
  if (path !== undefined) {
    const parts = splitPath(path);
    const base = parts.at(-1) ?? '';
    const parent = parts.at(-2) ?? '';
    if (base === 'claude_desktop_config.json') return 'claude-desktop';
    if (base === '.claude.json' || base === '.mcp.json' || base === 'managed-mcp.json') return 'claude-code';
    if (base === 'mcp_config.json') return 'windsurf';
    if (base === 'mcp.json' && parent === '.vscode') return 'vscode';
    if (base === 'mcp.json' && parent === '.cursor') return 'cursor';
    if (base === 'devcontainer.json' || base === '.devcontainer.json') return 'vscode';
    const grand = parts.at(-3) ?? '';
    if (/\.toml$/i.test(base)) return 'codex';
    if (base === 'settings.json' && (parent === '.gemini' || /^gemini-?cli$/i.test(parent))) return 'gemini-cli';
    if (base === 'settings.json' && (parent === '.qwen' || parent === 'qwen-code')) return 'qwen-code';
    if (base === 'settings.json' && (parent === '.zed' || parent === 'zed' || parent === 'Zed')) return 'zed';
    if (base === 'mcp-config.json') return 'copilot-cli';
    if (base === 'mcp.json' && parent === '.github') return 'copilot-cli';
    if (base === 'cline_mcp_settings.json') return 'cline';
    if (base === 'mcp_settings.json' && grand === 'rooveterinaryinc.roo-cline') return 'roo-code';
    if (base === 'mcp_settings.json' && (grand === 'kilocode.kilo-code' || parts.includes('.kilocode'))) return 'kilo-code';
    if (base === 'mcp.json' && parent === '.roo') return 'roo-code';
    if (base === 'mcp.json' && parent === '.kilocode') return 'kilo-code';
    if (base === 'mcp.json' && parent === 'settings' && grand === '.kiro') return 'kiro';
    if (base === 'mcp.json' && parent === 'mcp' && grand === '.junie') return 'junie';
    if ((base === 'mcp.json' || base === 'default.json') && (parent === '.amazonq' || parent === 'amazonq' || (parent === 'agents' && grand === 'amazonq')))
      return 'amazon-q';
    if (base === 'opencode.json' || base === 'opencode.jsonc') return 'opencode';
    if (/^config\.ya?ml$/.test(base) && parent === '.continue') return 'continue';
    if (parent === 'mcpServers' && grand === '.continue') return 'continue';
    if (/^config\.ya?ml$/.test(base) && parent === 'goose') return 'goose';
    if (base === 'settings.json' && isObject(document.mcp)) return 'vscode';
  }
  if (isObject(document.mcp_servers)) return 'codex';
  if (isObject(document.context_servers)) return 'zed';
  if (isObject(document.extensions) && document.mcpServers === undefined) return 'goose';
  if (Array.isArray(document.mcpServers)) return 'continue';
  if (isObject(document.servers) && !isObject(document.mcpServers)) return 'vscode';
  if (isObject(document.projects)) return 'claude-code';
  // Only Windsurf spells a remote entry `serverUrl`, so a file under another name that uses it is Windsurf's.
  if (isObject(document.mcpServers) && Object.values(document.mcpServers).some((entry) => isObject(entry) && entry.serverUrl !== undefined)) return 'windsurf';
  return undefined;
}

/** The project a configuration file belongs to, from where it is; undefined for a user-level file. */
function projectOf(path: string | undefined, client: ClientKind, home: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  const parts = splitPath(path);
  const base = parts.at(-1) ?? '';
  const parent = parts.at(-2) ?? '';
  if (client === 'claude-code' && base === '.mcp.json') return dirname(path);
  if ((client === 'vscode' || client === 'cursor') && base === 'mcp.json' && (parent === '.vscode' || parent === '.cursor')) {
    const project = dirname(dirname(path));
    if (client === 'cursor' && home !== undefined && samePath(project, home)) return undefined;
    return project;
  }
  if (client === 'vscode' && (base === 'devcontainer.json' || base === '.devcontainer.json')) {
    return parent === '.devcontainer' ? dirname(dirname(path)) : dirname(path);
  }
  // A dot-folder inside a project (`<project>/.codex/config.toml`, `<project>/.kiro/settings/mcp.json`);
  // the same folder in the home folder is the user's own file.
  const notHome = (project: string) => (home !== undefined && samePath(project, home) ? undefined : project);
  const grand = parts.at(-3) ?? '';
  if (client === 'codex' && parent === '.codex') return notHome(dirname(dirname(path)));
  if (client === 'gemini-cli' && parent === '.gemini') return notHome(dirname(dirname(path)));
  if (client === 'qwen-code' && parent === '.qwen') return notHome(dirname(dirname(path)));
  if (client === 'zed' && parent === '.zed') return notHome(dirname(dirname(path)));
  if ((client === 'roo-code' && parent === '.roo') || (client === 'kilo-code' && parent === '.kilocode' && base === 'mcp.json'))
    return notHome(dirname(dirname(path)));
  if (client === 'amazon-q' && parent === '.amazonq') return notHome(dirname(dirname(path)));
  if (client === 'copilot-cli' && parent === '.github' && base === 'mcp.json') return notHome(dirname(dirname(path)));
  if ((client === 'kiro' && grand === '.kiro') || (client === 'junie' && grand === '.junie')) return notHome(dirname(dirname(dirname(path))));
  if (client === 'continue' && parent === 'mcpServers' && grand === '.continue') return notHome(dirname(dirname(dirname(path))));
  if (client === 'opencode') {
    if (parent === '.opencode') return notHome(dirname(dirname(path)));
    // `~/.config/opencode/opencode.json` is the user's; `opencode.json` anywhere else is a project's root file.
    return parent === 'opencode' ? undefined : notHome(dirname(path));
  }
  return undefined;
}

/** `type` spellings that only one family reads (GitHub Copilot CLI writes `local` for stdio). */
const EXTRA_TYPES: Partial<Record<ClientKind, Readonly<Record<string, Transport>>>> = { 'copilot-cli': { local: 'stdio' } };

const REMOTE_TYPES: Readonly<Record<string, Transport>> = {
  stdio: 'stdio',
  http: 'http',
  'streamable-http': 'http',
  streamableHttp: 'http',
  sse: 'sse',
  ws: 'ws',
};

/**
 * Normalise one entry for its client.
 * @param raw the entry's value as parsed
 * @returns the entry, with `problems` listing why the client could not use it
 */
export function normaliseEntry(client: ClientKind, name: string, scope: string, raw: unknown, projectDir?: string): ConfigEntry {
  const entry: ConfigEntry = { name, scope, transport: 'unknown', envKeys: [], headerKeys: [], disabled: false, problems: [] };
  if (projectDir !== undefined) entry.projectDir = projectDir;
  if (!isObject(raw)) {
    entry.problems.push('the entry is not an object');
    return entry;
  }
  if (raw.disabled === true) entry.disabled = true;
  if (raw.type !== undefined) {
    if (typeof raw.type === 'string') entry.type = raw.type;
    else entry.problems.push('`type` is not a string');
  }
  if (raw.command !== undefined) {
    if (typeof raw.command === 'string' && raw.command.trim() !== '') entry.command = raw.command;
    else entry.problems.push('`command` is not a non-empty string');
  }
  if (raw.args !== undefined) {
    if (Array.isArray(raw.args) && raw.args.every((arg) => typeof arg === 'string')) entry.args = [...(raw.args as string[])];
    else entry.problems.push('`args` is not a list of strings');
  }
  if (raw.env !== undefined) {
    if (isObject(raw.env)) entry.envKeys = Object.keys(raw.env).sort();
    else entry.problems.push('`env` is not an object');
  }
  if (raw.headers !== undefined) {
    if (isObject(raw.headers)) entry.headerKeys = Object.keys(raw.headers).sort();
    else entry.problems.push('`headers` is not an object');
  }
  if ((client === 'vscode' || client === 'cursor') && raw.envFile !== undefined) {
    if (typeof raw.envFile === 'string' && raw.envFile.trim() !== '') entry.envFile = raw.envFile;
    else entry.problems.push('`envFile` is not a non-empty string');
  }
  if (raw.cwd !== undefined && client !== 'claude-desktop' && client !== 'claude-code') {
    if (typeof raw.cwd === 'string' && raw.cwd.trim() !== '') entry.cwd = raw.cwd;
    else entry.problems.push('`cwd` is not a non-empty string');
  }
  readFamilyFilters(client, entry, raw);
  const urlKeys = client === 'windsurf' ? ['serverUrl', 'url'] : ['url'];
  const urls = urlKeys.filter((key) => raw[key] !== undefined);
  for (const key of urls) if (typeof raw[key] !== 'string' || (raw[key] as string).trim() === '') entry.problems.push(`\`${key}\` is not a non-empty string`);
  const urlValues = [...new Set(urls.map((key) => raw[key]).filter((value): value is string => typeof value === 'string' && value.trim() !== ''))];
  if (urlValues.length > 1) entry.problems.push('`serverUrl` and `url` name different endpoints');
  else if (urlValues.length === 1) entry.url = urlValues[0]!;

  if (entry.type !== undefined) {
    const transport = EXTRA_TYPES[client]?.[entry.type] ?? REMOTE_TYPES[entry.type];
    if (transport === undefined) {
      entry.problems.push(`unknown transport type \`${entry.type}\``);
      return entry;
    }
    entry.transport = transport;
    if (transport === 'stdio' && entry.command === undefined) entry.problems.push('a stdio entry has no `command`');
    if (transport !== 'stdio' && entry.url === undefined) entry.problems.push(`a ${entry.type} entry has no URL`);
    if (transport !== 'stdio' && entry.command !== undefined) entry.problems.push(`a ${entry.type} entry also has a \`command\``);
    if (transport !== 'stdio' && client === 'claude-desktop') entry.problems.push('Claude Desktop starts only `command` entries from this file');
    if (transport !== 'stdio' && client === 'junie') entry.problems.push('Junie starts only stdio servers');
    return entry;
  }
  if (entry.command !== undefined && entry.url !== undefined) {
    entry.problems.push('the entry has both `command` and a URL and no `type` to choose');
  } else if (entry.command !== undefined) {
    entry.transport = 'stdio';
  } else if (entry.url !== undefined) {
    if (client === 'claude-code') entry.problems.push('the entry has a `url` but no `type`, so Claude Code reads it as a stdio entry without a command');
    else if (client === 'claude-desktop') entry.problems.push('Claude Desktop starts only `command` entries from this file');
    else if (client === 'junie') entry.problems.push('Junie starts only stdio servers');
    else entry.transport = 'http';
  } else if (entry.problems.length === 0) {
    const windsurfHint =
      client !== 'windsurf' && raw.serverUrl !== undefined ? ' (`serverUrl` is how Windsurf writes it; for a Windsurf config, pass `--client windsurf`)' : '';
    entry.problems.push(`the entry has neither \`command\` nor ${client === 'windsurf' ? '`serverUrl`' : '`url`'}${windsurfHint}`);
  }
  return entry;
}

/**
 * Tool filters of the `mcpServers` family: Kiro's `disabledTools`
 * (https://kiro.dev/docs/mcp/configuration) and GitHub Copilot CLI's
 * `tools`, the tools it exposes, `"*"` for all (docs.github.com,
 * "Extending … with MCP": `tools`). Approval lists (`autoApprove`,
 * `alwaysAllow`) change who decides, not what is reachable, and are not
 * filters.
 */
function readFamilyFilters(client: ClientKind, entry: ConfigEntry, raw: Record<string, unknown>): void {
  const list = (key: string): string[] | undefined => {
    const value = raw[key];
    if (value === undefined) return undefined;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
    entry.problems.push(`\`${key}\` is not a list of strings`);
    return undefined;
  };
  if (client === 'kiro') setToolFilter(entry, undefined, list('disabledTools'), ['disabledTools']);
  if (client === 'copilot-cli') {
    const tools = list('tools');
    if (tools !== undefined && !tools.includes('*')) setToolFilter(entry, tools, undefined, ['tools']);
  }
}

/** The `env` and header values of an entry of the `mcpServers` family (never printed). */
export function familyValues(raw: unknown): EntryValues {
  return isObject(raw) ? { env: stringValues(raw.env), headers: stringValues(raw.headers) } : { env: {}, headers: {} };
}

function readServers(client: ClientKind, container: unknown, scope: string, projectDir: string | undefined, result: FormatResult): void {
  if (container === undefined) return;
  if (!isObject(container)) {
    result.notes.push(`\`${scope}\` is not an object, so it defines no servers`);
    return;
  }
  for (const [name, raw] of Object.entries(container)) {
    result.entries.push(normaliseEntry(client, name, scope, raw, projectDir));
    result.values.push(familyValues(raw));
  }
}

/** The scope of the servers of a Claude Code plugin's `.mcp.json`, which has no key above them. */
const PLUGIN_SCOPE = '(plugin .mcp.json)';

const PLUGIN_MAP_NOTE =
  "it has no `mcpServers`, so it was read as a Claude Code plugin's `.mcp.json`, a map of server names (code.claude.com/docs/en/plugins-reference, MCP servers); a project's `.mcp.json` needs `mcpServers`";

/**
 * Whether a document is a Claude Code plugin's `.mcp.json`: a file of that name whose top level is the map of server
 * names itself, without `mcpServers` (code.claude.com/docs/en/plugins-reference, "MCP servers"; e.g.
 * anthropics/claude-plugins-official `external_plugins/context7/.mcp.json`). Every value must be an object, so that
 * a file of another shape is not taken for one.
 */
function isPluginMap(path: string | undefined, document: Record<string, unknown>): boolean {
  if (path === undefined || splitPath(path).at(-1) !== '.mcp.json') return false;
  if (document.mcpServers !== undefined || document.projects !== undefined) return false;
  const values = Object.values(document);
  return values.length > 0 && values.every((value) => isObject(value) && (value.command !== undefined || value.url !== undefined || value.type !== undefined));
}

/** The keys each client keeps its servers in, for the message about a file of unknown shape. */
const SERVER_KEYS: Readonly<Record<ClientKind, readonly string[]>> = {
  'claude-desktop': ['mcpServers'],
  'claude-code': ['mcpServers', 'projects'],
  cursor: ['mcpServers'],
  vscode: ['servers', 'mcp.servers', 'customizations.vscode.mcp.servers'],
  windsurf: ['mcpServers'],
  codex: ['mcp_servers'],
  'gemini-cli': ['mcpServers'],
  'qwen-code': ['mcpServers'],
  'copilot-cli': ['mcpServers'],
  cline: ['mcpServers'],
  'roo-code': ['mcpServers'],
  'kilo-code': ['mcpServers'],
  kiro: ['mcpServers'],
  opencode: ['mcp'],
  zed: ['context_servers'],
  continue: ['mcpServers'],
  goose: ['extensions'],
  junie: ['mcpServers'],
  'amazon-q': ['mcpServers'],
};

/**
 * Files that hold a client's other settings too, so that one without servers is a known shape with none:
 * `~/.claude.json`, Claude Desktop's configuration, VS Code's, Gemini CLI's and Zed's `settings.json`, a dev
 * container, Codex's TOML, Goose's and Continue's YAML, OpenCode's configuration and Amazon Q's agent file.
 */
const SETTINGS_FILES =
  /^(\.claude\.json|claude_desktop_config\.json|settings\.json|\.?devcontainer\.json|.*\.toml|config\.ya?ml|opencode\.jsonc?|default\.json)$/i;

/**
 * Whether a document that gave no entries is still a shape rclass knows: one of the keys its client keeps servers
 * in holds a map (a list for Continue), or the key is absent from an empty document or from a file that holds other
 * settings too ({@link SETTINGS_FILES}). Anything else, a key of the wrong type or servers kept only under a key the
 * client does not read included, is reported as unread rather than as a configuration without servers (issue 24).
 */
function knownShape(client: ClientKind, path: string | undefined, document: Record<string, unknown>): boolean {
  const values = SERVER_KEYS[client].map((key) => valueAt(document, key)).filter((value) => value !== undefined);
  if (values.length > 0) return values.some((value) => isObject(value) || (client === 'continue' && Array.isArray(value)));
  if (Object.keys(document).length === 0) return true;
  if (ignoredKey(client, document) !== undefined) return false;
  return path !== undefined && SETTINGS_FILES.test(splitPath(path).at(-1) ?? '');
}

function valueAt(document: Record<string, unknown>, key: string): unknown {
  let value: unknown = document;
  for (const part of key.split('.')) value = isObject(value) ? value[part] : undefined;
  return value;
}

/** The other family's key when a document keeps servers there: `mcpServers` for VS Code, `servers` for the `mcpServers` clients. */
function ignoredKey(client: ClientKind, document: Record<string, unknown>): string | undefined {
  const key = client === 'vscode' ? 'mcpServers' : SERVER_KEYS[client].includes('mcpServers') ? 'servers' : undefined;
  return key !== undefined && isObject(document[key]) ? key : undefined;
}

/** Why a document of unknown shape was not read (SPEC 6.2). */
function unreadReason(client: ClientKind, where: string, document: Record<string, unknown>): string {
  const keys = SERVER_KEYS[client].map((key) => `\`${key}\``).join(', ');
  const ignored = ignoredKey(client, document);
  const found = ignored === undefined ? '' : `; its servers are under \`${ignored}\`, which ${CLIENT_NAMES[client]} does not read`;
  return `${where} has no map of servers where ${CLIENT_NAMES[client]} reads them (${keys})${found}, so its shape is not one rclass knows and it was not read`;
}

/** Which text format a file is in: by its name, else by the client it is read as. */
export function formatOf(path: string | undefined, client: ClientKind | undefined): 'toml' | 'yaml' | 'json' {
  const base = path === undefined ? '' : (splitPath(path).at(-1) ?? '');
  if (/\.toml$/i.test(base)) return 'toml';
  if (/\.ya?ml$/i.test(base)) return 'yaml';
  if (/\.jsonc?$/i.test(base)) return 'json';
  if (client === 'codex') return 'toml';
  if (client === 'goose' || client === 'continue') return 'yaml';
  return 'json';
}

/** A configuration with, aligned with its entries, the `env` and header values needed to start them (never printed). */
export interface ConfigWithValues {
  config: ParsedConfig;
  values: EntryValues[];
}

/** A configuration file's text as parsed, before its client's rules are applied. */
export interface ParsedDocument {
  /** The parsed value (not yet known to be an object). */
  document: unknown;
  /** Whether the text is strict JSON (no comments or trailing commas). */
  strict: boolean;
  /** Whether the text started with a UTF-8 byte order mark (ignored). */
  hadBom: boolean;
}

/**
 * Parse a configuration file's text: strict JSON first (`JSON.parse`, what
 * Claude Code and Claude Desktop write), and the tolerant JSONC parser
 * (comments, trailing commas) only when that fails, so a large strict file
 * is parsed once and fast (issue 14).
 * @param text the file's content (a leading UTF-8 byte order mark is ignored)
 * @param where how to name the file in messages, e.g. `` `~/.claude.json` ``
 * @throws ConfigError when the text is not JSON even tolerantly
 */
export function parseConfigJson(text: string, where = 'the configuration'): ParsedDocument {
  const hadBom = text.charCodeAt(0) === 0xfeff;
  const body = hadBom ? text.slice(1) : text;
  try {
    return { document: JSON.parse(body) as unknown, strict: true, hadBom };
  } catch {
    // Not strict JSON: read it tolerantly below.
  }
  const errors: ParseError[] = [];
  const document: unknown = parseJsonc(body, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
  if (errors.length > 0) {
    const first = errors[0]!;
    throw new ConfigError(`cannot parse ${where}: ${printParseErrorCode(first.error)} at ${lineColumn(body, first.offset)}`);
  }
  return { document, strict: false, hadBom };
}

/**
 * Apply a client's rules to a configuration file already parsed as JSON, so
 * a caller that needs the document itself parses it once (the hook and
 * `~/.claude.json`, issue 14).
 * @param parsed what {@link parseConfigJson} returned for the file
 * @throws ConfigError when the value is not an object or its client cannot be told
 */
export function configFromDocument(parsed: ParsedDocument, options: ParseConfigOptions = {}): ParsedConfig {
  return configValuesFromDocument(parsed, 'json', options).config;
}

/**
 * Apply a client's rules to a parsed document of any format (JSON, TOML, YAML).
 * @param format the format it was parsed from ({@link formatOf}), for messages and JSON-only notes
 * @throws ConfigError when the value is not an object or mapping, or its client cannot be told
 */
export function configValuesFromDocument(parsed: ParsedDocument, format: ReturnType<typeof formatOf>, options: ParseConfigOptions): ConfigWithValues {
  const notes: string[] = [];
  const { document, strict, hadBom } = parsed;
  const shown = options.shownAs ?? options.path;
  const where = shown === undefined ? 'the configuration' : `\`${shown}\``;
  if (!isObject(document))
    throw new ConfigError(`${where} is not ${format === 'json' ? 'a JSON object' : format === 'toml' ? 'a TOML table' : 'a YAML mapping'}`);
  const client = options.client ?? detectClient(options.path, document) ?? (isObject(document.mcpServers) ? 'claude-desktop' : undefined);
  if (client === undefined)
    throw new ConfigError(`${where} has no \`mcpServers\` or \`servers\`, so its client cannot be told; pass \`--client\` with one of ${CLIENTS.join(', ')}`);

  if (format === 'json') {
    if (hadBom)
      notes.push(`${where} starts with a UTF-8 byte order mark${client === 'claude-desktop' ? ', which Claude Desktop rejects' : ''}; it was ignored here`);
    if (!strict && (client === 'claude-desktop' || client === 'claude-code')) {
      notes.push(
        `${where} is not strict JSON (comments or trailing commas), so ${client === 'claude-desktop' ? 'Claude Desktop' : 'Claude Code'} will not load it; its servers are listed anyway`,
      );
    }
  }

  const projectDir = projectOf(options.path, client, options.home);
  const result: FormatResult = { entries: [], values: [], notes };
  let serverLists: ParsedConfig['serverLists'];
  const take = (found: FormatResult) => {
    result.entries.push(...found.entries);
    result.values.push(...found.values);
    notes.push(...found.notes);
  };
  switch (client) {
    case 'vscode': {
      const legacy = isObject(document.mcp) ? document.mcp.servers : undefined;
      const customizations = isObject(document.customizations) ? document.customizations : undefined;
      const vscodeCustom = customizations !== undefined && isObject(customizations.vscode) ? customizations.vscode : undefined;
      const devcontainer = vscodeCustom !== undefined && isObject(vscodeCustom.mcp) ? vscodeCustom.mcp.servers : undefined;
      readServers(client, document.servers, 'servers', projectDir, result);
      readServers(client, legacy, 'mcp.servers', projectDir, result);
      readServers(client, devcontainer, 'customizations.vscode.mcp.servers', projectDir, result);
      if (document.mcpServers !== undefined) notes.push('VS Code reads `servers`, not `mcpServers`; the `mcpServers` entries were not read');
      break;
    }
    case 'claude-code': {
      if (isPluginMap(options.path, document)) {
        notes.push(PLUGIN_MAP_NOTE);
        readServers(client, document, PLUGIN_SCOPE, projectDir, result);
        break;
      }
      readServers(client, document.mcpServers, 'mcpServers', projectDir, result);
      if (isObject(document.projects)) {
        for (const [project, settings] of Object.entries(document.projects)) {
          if (isObject(settings)) readServers(client, settings.mcpServers, `projects[${JSON.stringify(project)}].mcpServers`, project, result);
        }
      }
      if (document.servers !== undefined && document.mcpServers === undefined)
        notes.push('Claude Code reads `mcpServers`, not `servers`; the `servers` entries were not read');
      break;
    }
    case 'codex':
      take(readCodex(document, projectDir));
      if (projectDir !== undefined) notes.push("Codex reads a project's `.codex/config.toml` only once the project is trusted; its servers are listed anyway");
      break;
    case 'gemini-cli':
      take(readGemini(document, projectDir));
      serverLists = geminiServerLists(document);
      if (projectDir !== undefined)
        notes.push("Gemini CLI ignores a project's `.gemini/settings.json` in a folder it does not trust; its servers are listed anyway");
      break;
    case 'qwen-code':
      // Qwen Code is a fork of Gemini CLI and reads the same `mcpServers` entries (@qwen-code/qwen-code 0.15.10, `isEnabled`, `httpUrl`).
      take(readGemini(document, projectDir, 'Qwen Code'));
      serverLists = geminiServerLists(document);
      break;
    case 'opencode':
      take(readOpenCode(document, projectDir));
      break;
    case 'zed':
      take(readZed(document, projectDir));
      break;
    case 'goose':
      take(readGoose(document));
      break;
    case 'continue':
      // Block files may also be Claude Desktop / Cursor JSON with an `mcpServers` map.
      if (isObject(document.mcpServers)) readServers(client, document.mcpServers, 'mcpServers', projectDir, result);
      else take(readContinue(document, projectDir));
      break;
    default: {
      readServers(client, document.mcpServers, 'mcpServers', projectDir, result);
      if (document.servers !== undefined && document.mcpServers === undefined)
        notes.push(`this client reads \`mcpServers\`, not \`servers\`; the \`servers\` entries were not read`);
    }
  }
  if (result.entries.length === 0 && !knownShape(client, options.path, document)) throw new ConfigError(unreadReason(client, where, document));
  return { config: { client, entries: result.entries, notes, ...(serverLists !== undefined ? { serverLists } : {}) }, values: result.values };
}
