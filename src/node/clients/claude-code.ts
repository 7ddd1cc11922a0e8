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
 * kept as SHA-256 only. Node-only.
 */
import { realpathSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { canonicalJson, sha256Hex } from '../digest.ts';
import { ConfigError, parseConfigText } from '../../clients/parse.ts';
import { MAX_CONFIG_BYTES } from './read-config.ts';
import type { ConfigEntry } from '../../clients/types.ts';
import { messageOf } from '../../core/errors.ts';

export { claudeJsonFile, managedMcpFile } from './claude-code-paths.ts';

/** Where an entry comes from. */
export type ConfigOrigin = 'managed' | 'user' | 'local' | 'project';

/** One configuration entry, with where it comes from and its raw JSON (for the digest only). */
export interface EntryView {
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
export function claudeToolServerName(key: string): string {
  return key.replace(/[^A-Za-z0-9_-]/g, '_');
}

async function readText(file: string): Promise<string | undefined> {
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new ConfigError(`\`${file}\` is not a file`);
    size = info.size;
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new ConfigError(`cannot read \`${file}\`: ${code ?? 'unknown error'}`);
  }
  if (size > MAX_CONFIG_BYTES) throw new ConfigError(`\`${file}\` is larger than ${MAX_CONFIG_BYTES} bytes`);
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read \`${file}\`: ${(error as NodeJS.ErrnoException).code ?? 'unknown error'}`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function rawDocument(text: string): Record<string, unknown> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const value: unknown = parseJsonc(body, [], { allowTrailingComma: true, disallowComments: false });
  return isObject(value) ? value : {};
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
 * Read the servers Claude Code runs for a project.
 * @returns the servers by tool-name server name, their digests, and files that could not be read; never throws
 */
export async function readClaudeServers(locations: ClaudeConfigLocations): Promise<ClaudeServers> {
  const views: EntryView[] = [];
  const problems: string[] = [];
  const projectDir = locations.projectDir;
  const home = locations.claudeJson === undefined ? undefined : path.dirname(locations.claudeJson);

  const readInto = async (file: string, keep: (entry: ConfigEntry) => ConfigOrigin | undefined): Promise<boolean> => {
    let text: string | undefined;
    try {
      text = await readText(file);
      if (text === undefined) return false;
      const parsed = parseConfigText(text, { path: file, client: 'claude-code', ...(home !== undefined ? { home } : {}) });
      const raw = rawDocument(text);
      for (const entry of parsed.entries) {
        const origin = keep(entry);
        if (origin === undefined) continue;
        let container: unknown = raw.mcpServers;
        if (origin === 'local' && entry.projectDir !== undefined && isObject(raw.projects)) {
          const project = raw.projects[entry.projectDir];
          container = isObject(project) ? project.mcpServers : undefined;
        }
        views.push({ origin, file, entry, raw: isObject(container) ? container[entry.name] : undefined });
      }
      return true;
    } catch (error) {
      problems.push(messageOf(error));
      return true;
    }
  };

  let managed = false;
  if (locations.managedMcp !== undefined) managed = await readInto(locations.managedMcp, () => 'managed');
  if (!managed) {
    const forms = projectDir === undefined ? new Set<string>() : folderForms(projectDir);
    if (locations.claudeJson !== undefined) {
      await readInto(locations.claudeJson, (entry) => {
        if (entry.scope === 'mcpServers') return 'user';
        if (entry.projectDir !== undefined && sameFolder(entry.projectDir, forms)) return 'local';
        return undefined;
      });
    }
    if (projectDir !== undefined) await readInto(path.join(projectDir, '.mcp.json'), (entry) => (entry.scope === 'mcpServers' ? 'project' : undefined));
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
