/**
 * The MCP servers Claude Code runs for one project, read the way Claude
 * Code reads them (SPEC 6, 8.5), with a digest of each server's entries so
 * the hook can tell when a configuration changed during a session.
 *
 * - `managed-mcp.json` in the managed settings folder, when present, is the
 *   only source (Claude Code's exclusive managed set);
 * - otherwise `~/.claude.json` (or `$CLAUDE_CONFIG_DIR/.claude.json`): the
 *   top-level `mcpServers` (user scope) and `projects["<project>"].mcpServers`
 *   (local scope) of this project only; and the project's `.mcp.json`
 *   (project scope).
 *
 * Digests cover every entry's whole JSON, `env` and `headers` values
 * included (a changed token or database URL is a changed server), and are
 * kept as SHA-256 only.
 *
 * Each file is read once and parsed once, `JSON.parse` first (issue 14).
 * {@link readClaudeServersCached} also returns what it derived as a
 * {@link ServersCache} keyed by each file's size, modification time and
 * SHA-256, and reuses a cache whose key still matches instead of parsing:
 * Claude Code's `~/.claude.json` holds every project's history and is
 * often megabytes. The cache holds entries as {@link ConfigEntry} (names of
 * `env` variables and headers, never their values) and the digests. Node-only.
 */
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { canonicalJson, sha256Hex } from '../digest.ts';
import { ConfigError, configFromDocument, MAX_CONFIG_BYTES, parseConfigJson } from '../../clients/parse.ts';
import type { ConfigEntry } from '../../clients/types.ts';
import { messageOf } from '../../core/errors.ts';

export { claudeJsonFile, managedMcpFile } from './claude-code-paths.ts';

/** Where an entry comes from. */
type ConfigOrigin = 'managed' | 'user' | 'local' | 'project';

/** One configuration entry, with where it comes from and its raw JSON (for the digest only). */
interface EntryView {
  origin: ConfigOrigin;
  /** The file it was read from. */
  file: string;
  entry: ConfigEntry;
  raw: unknown;
}

/** Every entry that Claude Code names one way in tool names (`claudeServerName` of the key). */
export interface ServerView {
  /** The keys as written in the configuration (more than one when keys differ only in characters Claude Code replaces). */
  names: string[];
  entries: EntryView[];
}

/** The servers Claude Code runs for a project. */
export interface ClaudeServers {
  /** The project folder used for the local and project scopes, if known. */
  projectDir?: string;
  /** By the name Claude Code uses in tool names. */
  servers: Map<string, ServerView>;
  /** SHA-256 of each server's entries, by the same name. */
  digests: Record<string, string>;
  /** Files that exist but could not be read: while there are any, no server is recognised. */
  problems: string[];
  /** Whether `managed-mcp.json` decided the set. */
  managed: boolean;
}

/** Where to look. */
export interface ClaudeConfigLocations {
  /** `~/.claude.json`, or undefined when there is no home folder. */
  claudeJson?: string;
  /** `managed-mcp.json` for this platform. */
  managedMcp?: string;
  /** Claude Code's project folder. */
  projectDir?: string;
}

/**
 * The server name Claude Code uses in tool names: characters other than
 * letters, digits, `_` and `-` become `_` (SPEC 8.5).
 */
function claudeToolServerName(key: string): string {
  return key.replace(/[^A-Za-z0-9_-]/g, '_');
}

/**
 * A file's bytes with what identifies this version of it. The bytes are
 * hashed as they are and decoded only when the cache misses: decoding and
 * hashing a 2 MB `~/.claude.json` as text cost an MCP call about 3 ms of
 * CPU more than hashing its bytes (issue 14).
 */
interface FileText {
  bytes: Buffer;
  size: number;
  mtimeMs: number;
}

