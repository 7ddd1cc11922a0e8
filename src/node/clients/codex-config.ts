/**
 * What Codex runs for a folder: its configuration layers read and merged
 * the way Codex does it (openai/codex `codex-rs/config/src/loader/mod.rs`
 * `load_config_layers_state`, `load_project_layers`; `merge.rs`), lowest
 * precedence first:
 *
 * 1. system `/etc/codex/config.toml` (Unix; `%ProgramData%\OpenAI\Codex\config.toml` on Windows);
 * 2. user `$CODEX_HOME/config.toml` (default `~/.codex/config.toml`);
 * 3. project: every `.codex/config.toml` from the project root (the nearest
 *    folder above the working folder holding one of `project_root_markers`,
 *    by default `.git`) down to the working folder, each only when the
 *    folder or the project root is trusted in the user's configuration
 *    (`[projects."<path>"] trust_level = "trusted"`); a `.codex` that is
 *    `CODEX_HOME` itself is skipped.
 *
 * Managed and cloud layers, `--profile` and `-c` overrides are not read:
 * rclass cannot see them. A layer Codex cannot parse stops Codex, and here
 * leaves every server unrecognised. Node-only.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { codexTrustProblem, mergeCodexLayers, readCodex } from '../../clients/formats/codex.ts';
import { isObject } from '../../clients/formats/shared.ts';
import type { ConfigEntry } from '../../clients/types.ts';
import { messageOf } from '../../core/errors.ts';
import { homeFrom } from '../state-dir.ts';

/** Where a Codex layer comes from. */
export type CodexOrigin = 'system' | 'user' | 'project';

/** One configuration file Codex reads. */
export interface CodexLayer {
  origin: CodexOrigin;
  file: string;
  /** Its parsed document; empty when the file does not exist. */
  document: Record<string, unknown>;
  /** Why Codex ignores this layer (an untrusted project), when it does. */
  ignored?: string;
}

/** Codex's configuration for one working folder. */
export interface CodexConfig {
  /** Every layer found, lowest precedence first, the ignored ones included. */
  layers: CodexLayer[];
  /** The merged document of the layers Codex uses. */
  merged: Record<string, unknown>;
  /** Files Codex could not read or parse (Codex refuses to start then). */
  problems: string[];
  /** The working folder. */
  cwd: string;
}

/** One server as Codex runs it, and which layers define it. */
export interface CodexServer {
  entry: ConfigEntry;
  origins: CodexOrigin[];
}

type Env = Readonly<Record<string, string | undefined>>;

async function isDir(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isDirectory();
  } catch {
    return false;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

async function readLayer(origin: CodexOrigin, file: string, problems: string[]): Promise<CodexLayer> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') problems.push(`\`${file}\` cannot be read (${code ?? 'unknown error'})`);
    return { origin, file, document: {} };
  }
  try {
    return { origin, file, document: parseToml(text) as Record<string, unknown> };
  } catch (error) {
    problems.push(`\`${file}\` is not valid TOML (${messageOf(error).split('\n')[0]})`);
    return { origin, file, document: {} };
  }
}

/** The folder and its real path, for trust lookups (Codex's `normalized_project_trust_keys`). */
async function trustKeys(dir: string): Promise<string[]> {
  const real = await realpath(dir).catch(() => dir);
  return real === dir ? [dir] : [real, dir];
}

/**
 * The folder Codex checks trust for (openai/codex `resolve_root_git_project_for_trust` in its git
 * utilities, test `linked_worktree_returns_main_checkout_root`): the nearest folder above `cwd` with a
 * `.git`; for a linked worktree, whose `.git` is a file `gitdir: <main>/.git/worktrees/<name>`, the
 * main checkout. Undefined when there is no `.git`, or the file points anywhere but a `worktrees` folder.
 * Never throws.
 */
