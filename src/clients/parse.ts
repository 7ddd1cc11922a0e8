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
 *
 * Every file is parsed tolerantly (a UTF-8 byte order mark stripped,
 * comments and trailing commas accepted), and a note says when the client
 * itself would refuse the file. Values of `env` and `headers` are dropped
 * here and never reach the caller.
 */
import { type ParseError, parse as parseJsonc, printParseErrorCode } from 'jsonc-parser';
import { CLIENTS, type ClientKind, type ConfigEntry, type ParsedConfig, type Transport } from './types.ts';

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

/** Options for {@link parseConfigText}. */
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
    if (base === 'settings.json' && isObject(document.mcp)) return 'vscode';
  }
  if (isObject(document.servers) && !isObject(document.mcpServers)) return 'vscode';
  if (isObject(document.projects)) return 'claude-code';
  // Only Windsurf spells a remote entry `serverUrl`, so a file under another name that uses it is Windsurf's.
  if (isObject(document.mcpServers) && Object.values(document.mcpServers).some((entry) => isObject(entry) && entry.serverUrl !== undefined)) return 'windsurf';
  return undefined;
}

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
  return undefined;
}

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
  const urlKeys = client === 'windsurf' ? ['serverUrl', 'url'] : ['url'];
  const urls = urlKeys.filter((key) => raw[key] !== undefined);
  for (const key of urls) if (typeof raw[key] !== 'string' || (raw[key] as string).trim() === '') entry.problems.push(`\`${key}\` is not a non-empty string`);
  const urlValues = [...new Set(urls.map((key) => raw[key]).filter((value): value is string => typeof value === 'string' && value.trim() !== ''))];
  if (urlValues.length > 1) entry.problems.push('`serverUrl` and `url` name different endpoints');
  else if (urlValues.length === 1) entry.url = urlValues[0]!;

  if (entry.type !== undefined) {
    const transport = REMOTE_TYPES[entry.type];
    if (transport === undefined) {
      entry.problems.push(`unknown transport type \`${entry.type}\``);
      return entry;
    }
    entry.transport = transport;
    if (transport === 'stdio' && entry.command === undefined) entry.problems.push('a stdio entry has no `command`');
    if (transport !== 'stdio' && entry.url === undefined) entry.problems.push(`a ${entry.type} entry has no URL`);
    if (transport !== 'stdio' && entry.command !== undefined) entry.problems.push(`a ${entry.type} entry also has a \`command\``);
    if (transport !== 'stdio' && client === 'claude-desktop') entry.problems.push('Claude Desktop starts only `command` entries from this file');
    return entry;
  }
  if (entry.command !== undefined && entry.url !== undefined) {
    entry.problems.push('the entry has both `command` and a URL and no `type` to choose');
  } else if (entry.command !== undefined) {
    entry.transport = 'stdio';
  } else if (entry.url !== undefined) {
    if (client === 'claude-code') entry.problems.push('the entry has a `url` but no `type`, so Claude Code reads it as a stdio entry without a command');
    else if (client === 'claude-desktop') entry.problems.push('Claude Desktop starts only `command` entries from this file');
    else entry.transport = 'http';
  } else if (entry.problems.length === 0) {
    const windsurfHint = client !== 'windsurf' && raw.serverUrl !== undefined ? ' (`serverUrl` is how Windsurf writes it; for a Windsurf config, pass `--client windsurf`)' : '';
    entry.problems.push(`the entry has neither \`command\` nor ${client === 'windsurf' ? '`serverUrl`' : '`url`'}${windsurfHint}`);
  }
  return entry;
}

