/**
 * Claude Code's own tools in the hook (SPEC 8.5, 9). The hook sees every
 * tool so the session guard knows when anything was read, but decides only:
 *
 * - the tools that send data out (`WebFetch`, `WebSearch` and the others in
 *   OUTBOUND_BUILTINS, one table with its sources): R0 until the session has
 *   read, then R4 unless every URL in the input is allow-listed, which only
 *   a tool that names its destination (`WebFetch`) can be (SPEC 9.2);
 * - a built-in tool that would write to the hook's own state, its audit log
 *   or Claude Code's settings: it asks, whatever the thresholds.
 *
 * The path check reads the target of file tools and the command of shell
 * tools (each word that reads as a path), after resolving symbolic links
 * where the target or a folder on its way exists. It catches
 * mistakes, not an agent set on evading it (a command can build a path the
 * text never spells). Node-only.
 */
import type { RegistrableDomainOf } from '../core/url/index.ts';
import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { CLASS_NAMES, DEFAULT_POLICY } from '../core/classes.ts';
import type { Classification, ClassificationSource } from '../core/classify.ts';
import { egressAllowed, urlsAllowed } from '../core/egress.ts';
import type { OUTBOUND_BUILTINS } from '../clients/claude-code-hooks.ts';
import { AGENT_TOOLS, type AgentTools, type HookAgent } from '../clients/agents/builtins.ts';
import { folderChange, holdsProtected, settingsFolders } from './builtin-ancestors.ts';

/** Claude Code's table, the default of the checks below. */
const CLAUDE_TOOLS = AGENT_TOOLS['claude-code'];

/** A classification as the hook reports it: the core's, `builtin` for a Claude Code tool it rates itself, or `local` for a local record's answer (SPEC 5.10). */
export type HookClassification = Omit<Classification, 'source'> & { source: ClassificationSource | 'builtin' | 'local' };

/** Claude Code's web-fetch tool. */
export const WEB_FETCH = 'WebFetch';

/** Most characters of a tool's strings searched for protected paths; beyond it the tool asks. */
const MAX_SEARCHED_CHARS = 1024 * 1024;

/** What the protected-path check looks for. */
export interface ProtectedPaths {
  /** Path fragments, lowercase with `/` separators, e.g. `.claude/settings`, `/home/u/.local/state/rclass`. */
  fragments: string[];
  /**
   * Absolute protected locations (the state folder, the log, Claude Code's
   * settings files and folders); their real paths, symbolic links resolved,
   * are added to `fragments` when a call is checked.
   */
  locations: string[];
}

/**
 * Text as the check compares it: lowercase, `\\` read as `/`, `//` and `/./`
 * collapsed to one `/`, and `dir/..` removed, so `~/.claude/./settings.json`
 * and `~/.claude//settings.json` read as `~/.claude/settings.json`. Lexical
 * only: a `..` after a symbolic link is judged by the text (file targets are
 * also resolved on disk). Never throws.
 */