export async function codexTrustRoot(cwd: string): Promise<string | undefined> {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    const dotGit = path.join(dir, '.git');
    if (await exists(dotGit)) {
      if (await isDir(dotGit)) return dir;
      const text = await readFile(dotGit, 'utf8').catch(() => '');
      const pointer = text.trim();
      if (!pointer.startsWith('gitdir:')) return undefined;
      const target = pointer.slice('gitdir:'.length).trim();
      if (target === '') return undefined;
      const gitDir = await realpath(path.resolve(dir, target)).catch(() => path.resolve(dir, target));
      const worktrees = path.dirname(gitDir);
      if (path.basename(worktrees) !== 'worktrees') return undefined;
      return path.dirname(path.dirname(worktrees));
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * Read Codex's configuration for a working folder.
 * @param env HOME or USERPROFILE and CODEX_HOME
 * @param cwd the session's working folder (absolute)
 * @param systemFile the system layer; by default the platform's
 * @returns the layers and the merged document; never throws
 */
export async function readCodexConfig(env: Env, cwd: string, systemFile = defaultSystemFile()): Promise<CodexConfig> {
  const problems: string[] = [];
  const home = homeFrom(env);
  const codexHome =
    env.CODEX_HOME !== undefined && path.isAbsolute(env.CODEX_HOME) ? env.CODEX_HOME : home === undefined ? undefined : path.join(home, '.codex');
  const layers: CodexLayer[] = [await readLayer('system', systemFile, problems)];
  if (codexHome !== undefined) layers.push(await readLayer('user', path.join(codexHome, 'config.toml'), problems));
  let merged = layers.reduce<Record<string, unknown>>((acc, layer) => mergeCodexLayers(acc, layer.document), {});
  const markers =
    Array.isArray(merged.project_root_markers) && merged.project_root_markers.every((item) => typeof item === 'string')
      ? (merged.project_root_markers as string[])
      : ['.git'];
  const ancestors: string[] = [];
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    ancestors.push(dir);
    if (path.dirname(dir) === dir) break;
  }
  let root = path.resolve(cwd);
  if (markers.length > 0) {
    for (const dir of ancestors) {
      if ((await Promise.all(markers.map((marker) => exists(path.join(dir, marker))))).some(Boolean)) {
        root = dir;
        break;
      }
    }
  }
  const dirs = ancestors.slice(0, ancestors.indexOf(root) + 1).reverse();
  // A linked worktree is trusted through its main checkout, as Codex does.
  const trustRoot = await codexTrustRoot(cwd);
  const rootKeys = [...new Set([...(await trustKeys(root)), ...(trustRoot !== undefined && trustRoot !== root ? await trustKeys(trustRoot) : [])])];
  const realHome = codexHome === undefined ? undefined : await realpath(codexHome).catch(() => codexHome);
  const trustBase = merged;
  for (const dir of dirs) {
    const dotCodex = path.join(dir, '.codex');
    if (!(await isDir(dotCodex))) continue;
    if (dotCodex === codexHome || (await realpath(dotCodex).catch(() => dotCodex)) === realHome) continue;
    const ignored = codexTrustProblem(trustBase, [...(await trustKeys(dir)), ...rootKeys]);
    const layerProblems: string[] = [];
    const layer = await readLayer('project', path.join(dotCodex, 'config.toml'), layerProblems);
    // An untrusted project file that does not parse is skipped by Codex (`load_project_config_file`).
    if (ignored === undefined) problems.push(...layerProblems);
    layers.push(ignored === undefined ? layer : { ...layer, ignored });
    if (ignored === undefined) merged = mergeCodexLayers(merged, layer.document);
  }
  return { layers, merged, problems, cwd: path.resolve(cwd) };
}

function defaultSystemFile(): string {
  return process.platform === 'win32'
    ? path.win32.join(process.env.ProgramData ?? 'C:\\ProgramData', 'OpenAI', 'Codex', 'config.toml')
    : '/etc/codex/config.toml';
}

/**
 * The servers Codex runs, by configured name.
 * @returns each merged entry (its project folder the working folder) with the layers that define it
 */
export function codexServers(config: CodexConfig): Map<string, CodexServer> {
  const out = new Map<string, CodexServer>();
  const servers = config.merged.mcp_servers;
  if (!isObject(servers)) return out;
  const parsed = readCodex({ mcp_servers: servers }, config.cwd);
  for (const entry of parsed.entries) {
    const origins = config.layers
      .filter((layer) => layer.ignored === undefined && isObject(layer.document.mcp_servers) && layer.document.mcp_servers[entry.name] !== undefined)
      .map((layer) => layer.origin);
    out.set(entry.name, { entry, origins: [...new Set(origins)] });
  }
  return out;
}