function readServers(client: ClientKind, container: unknown, scope: string, projectDir: string | undefined, entries: ConfigEntry[], notes: string[]): void {
  if (container === undefined) return;
  if (!isObject(container)) {
    notes.push(`\`${scope}\` is not an object, so it defines no servers`);
    return;
  }
  for (const [name, raw] of Object.entries(container)) entries.push(normaliseEntry(client, name, scope, raw, projectDir));
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
 * Parse a client configuration file.
 * @param text the file's content (a leading UTF-8 byte order mark is ignored)
 * @param options the path (to guess client and project), a forced client, the home directory
 * @returns the client, its entries in file order, and notes about the file
 * @throws ConfigError when the text is not JSON (even tolerantly), not an object, or its client cannot be told
 */
export function parseConfigText(text: string, options: ParseConfigOptions = {}): ParsedConfig {
  const shown = options.shownAs ?? options.path;
  return configFromDocument(parseConfigJson(text, shown === undefined ? 'the configuration' : `\`${shown}\``), options);
}

/**
 * Apply a client's rules to a parsed configuration file (see {@link parseConfigText}).
 * @param parsed what {@link parseConfigJson} returned for the file
 * @throws ConfigError when the value is not an object or its client cannot be told
 */
export function configFromDocument(parsed: ParsedDocument, options: ParseConfigOptions = {}): ParsedConfig {
  const notes: string[] = [];
  const { document, strict, hadBom } = parsed;
  const shown = options.shownAs ?? options.path;
  const where = shown === undefined ? 'the configuration' : `\`${shown}\``;
  if (!isObject(document)) throw new ConfigError(`${where} is not a JSON object`);
  const client = options.client ?? detectClient(options.path, document) ?? (isObject(document.mcpServers) ? 'claude-desktop' : undefined);
  if (client === undefined) throw new ConfigError(`${where} has no \`mcpServers\` or \`servers\`, so its client cannot be told; pass \`--client\` with one of ${CLIENTS.join(', ')}`);

  if (hadBom) notes.push(`${where} starts with a UTF-8 byte order mark${client === 'claude-desktop' ? ', which Claude Desktop rejects' : ''}; it was ignored here`);
  if (!strict && (client === 'claude-desktop' || client === 'claude-code')) {
    notes.push(`${where} is not strict JSON (comments or trailing commas), so ${client === 'claude-desktop' ? 'Claude Desktop' : 'Claude Code'} will not load it; its servers are listed anyway`);
  }

  const entries: ConfigEntry[] = [];
  const projectDir = projectOf(options.path, client, options.home);
  switch (client) {
    case 'vscode': {
      const legacy = isObject(document.mcp) ? document.mcp.servers : undefined;
      const customizations = isObject(document.customizations) ? document.customizations : undefined;
      const vscodeCustom = customizations !== undefined && isObject(customizations.vscode) ? customizations.vscode : undefined;
      const devcontainer = vscodeCustom !== undefined && isObject(vscodeCustom.mcp) ? vscodeCustom.mcp.servers : undefined;
      readServers(client, document.servers, 'servers', projectDir, entries, notes);
      readServers(client, legacy, 'mcp.servers', projectDir, entries, notes);
      readServers(client, devcontainer, 'customizations.vscode.mcp.servers', projectDir, entries, notes);
      if (document.mcpServers !== undefined) notes.push('VS Code reads `servers`, not `mcpServers`; the `mcpServers` entries were not read');
      break;
    }
    case 'claude-code': {
      readServers(client, document.mcpServers, 'mcpServers', projectDir, entries, notes);
      if (isObject(document.projects)) {
        for (const [project, settings] of Object.entries(document.projects)) {
          if (isObject(settings)) readServers(client, settings.mcpServers, `projects[${JSON.stringify(project)}].mcpServers`, project, entries, notes);
        }
      }
      if (document.servers !== undefined && document.mcpServers === undefined) notes.push('Claude Code reads `mcpServers`, not `servers`; the `servers` entries were not read');
      break;
    }
    default: {
      readServers(client, document.mcpServers, 'mcpServers', projectDir, entries, notes);
      if (document.servers !== undefined && document.mcpServers === undefined) notes.push(`this client reads \`mcpServers\`, not \`servers\`; the \`servers\` entries were not read`);
    }
  }
  return { client, entries, notes };
}