async function readText(file: string): Promise<FileText | undefined> {
  let size: number;
  let mtimeMs: number;
  try {
    const info = statSync(file);
    if (!info.isFile()) throw new ConfigError(`\`${file}\` is not a file`);
    size = info.size;
    mtimeMs = info.mtimeMs;
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new ConfigError(`cannot read \`${file}\`: ${code ?? 'unknown error'}`);
  }
  if (size > MAX_CONFIG_BYTES) throw new ConfigError(`\`${file}\` is larger than ${MAX_CONFIG_BYTES} bytes`);
  try {
    return { bytes: readFileSync(file), size, mtimeMs };
  } catch (error) {
    throw new ConfigError(`cannot read \`${file}\`: ${(error as NodeJS.ErrnoException).code ?? 'unknown error'}`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The spellings of a folder to compare project keys with: as given, resolved, and with symbolic links resolved. */
function folderForms(dir: string): Set<string> {
  const forms = new Set<string>();
  const add = (p: string) => forms.add(p.replace(/[\\/]+$/, '') || p);
  add(path.resolve(dir));
  try {
    add(realpathSync(dir));
  } catch {
    // A folder that does not exist has only its written forms.
  }
  return forms;
}

/** Whether a project key names the folder whose forms are given; symbolic links are resolved only for keys with the same base name. */
function sameFolder(key: string, forms: ReadonlySet<string>): boolean {
  const resolved = path.resolve(key).replace(/[\\/]+$/, '') || key;
  if (forms.has(resolved)) return true;
  const base = path.basename(resolved);
  if (![...forms].some((form) => path.basename(form) === base)) return false;
  return [...folderForms(key)].some((form) => forms.has(form));
}

/**
 * The servers turned off for one project in `~/.claude.json`:
 * `projects["<project>"].disabledMcpServers`, which `/mcp disable` writes.
 * Claude Code skips a server named there whatever scope defines it
 * (@anthropic-ai/claude-code 2.1.197, its `isMcpServerDisabled`: the current
 * project's `disabledMcpServers` includes the name; the one server enabled
 * by `enabledMcpServers` instead, `computer-use`, is built in and never in a
 * file rclass reads).
 * @param document the parsed `~/.claude.json`, if it parsed
 * @param forms the project folder's spellings
 * @returns the names, from every project key naming this folder
 */
function projectDisabledServers(document: Record<string, unknown> | undefined, forms: ReadonlySet<string>): string[] {
  if (document === undefined || !isObject(document.projects) || forms.size === 0) return [];
  const names: string[] = [];
  for (const [key, project] of Object.entries(document.projects)) {
    if (!isObject(project) || !sameFolder(key, forms)) continue;
    if (Array.isArray(project.disabledMcpServers)) names.push(...project.disabledMcpServers.filter((name): name is string => typeof name === 'string'));
  }
  return names;
}

/** What {@link readClaudeServersCached} derived from the files, and the key that says which versions of them. */
export interface ServersCache {
  /** SHA-256 over the project folder and, per file read, its path, size, modification time and SHA-256 (or that it is missing). */
  key: string;
  views: Array<Omit<EntryView, 'raw'>>;
  digests: Record<string, string>;
  problems: string[];
  managed: boolean;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Whether a value read back from the session state is a sound {@link ServersCache}; anything else is ignored. */
function isServersCache(value: unknown): value is ServersCache {
  if (!isObject(value) || typeof value.key !== 'string' || typeof value.managed !== 'boolean' || !isStringArray(value.problems) || !isObject(value.digests))
    return false;
  if (!Object.values(value.digests).every((digest) => typeof digest === 'string')) return false;
  if (!Array.isArray(value.views)) return false;
  const origins = new Set(['managed', 'user', 'local', 'project']);
  return value.views.every((view: unknown) => {
    if (!isObject(view) || typeof view.origin !== 'string' || !origins.has(view.origin) || typeof view.file !== 'string' || !isObject(view.entry)) return false;
    const e = view.entry;
    return (
      typeof e.name === 'string' &&
      typeof e.scope === 'string' &&
      typeof e.transport === 'string' &&
      isStringArray(e.envKeys) &&
      isStringArray(e.headerKeys) &&
      typeof e.disabled === 'boolean' &&
      isStringArray(e.problems) &&
      (e.args === undefined || isStringArray(e.args)) &&
      ['projectDir', 'type', 'command', 'url'].every((key) => e[key] === undefined || typeof e[key] === 'string')
    );
  });
}

/** Group entries by the name Claude Code uses in tool names. */
function group(views: ReadonlyArray<Omit<EntryView, 'raw'>>): Map<string, ServerView> {
  const servers = new Map<string, ServerView>();
  for (const view of views) {
    const name = claudeToolServerName(view.entry.name);
    const server = servers.get(name) ?? { names: [], entries: [] };
    if (!server.names.includes(view.entry.name)) server.names.push(view.entry.name);
    server.entries.push({ ...view, raw: undefined });
    servers.set(name, server);
  }
  return servers;
}

/**
 * Read the servers Claude Code runs for a project, reusing what an earlier
 * call derived when every file it read is unchanged (same size,
 * modification time and SHA-256, and the same project folder).
 * @param cache what an earlier call returned (from the session state); anything unsound is ignored
 * @returns the servers, and the cache to keep for the next call; never throws
 */
export async function readClaudeServersCached(locations: ClaudeConfigLocations, cache?: unknown): Promise<{ servers: ClaudeServers; cache: ServersCache }> {
  const projectDir = locations.projectDir;
  const texts = new Map<string, FileText | undefined>();
  const problems: string[] = [];
  const fingerprint: unknown[] = [projectDir ?? null, locations.claudeJson ?? null];
  const read = async (file: string): Promise<FileText | undefined> => {
    try {
      const text = await readText(file);
      texts.set(file, text);
      fingerprint.push(text === undefined ? [file, null] : [file, text.size, text.mtimeMs, createHash('sha256').update(text.bytes).digest('hex')]);
      return text;
    } catch (error) {
      problems.push(messageOf(error));
      fingerprint.push([file, 'unreadable', messageOf(error)]);
      return undefined;
    }
  };
  // The files in the order Claude Code reads them: managed-mcp.json alone decides the set when it exists.
  const managedText = locations.managedMcp === undefined ? undefined : await read(locations.managedMcp);
  const managed = managedText !== undefined || (locations.managedMcp !== undefined && problems.length > 0);
  if (!managed) {
    if (locations.claudeJson !== undefined) await read(locations.claudeJson);
    if (projectDir !== undefined) await read(path.join(projectDir, '.mcp.json'));
  }
  const key = sha256Hex(canonicalJson(fingerprint));
  if (isServersCache(cache) && cache.key === key) {
    const servers: ClaudeServers = { servers: group(cache.views), digests: { ...cache.digests }, problems: [...cache.problems], managed: cache.managed };
    if (projectDir !== undefined) servers.projectDir = projectDir;
    return { servers, cache };
  }
  const servers = readFrom(locations, texts, problems, managed);
  const views = [...servers.servers.values()].flatMap((server) => server.entries.map(({ origin, file, entry }) => ({ origin, file, entry })));
  return { servers, cache: { key, views, digests: servers.digests, problems: servers.problems, managed: servers.managed } };
}

/**
 * Read the servers Claude Code runs for a project.
 * @returns the servers by tool-name server name, their digests, and files that could not be read; never throws
 */
export async function readClaudeServers(locations: ClaudeConfigLocations): Promise<ClaudeServers> {
  return (await readClaudeServersCached(locations)).servers;
}

/** Parse the files already read (each once) into the servers and their digests. */
function readFrom(
  locations: ClaudeConfigLocations,
  texts: ReadonlyMap<string, FileText | undefined>,
  readProblems: readonly string[],
  managed: boolean,
): ClaudeServers {
  const views: EntryView[] = [];
  const problems: string[] = [...readProblems];
  const projectDir = locations.projectDir;
  const home = locations.claudeJson === undefined ? undefined : path.dirname(locations.claudeJson);

  const readInto = (file: string, keep: (entry: ConfigEntry) => ConfigOrigin | undefined): Record<string, unknown> | undefined => {
    const text = texts.get(file)?.bytes.toString('utf8');
    if (text === undefined) return undefined;
    try {
      const parsed = parseConfigJson(text, `\`${file}\``);
      const config = configFromDocument(parsed, { path: file, client: 'claude-code', ...(home !== undefined ? { home } : {}) });
      const raw = isObject(parsed.document) ? parsed.document : {};
      for (const entry of config.entries) {
        const origin = keep(entry);
        if (origin === undefined) continue;
        let container: unknown = raw.mcpServers;
        if (origin === 'local' && entry.projectDir !== undefined && isObject(raw.projects)) {
          const project = raw.projects[entry.projectDir];
          container = isObject(project) ? project.mcpServers : undefined;
        }
        views.push({ origin, file, entry, raw: isObject(container) ? container[entry.name] : undefined });
      }
      return raw;
    } catch (error) {
      problems.push(messageOf(error));
      return undefined;
    }
  };

  if (managed) {
    if (locations.managedMcp !== undefined) readInto(locations.managedMcp, () => 'managed');
  } else {
    const forms = projectDir === undefined ? new Set<string>() : folderForms(projectDir);
    let turnedOff: string[] = [];
    if (locations.claudeJson !== undefined) {
      const document = readInto(locations.claudeJson, (entry) => {
        if (entry.scope === 'mcpServers') return 'user';
        if (entry.projectDir !== undefined && sameFolder(entry.projectDir, forms)) return 'local';
        return undefined;
      });
      turnedOff = projectDisabledServers(document, forms);
    }
    if (projectDir !== undefined) readInto(path.join(projectDir, '.mcp.json'), (entry) => (entry.scope === 'mcpServers' ? 'project' : undefined));
    for (const view of views) {
      if (!turnedOff.includes(view.entry.name)) continue;
      view.entry.disabled = true;
      view.entry.disabledWhy = `it is turned off for this project in Claude Code (\`disabledMcpServers\` in \`${path.basename(locations.claudeJson ?? '.claude.json')}\`, what \`/mcp disable\` writes)`;
    }
  }

  const servers = new Map<string, ServerView>();
  for (const view of views) {
    const name = claudeToolServerName(view.entry.name);
    const server = servers.get(name) ?? { names: [], entries: [] };
    if (!server.names.includes(view.entry.name)) server.names.push(view.entry.name);
    server.entries.push(view);
    servers.set(name, server);
  }
  const digests: Record<string, string> = {};
  for (const [name, server] of [...servers].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const parts = server.entries.map((view) => canonicalJson([view.origin, view.entry.name, view.raw ?? null])).sort();
    digests[name] = sha256Hex(`[${parts.join(',')}]`);
  }
  const result: ClaudeServers = { servers, digests, problems, managed };
  if (projectDir !== undefined) result.projectDir = projectDir;
  return result;
}