function normalisePathText(text: string): string {
  let t = text.replace(/\\/g, '/').toLowerCase();
  for (let i = 0; i < 64; i++) {
    const next = t
      .replace(/\/+/g, '/')
      .replace(/\/\.(?=\/|$|[\s'"`;|&)])/g, '')
      .replace(/(^|[\s'"`=:;|&(]|\/)(?!\.\.\/)[^/\s'"`=:;|&()]+\/\.\.(?=\/|$|[\s'"`;|&)])/g, '$1');
    if (next === t) break;
    t = next;
  }
  return t;
}

function normalise(text: string): string {
  return normalisePathText(text);
}

/**
 * The fragments that mark the hook's state, its log and an agent's own settings and hook files.
 * @param stateDir rclass's state folder, when known
 * @param logFile the audit log in use, when logging
 * @param agent whose settings files to protect ({@link AGENT_TOOLS})
 * @param env the hook's environment: `CLAUDE_CONFIG_DIR` (Claude Code) and `CODEX_HOME` (Codex) move those agents' files
 * @param home the user's home folder, when known (the agent's files under it are resolved on disk)
 * @param extra other absolute locations that decide like the state (a `--records DIR` of local records, SPEC 5.10)
 */
export function protectedPaths(
  stateDir: string | undefined,
  logFile: string | undefined,
  agent: HookAgent,
  env: Readonly<Record<string, string | undefined>>,
  home?: string,
  extra: readonly string[] = [],
): ProtectedPaths {
  const tools = AGENT_TOOLS[agent];
  const fragments = new Set<string>([...tools.settings.fragments, 'state/rclass', 'rclass/sessions', 'rclass/audit.jsonl']);
  const locations = new Set<string>();
  if (stateDir !== undefined) {
    fragments.add(normalise(stateDir));
    fragments.add(normalise(`${path.basename(path.dirname(stateDir))}/${path.basename(stateDir)}`));
    locations.add(stateDir);
  }
  for (const location of extra) {
    fragments.add(normalise(location));
    locations.add(location);
  }
  if (logFile !== undefined) {
    fragments.add(normalise(logFile));
    locations.add(logFile);
    // A log moved by --log may be named without its folder, e.g. from inside that folder.
    const insideState = stateDir !== undefined && normalise(logFile).startsWith(`${normalise(stateDir)}/`);
    if (!insideState && path.basename(logFile).length >= 5) fragments.add(normalise(path.basename(logFile)));
  }
  const claudeConfigDir = env.CLAUDE_CONFIG_DIR;
  if (agent === 'claude-code' && claudeConfigDir !== undefined && claudeConfigDir !== '') {
    fragments.add(normalise(path.join(claudeConfigDir, 'settings')));
    fragments.add(normalise(path.join(claudeConfigDir, '.claude.json')));
    if (path.isAbsolute(claudeConfigDir)) {
      locations.add(path.join(claudeConfigDir, 'settings.json'));
      locations.add(path.join(claudeConfigDir, 'settings.local.json'));
      locations.add(path.join(claudeConfigDir, '.claude.json'));
    }
  }
  // Codex reads config.toml and hooks.json from CODEX_HOME (openai/codex codex-rs/utils/home-dir find_codex_home).
  const codexHome = env.CODEX_HOME;
  if (agent === 'codex' && codexHome !== undefined && path.isAbsolute(codexHome)) {
    for (const file of ['config.toml', 'hooks.json']) {
      fragments.add(normalise(path.join(codexHome, file)));
      locations.add(path.join(codexHome, file));
    }
  }
  if (home !== undefined && path.isAbsolute(home)) for (const file of tools.settings.homeFiles) locations.add(path.join(home, file));
  return { fragments: [...fragments].filter((fragment) => fragment.length > 0), locations: [...locations].filter((l) => path.isAbsolute(l)) };
}

function collectStrings(value: unknown, out: string[], budget: { left: number }, depth = 0): void {
  if (budget.left <= 0 || depth > 64) {
    budget.left = 0;
    return;
  }
  if (typeof value === 'string') {
    out.push(value);
    budget.left -= value.length;
  } else if (Array.isArray(value)) {
    for (const item of value) collectStrings(item, out, budget, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      collectStrings(item, out, budget, depth + 1);
    }
  }
}

/** Most path-like strings of one call resolved on disk; the rest are still compared as text. */
const MAX_RESOLVED = 64;

/**
 * The real path of `file` (absolute), symbolic links resolved: the file's
 * own, or its nearest existing parent's with the missing rest appended, so a
 * file not yet written is judged by the folder it would land in. Undefined
 * when nothing can be resolved. Never throws.
 */
async function resolved(file: string): Promise<string | undefined> {
  if (!path.isAbsolute(file) || file.includes('\u0000')) return undefined;
  let current = path.resolve(file);
  const rest: string[] = [];
  for (let i = 0; i < 256; i++) {
    try {
      const real = realpathSync(current);
      return rest.length === 0 ? real : path.join(real, ...rest.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return undefined;
      rest.push(path.basename(current));
      current = parent;
    }
  }
  return undefined;
}

/** Where a call runs, to read relative and `~` paths as the tool would. */
export interface PathBase {
  /** The payload's working folder (absolute), when given. */
  cwd?: string;
  /** The user's home folder, when known. */
  home?: string;
}

/** `text` as an absolute path: absolute as is, `~/…` under `home`, a relative path (or a bare name without spaces) under `cwd`; else undefined. */
function asPath(text: string, base: PathBase): string | undefined {
  const t = text.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL or a line break cannot be part of a path the tool would open.
  if (t.length === 0 || t.length > 4096 || /[\n\r\u0000]/.test(t)) return undefined;
  if (path.isAbsolute(t)) return t;
  if ((t === '~' || t.startsWith('~/')) && base.home !== undefined) return path.join(base.home, t.slice(1));
  if (base.cwd !== undefined && path.isAbsolute(base.cwd) && (t.includes('/') || /^[^\s/]{1,255}$/.test(t))) return path.resolve(base.cwd, t);
  return undefined;
}

/** The files a patch in Codex's `apply_patch` format names (openai/codex codex-rs/apply-patch `parser.rs` markers). */
function patchTargets(text: string): string[] {
  const targets: string[] = [];
  for (const match of text.matchAll(/^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/gm)) targets.push(match[1]!.trim());
  return targets;
}

/**
 * The words of a shell command that may name a file: split at blanks,
 * operators, redirections and `=`, with quotes and backslash escapes
 * removed as the shell would, keeping those with a `/` or a leading `~`.
 * Lexical and rough (no expansion); never throws.
 */
function shellPathWords(command: string): string[] {
  return command
    .split(/[\s;|&<>()=`]+/)
    .map((word) => word.replace(/\\(.)/g, '$1').replace(/['"]/g, ''))
    .filter((word) => word.includes('/') || word.startsWith('~'));
}

/** The words of a shell command, split at blanks and operators, with quotes and backslash escapes removed. */
function shellWords(command: string): string[] {
  return command
    .split(/[\s;|&<>()=`]+/)
    .map((word) => word.replace(/\\(.)/g, '$1').replace(/['"]/g, ''))
    .filter((word) => word.length > 0);
}

/**
 * The folders a shell command changes to before its later words run: the
 * word after `cd` or `pushd` (options skipped; `~` when none), as written.
 * `cd ~/.claude && echo {} > settings.json` writes `~/.claude/settings.json`
 * with no protected path in its text (third review of issue 23). Never throws.
 */
function changedFolders(words: readonly string[]): string[] {
  const folders: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    if (words[i] !== 'cd' && words[i] !== 'pushd') continue;
    let j = i + 1;
    while (j < words.length && /^-[A-Za-z@]+$/.test(words[j]!)) j += 1;
    const next = words[j];
    folders.push(next === undefined || next === '-' || !/^[^-]/.test(next) ? '~' : next);
  }
  return folders;
}

/** Bare names checked per call, at most: enough for any command a person reads. */
const MAX_BARE_NAMES = 256;

/**
 * The bare names (no `/`, not an option) among a shell command's words that
 * are symbolic links in `cwd`, as paths under it. Never throws.
 */
function linkedBareNames(command: string, cwd: string): string[] {
  const names = command
    .split(/[\s;|&<>()=`]+/)
    .map((word) => word.replace(/\\(.)/g, '$1').replace(/['"]/g, ''))
    .filter((word) => /^[^\s/~-][^\s/]{0,254}$/.test(word) && !word.includes('\u0000'))
    .slice(0, MAX_BARE_NAMES);
  const linked: string[] = [];
  for (const name of new Set(names)) {
    try {
      if (lstatSync(path.join(cwd, name)).isSymbolicLink()) linked.push(path.join(cwd, name));
    } catch {
      // Not there: a file the command may create lands in cwd itself, which the text check covers.
    }
  }
  return linked;
}

/**
 * Whether a built-in tool call would write to a protected path. Every tool
 * but the read-only ones counts as a possible write, an unknown (newer) tool
 * included: for the writing tools the fields that name the target are
 * searched, for any other tool every string. Strings are compared as
 * {@link normalisePathText} reads them (shell tools also with quotes and
 * backslashes removed); file targets, and any string of an unknown tool that
 * reads as a path (absolute, `~/…`, or relative to `base.cwd`), are also
 * resolved on disk, and the protected locations' own real paths are added,
 * so a symbolic link in either direction is followed.
 * A patch tool (Codex `apply_patch`) is searched as text, and the files
 * its `*** … File:` and `*** Move to:` lines name are resolved as targets.
 * @param toolName the agent's tool name, e.g. `Write`, `Bash`, `write_file`, `apply_patch`
 * @param input the tool's input
 * @param base the call's working folder and the user's home, for relative and `~` paths
 * @param tools the agent's table ({@link AGENT_TOOLS}); Claude Code's by default
 * @returns the fragment found (or why the input could not be searched), or undefined; never throws
 */
export async function protectedPathHit(
  toolName: string,
  input: Readonly<Record<string, unknown>>,
  paths: ProtectedPaths,
  base: PathBase = {},
  tools: AgentTools = CLAUDE_TOOLS,
): Promise<string | undefined> {
  if (tools.readOnly.includes(toolName)) return undefined;
  const strings: string[] = [];
  const budget = { left: MAX_SEARCHED_CHARS };
  const fields = Object.hasOwn(tools.writing, toolName) ? tools.writing[toolName] : undefined;
  const shell = tools.shell.includes(toolName);
  const patch = tools.patch.includes(toolName);
  let candidates: string[] = [];
  if (fields !== undefined) {
    for (const field of fields) collectStrings(input[field], strings, budget);
    if (patch) candidates = strings.flatMap(patchTargets);
    else if (!shell) for (const field of fields) if (typeof input[field] === 'string') candidates.push(input[field] as string);
  } else {
    collectStrings(input, strings, budget);
    candidates = [...strings];
  }
  if (budget.left <= 0) return 'its input is too large to search for protected paths';
  const commands = shell ? [...strings] : [];
  // A shell command's words that read as paths are resolved on disk too, as a file tool's target is: `cp x
  // proj/cfglink/settings.json`, where `cfglink` links to `.claude`, names no protected path in its text (issue 23).
  if (shell) for (const text of [...strings]) candidates.push(...shellPathWords(text));
  // A bare name is a file in the call's folder too, and `echo {} > s.json` writes through a link `s.json` there
  // (second review of issue 23): bare names that are symbolic links in that folder are resolved as well.
  if (shell && base.cwd !== undefined && path.isAbsolute(base.cwd)) for (const text of [...strings]) candidates.push(...linkedBareNames(text, base.cwd));
  // After `cd DIR` the command's relative words name files in DIR (and in its real path, for a linked DIR).
  if (shell) {
    for (const text of [...strings]) {
      const words = shellWords(text);
      for (const folder of changedFolders(words).slice(0, 8)) {
        const dir = asPath(folder, base);
        if (dir === undefined) continue;
        const real = await resolved(dir);
        const relative = words.filter((w) => !path.isAbsolute(w) && !w.startsWith('~') && !w.startsWith('-')).slice(0, MAX_BARE_NAMES);
        for (const root of real !== undefined && real !== dir ? [dir, real] : [dir]) for (const w of relative) strings.push(path.join(root, w));
      }
    }
  }
  let resolvedCount = 0;
  for (const text of candidates) {
    const absolute = asPath(text, base);
    if (absolute === undefined) continue;
    if (++resolvedCount > MAX_RESOLVED) return 'its input names too many paths to resolve';
    strings.push(absolute);
    const real = await resolved(absolute);
    if (real !== undefined) strings.push(real);
  }
  if (shell) {
    // The shell removes quotes and backslash escapes before it opens a file: `.claude/"settings".json`.
    for (const text of [...strings]) if (/['"\\]/.test(text)) strings.push(text.replace(/\\(.)/g, '$1').replace(/['"]/g, ''));
  }
  const fragments = new Set(paths.fragments);
  const locations = new Set(paths.locations.map(normalise));
  for (const location of paths.locations) {
    const real = await resolved(location);
    if (real !== undefined) {
      fragments.add(normalise(real));
      locations.add(normalise(real));
    }
  }
  const all = [...fragments].filter((f) => f.length > 0);
  for (const text of strings) {
    const haystack = normalise(text);
    const found = all.find((fragment) => haystack.includes(fragment));
    if (found !== undefined) return found;
  }
  return shell ? await folderAboveHit(commands, [...locations], settingsFolders(paths.fragments), base) : undefined;
}

/** Whether something (a link included) is at `file`. Never throws. */
function exists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/** `$HOME/…` and `${HOME}/…` as `~/…`, the one expansion the folder check reads. */
function homeVariable(word: string): string {
  return word.replace(/^(?:\$HOME|\$\{HOME\})(?=\/|$)/, '~');
}

/**
 * Whether a shell command removes, moves or replaces a folder above a
 * protected path (`mv ~/.local/state ~/old`, `rm -rf ~/.claude`, `rm -r
 * .claude`; `builtin-ancestors.ts`). Each word that reads as a path, and
 * after `cd DIR` each relative word under DIR, is resolved as
 * {@link protectedPathHit} resolves targets.
 * @param commands the shell tool's strings
 * @param locations the protected locations, as {@link normalisePathText} reads them
 * @param dotFolders the agents' settings folders ({@link settingsFolders})
 * @param base the call's working folder and the user's home, for relative and `~` words
 * @returns what the folder holds, or undefined; never throws
 */
async function folderAboveHit(
  commands: readonly string[],
  locations: readonly string[],
  dotFolders: readonly string[],
  base: PathBase,
): Promise<string | undefined> {
  let count = 0;
  for (const command of commands) {
    const words = shellWords(command).map(homeVariable);
    const change = folderChange(words);
    if (change === 'none') continue;
    const operands = words.filter((word) => !word.startsWith('-'));
    const folders = operands.flatMap((word) => {
      const absolute = asPath(word, base);
      return absolute === undefined ? [] : [absolute];
    });
    for (const folder of changedFolders(words).slice(0, 8)) {
      const dir = asPath(homeVariable(folder), base);
      if (dir !== undefined)
        for (const word of operands.filter((w) => !path.isAbsolute(w) && !w.startsWith('~')).slice(0, MAX_BARE_NAMES)) folders.push(path.join(dir, word));
    }
    for (const folder of folders) {
      // A word that names nothing on disk holds nothing (a command's own name, an option's value, a file it creates).
      if (!exists(folder)) continue;
      if (++count > MAX_RESOLVED) return 'its input names too many paths to resolve';
      const real = await resolved(folder);
      for (const onDisk of real !== undefined && real !== folder ? [folder, real] : [folder]) {
        const held = holdsProtected(normalise(onDisk).replace(/\/+$/, ''), onDisk, locations, dotFolders, change === 'remove');
        if (held !== undefined) return held;
      }
    }
  }
  return undefined;
}

/**
 * Classify a call of a built-in tool that sends data out (SPEC 2.2, 9.2;
 * the agent's `outbound` table, Claude Code's {@link OUTBOUND_BUILTINS} by
 * default): R0 before the session has read; after it, R4 with source
 * `session` unless the tool names its destinations in its input and every
 * URL there is on the allowlist (only a tool whose URL the agent picks, such
 * as `WebFetch` or Gemini CLI's `web_fetch`, can be cleared so). Never throws.
 * @param toolName a key of the agent's `outbound` table, e.g. `WebFetch`, `WebSearch`, `web_fetch`
 * @param input the tool's input
 * @param hasRead whether the session had read before this call
 * @param allowlist `--egress-allow` hosts
 * @param registrableDomain the Public Suffix List's registrable domain of a host (SPEC 9.4); given with a non-empty allowlist
 * @param tools the agent's table ({@link AGENT_TOOLS})
 */
export function classifyOutbound(
  toolName: string,
  input: Readonly<Record<string, unknown>>,
  hasRead: boolean,
  allowlist: readonly string[],
  registrableDomain?: RegistrableDomainOf,
  tools: AgentTools = CLAUDE_TOOLS,
): HookClassification {
  const base = { server: '', tool: toolName } as const;
  const entry = Object.hasOwn(tools.outbound, toolName) ? tools.outbound[toolName] : undefined;
  const sends = entry?.sends ?? 'data to a place outside the machine';
  const picksUrl = entry?.destination !== undefined || entry?.urls !== undefined;
  if (hasRead) {
    const verdict =
      entry?.urls === 'every'
        ? urlsAllowed(input, allowlist, registrableDomain)
        : egressAllowed({ destination: entry?.destination !== undefined ? [entry.destination] : [] }, input, allowlist, registrableDomain);
    if (!verdict.allowed) {
      return {
        ...base,
        class: 'R4',
        name: CLASS_NAMES.R4,
        source: 'session',
        rationale: picksUrl
          ? `The session has already read data, and ${toolName} can carry it in the URL to a host the agent chose that is not on the egress allowlist (SPEC 9).`
          : `The session has already read data, and ${toolName} sends ${sends}, where the egress allowlist cannot clear it (SPEC 9).`,
        policy: DEFAULT_POLICY.R4,
        notes: [`session guard: ${verdict.reason}`],
      };
    }
  }
  return {
    ...base,
    class: 'R0',
    name: CLASS_NAMES.R0,
    source: 'builtin',
    rationale: picksUrl
      ? hasRead
        ? `${toolName} sends a GET request, a read (SPEC 2.2), and every URL in its input is on the egress allowlist (SPEC 9).`
        : `${toolName} sends a GET request, which is a read (SPEC 2.2), and the session has read nothing yet (SPEC 9).`
      : `${toolName} sends ${sends}, and the session has read nothing yet that it could carry (SPEC 9).`,
    policy: DEFAULT_POLICY.R0,
  };
}
