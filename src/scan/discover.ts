/**
 * Finding the servers a user's MCP clients would run (SPEC 6), for `rclass
 * scan`: from the files named on the command line, or from every client's
 * usual places ({@link clientLocations}). Each server name is identified
 * with `identifyConfig` over every entry that defines it, and the entry the
 * client actually runs is kept to be started: for Claude Code the one of
 * highest precedence (local scope, then the project's `.mcp.json`, then the
 * user scope), as `src/node/clients/claude-code.ts` reads them.
 *
 * The raw `env` and header values are read here, because starting a server
 * needs them; they stay in {@link ScanTarget.env} and
 * {@link ScanTarget.secrets} and never reach a report. Node-only.
 */
import { realpathSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { homeFrom } from '../node/state-dir.ts';
import { type IdentityIndex, identifyConfig } from '../clients/identify/index.ts';
import { ConfigError, detectClient, familyValues } from '../clients/parse.ts';
import { readConfigFileWithValues } from '../node/clients/read-config.ts';
import { loadEnvFiles } from '../node/clients/env-file.ts';
import type { ClientKind, ConfigEntry, EntryValues, ParsedConfig } from '../clients/types.ts';
import { consolidateGeminiLists, consolidateQwenLists, geminiBlocked, qwenBlocked } from '../clients/formats/gemini.ts';
import { expandValue } from './expand.ts';
import { readClaudeServers } from '../node/clients/claude-code.ts';
import { codexProjectIgnored, copilotDisabledServers, type TurnedOff } from '../node/clients/client-switches.ts';
import { type ClientLocations, showPath, userConfigFiles } from '../node/clients/locations.ts';
import type { ScanTarget, ScannedConfig, SkippedServer } from './types.ts';
import { messageOf } from '../core/errors.ts';

/** One entry with the file it came from and its `env` and header values. */
interface Member {
  entry: ConfigEntry;
  values: EntryValues;
  config: ScannedConfig;
  /** Claude Code precedence: lower runs first. */
  rank: number;
  repository: boolean;
}

/** What discovery found. */
export interface Discovery {
  configs: ScannedConfig[];
  targets: ScanTarget[];
  skipped: SkippedServer[];
  /** Files looked for, when no CONFIG was given. */
  searched: string[];
}

type Env = Readonly<Record<string, string | undefined>>;

/** A project folder compared by its resolved and real forms. */
function sameFolder(a: string, b: string): boolean {
  const forms = (dir: string) => {
    const set = new Set([path.resolve(dir).replace(/[\\/]+$/, '') || dir]);
    try {
      set.add(realpathSync(dir));
    } catch {
      // Only the written form of a folder that does not exist.
    }
    return set;
  };
  const left = forms(a);
  return [...forms(b)].some((form) => left.has(form));
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Whether a discovered location is there to be read: absent only when it
 * does not exist (ENOENT); anything else that stops it being read (a symlink
 * loop, a folder, no permission) is a problem to report.
 * @returns `absent`, `file`, or the problem
 */
async function probe(file: string): Promise<'absent' | 'file' | { problem: string }> {
  try {
    const info = await stat(file);
    return info.isFile() ? 'file' : { problem: info.isDirectory() ? 'EISDIR (it is a folder, not a file)' : 'it is not a regular file' };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'absent' : { problem: code ?? 'unknown error' };
  }
}

/** The written and real forms of a path, to compare files. */
function fileForms(file: string): Set<string> {
  const forms = new Set([path.resolve(file)]);
  try {
    forms.add(realpathSync(file));
  } catch {
    // Only the written form of a file that does not exist.
  }
  return forms;
}

/** Whether `file` is one of the user-level locations (by written or real path). */
function isUserFile(file: string, userFiles: readonly string[]): boolean {
  const forms = fileForms(file);
  return userFiles.some((other) => [...fileForms(other)].some((form) => forms.has(form)));
}

/**
 * Read one file named on the command line, or found for a client other than Claude Code.
 * @param options.repository whether the file's servers need consent: decided by where the file is, never by its client
 */
async function readOne(
  file: string,
  shown: string,
  options: { client?: ClientKind; cwd: string; home?: string; env: Env; repository: boolean },
): Promise<{ config: ScannedConfig; members: Member[]; skippedProjects: number; serverLists?: ParsedConfig['serverLists'] }> {
  const config: ScannedConfig = { file, shown, repository: options.repository, notes: [] };
  let parsed: Awaited<ReturnType<typeof readConfigFileWithValues>>;
  try {
    parsed = await readConfigFileWithValues(file, {
      cwd: options.cwd,
      ...(options.client !== undefined ? { client: options.client } : {}),
      ...(options.home !== undefined ? { home: options.home } : {}),
    });
  } catch (error) {
    if (error instanceof ConfigError && error.kind === 'missing') throw error;
    config.problem = messageOf(error);
    // The file's name still says whose it is (`~/.gemini/settings.json`), as it would had the file been read.
    const client = options.client ?? detectClient(file, {});
    if (client !== undefined) config.client = client;
    return { config, members: [], skippedProjects: 0 };
  }
  const client = parsed.config.client;
  config.client = client;
  config.notes.push(...parsed.config.notes);
  // VS Code and Cursor load a stdio entry's `envFile` into its environment; SPEC 6.2 applies to its keys too.
  await loadEnvFiles(
    parsed.config.entries,
    parsed.values,
    (value, entry) =>
      expandValue(value, {
        client,
        env: options.env,
        workspace: entry.projectDir ?? options.cwd,
        ...(options.home !== undefined ? { home: options.home } : {}),
      }),
    options.cwd,
  );
  const members: Member[] = [];
  let skippedProjects = 0;
  parsed.config.entries.forEach((entry, i) => {
    let rank = 2;
    if (entry.scope.startsWith('projects[')) {
      // Claude Code runs only the local scope of the project it is started in.
      if (entry.projectDir === undefined || !sameFolder(entry.projectDir, options.cwd)) {
        skippedProjects += 1;
        return;
      }
      rank = 0;
    }
    members.push({ entry, values: parsed.values[i] ?? { env: {}, headers: {} }, config, rank, repository: options.repository });
  });
  if (skippedProjects > 0)
    config.notes.push(
      `${skippedProjects} ${skippedProjects === 1 ? 'entry belongs' : 'entries belong'} to other projects' local scopes and ${skippedProjects === 1 ? 'was' : 'were'} left out; Claude Code runs them only in their own project`,
    );
  return { config, members, skippedProjects, ...(parsed.config.serverLists !== undefined ? { serverLists: parsed.config.serverLists } : {}) };
}

/**
 * Identify the members of one client's configuration and pick the entry
 * that runs for each server name.
 */
function targetsOf(
  client: ClientKind,
  members: readonly Member[],
  index: IdentityIndex,
  trustedDir: string | undefined,
): { targets: ScanTarget[]; skipped: SkippedServer[] } {
  // Launchers inside the working project are not trusted even from the user's own files (SPEC 6.2).
  const entries = members.map((member) =>
    member.entry.projectDir === undefined && trustedDir !== undefined ? { ...member.entry, projectDir: trustedDir } : member.entry,
  );
  const byEntry = new Map<ConfigEntry, Member>(entries.map((entry, i) => [entry, members[i]!]));
  const { servers, disabled } = identifyConfig({ client, entries, notes: [] }, index);
  const skipped: SkippedServer[] = disabled.map((name) => {
    const member = members.find((item) => item.entry.name === name);
    return { name, config: member?.config.shown ?? '', why: member?.entry.disabledWhy ?? 'it is disabled in its configuration' };
  });
  const targets: ScanTarget[] = [];
  for (const server of servers) {
    const candidates = server.entries.map((item) => ({ item, member: byEntry.get(item.entry)! })).sort((a, b) => a.member.rank - b.member.rank);
    const running = candidates[0]!;
    const secrets: string[] = [];
    for (const { member } of candidates) secrets.push(...Object.values(member.values.env), ...Object.values(member.values.headers));
    const identification = running.item.identification;
    const target: ScanTarget = {
      name: server.name,
      client,
      config: running.member.config,
      entry: running.member.entry,
      env: { ...running.member.values.env },
      secrets,
      repository: running.member.repository,
      identity: { invalid: server.invalid },
    };
    if (server.recordId !== undefined) {
      target.identity.recordId = server.recordId;
      if (identification.status === 'recognised') {
        target.identity.via = identification.via;
        target.identity.subject = identification.subject;
        target.identity.version = identification.version;
        if (identification.mapping !== undefined) target.identity.mapping = identification.mapping;
        if (identification.gatedBy !== undefined) target.identity.gatedBy = identification.gatedBy;
      }
    } else {
      target.identity.unrecognised = server.unrecognised ?? 'it is not identified';
      if (identification.status === 'unrecognised' && identification.notRecord !== undefined) target.identity.notRecord = identification.notRecord;
    }
    targets.push(target);
  }
  return { targets, skipped };
}

/** The note `configFromDocument` adds to any `.codex/config.toml` of a project, replaced here by what Codex decides. */
const CODEX_TRUST_NOTE = "Codex reads a project's `.codex/config.toml` only once the project is trusted; its servers are listed anyway";

/** A discovered project `.codex/config.toml` that Codex does not load (an untrusted project): its servers are off. */
async function applyCodexTrust(config: ScannedConfig, members: readonly Member[], options: DiscoverOptions): Promise<void> {
  config.notes = config.notes.filter((note) => note !== CODEX_TRUST_NOTE);
  const ignored = await codexProjectIgnored(options.env, config.file, options.cwd);
  if (ignored === undefined) return;
  config.notes.push(`Codex does not load this file: ${ignored}`);
  for (const member of members) {
    member.entry.disabled = true;
    member.entry.disabledWhy = 'it is in a project file Codex does not load until the project is trusted';
  }
}

/** Copilot CLI's `disabledMcpServers` turns off servers of those names in each of its files. */
function applyCopilotSwitch(config: ScannedConfig, members: readonly Member[], off: TurnedOff, shown: string): void {
  if (off.problem !== undefined) config.notes.push(`${off.problem}; servers its \`disabledMcpServers\` may turn off are counted`);
  for (const member of members) {
    if (!off.names.includes(member.entry.name)) continue;
    member.entry.disabled = true;
    member.entry.disabledWhy = `it is turned off in Copilot CLI (\`disabledMcpServers\` in \`${shown}\`, what \`copilot mcp disable\` writes)`;
  }
}

/** Options for {@link discover}. */
export interface DiscoverOptions {
  /** Files named on the command line; empty to look in every client's usual places. */
  files: readonly string[];
  /** Read the named files as this client. */
  client?: ClientKind;
  env: Env;
  cwd: string;
  index: IdentityIndex;
  locations: ClientLocations;
}

/**
 * Find the servers to scan.
 * @returns the files read, one target per server name and client file (Claude Code's files count as one), and the disabled names
 * @throws ConfigError `missing` when a file named on the command line does not exist (a usage error)
 */
export async function discover(options: DiscoverOptions): Promise<Discovery> {
  const home = homeFrom(options.env);
  const show = (file: string) => showPath(file, options.env, options.cwd);
  const result: Discovery = { configs: [], targets: [], skipped: [], searched: [] };
  const addGroup = (client: ClientKind, members: Member[], trustedDir: string | undefined) => {
    const found = targetsOf(client, members, options.index, trustedDir);
    result.targets.push(...found.targets);
    result.skipped.push(...found.skipped);
  };

  if (options.files.length > 0) {
    // A named file is the user's own only at a user-level location scan knows; any other needs consent (a repository can write it).
    const userFiles = userConfigFiles(options.locations);
    for (const file of options.files) {
      const absolute = path.resolve(options.cwd, file);
      const repository = !isUserFile(absolute, userFiles);
      const { config, members } = await readOne(absolute, file, {
        cwd: options.cwd,
        env: options.env,
        repository,
        ...(options.client !== undefined ? { client: options.client } : {}),
        ...(home !== undefined ? { home } : {}),
      });
      result.configs.push(config);
      if (config.client !== undefined) addGroup(config.client, members, undefined);
    }
    return result;
  }

  // Claude Code: ~/.claude.json (user and this project's local scope) and the project's .mcp.json, or managed-mcp.json alone.
  const locations = options.locations;
  const mcpJson = path.join(locations.projectDir, '.mcp.json');
  result.searched.push(...[locations.managedMcp, locations.claudeJson, mcpJson].filter((file): file is string => file !== undefined));
  const claude = await readClaudeServers({
    managedMcp: locations.managedMcp,
    projectDir: locations.projectDir,
    ...(locations.claudeJson !== undefined ? { claudeJson: locations.claudeJson } : {}),
  });
  const claudeConfigs = new Map<string, ScannedConfig>();
  const claudeMembers: Member[] = [];
  const rank = { managed: 0, local: 0, project: 1, user: 2 } as const;
  for (const view of [...claude.servers.values()].flatMap((server) => server.entries)) {
    let config = claudeConfigs.get(view.file);
    if (config === undefined) {
      config = { file: view.file, shown: show(view.file), client: 'claude-code', repository: view.origin === 'project', notes: [] };
      claudeConfigs.set(view.file, config);
    }
    claudeMembers.push({ entry: view.entry, values: familyValues(view.raw), config, rank: rank[view.origin], repository: view.origin === 'project' });
  }
  for (const file of [locations.managedMcp, locations.claudeJson, mcpJson]) {
    if (file !== undefined && !claudeConfigs.has(file) && (await exists(file)) && !(claude.managed && file !== locations.managedMcp)) {
      claudeConfigs.set(file, {
        file,
        shown: show(file),
        client: 'claude-code',
        repository: file === mcpJson,
        notes: ['it defines no server Claude Code runs in this project'],
      });
    }
  }
  result.configs.push(...claudeConfigs.values());
  if (claude.problems.length > 0) {
    result.configs.push({
      file: locations.claudeJson ?? mcpJson,
      shown: 'Claude Code configuration',
      client: 'claude-code',
      repository: false,
      notes: [],
      problem: claude.problems.join('; '),
    });
  }
  if (claude.managed) {
    const managed = claudeConfigs.get(locations.managedMcp);
    managed?.notes.push('managed-mcp.json is present, so Claude Code runs only its servers');
  }
  addGroup('claude-code', claudeMembers, locations.projectDir);

  // Gemini CLI and Qwen Code combine `mcp.allowed` / `mcp.excluded` across their settings files, so their files are grouped after all are read.
  const gemini: Array<{ members: Member[]; lists: NonNullable<ParsedConfig['serverLists']> }> = [];
  const qwen: typeof gemini = [];
  let copilotOff: TurnedOff | undefined;
  for (const location of locations.files) {
    result.searched.push(location.file);
    const found = await probe(location.file);
    if (found === 'absent') continue;
    if (found !== 'file') {
      result.configs.push({
        file: location.file,
        shown: show(location.file),
        client: location.client,
        repository: location.repository,
        notes: [],
        problem: found.problem,
      });
      continue;
    }
    const { config, members, serverLists } = await readOne(location.file, show(location.file), {
      client: location.client,
      cwd: options.cwd,
      env: options.env,
      repository: location.repository,
      ...(home !== undefined ? { home } : {}),
    });
    result.configs.push(config);
    if (location.client === 'codex' && config.client === 'codex' && location.repository) await applyCodexTrust(config, members, options);
    if (location.client === 'copilot-cli' && config.client === 'copilot-cli') {
      copilotOff ??= locations.copilotSettings === undefined ? { names: [] } : await copilotDisabledServers(locations.copilotSettings);
      applyCopilotSwitch(config, members, copilotOff, locations.copilotSettings === undefined ? '' : show(locations.copilotSettings));
    }
    if (location.client === 'gemini-cli' && config.client === 'gemini-cli') gemini.push({ members, lists: serverLists ?? { excluded: [] } });
    else if (location.client === 'qwen-code' && config.client === 'qwen-code') qwen.push({ members, lists: serverLists ?? { excluded: [] } });
    else addGroup(location.client, members, locations.projectDir);
  }
  if (gemini.length > 0) {
    const lists = consolidateGeminiLists(gemini.map((item) => item.lists));
    for (const item of gemini) {
      for (const member of item.members) member.entry.disabled = geminiBlocked(member.entry.name, lists);
      addGroup('gemini-cli', item.members, locations.projectDir);
    }
  }
  if (qwen.length > 0) {
    const lists = consolidateQwenLists(qwen.map((item) => item.lists));
    for (const item of qwen) {
      for (const member of item.members) member.entry.disabled = qwenBlocked(member.entry.name, lists);
      addGroup('qwen-code', item.members, locations.projectDir);
    }
  }

  // Folders of configuration files (Continue's `.continue/mcpServers/`): each file is a configuration of its own.
  for (const folder of locations.folders) {
    result.searched.push(folder.dir);
    let names: string[];
    try {
      names = (await readdir(folder.dir)).filter((name) => folder.extensions.some((ext) => name.toLowerCase().endsWith(ext))).sort();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR')
        result.configs.push({
          file: folder.dir,
          shown: show(folder.dir),
          client: folder.client,
          repository: folder.repository,
          notes: [],
          problem: code ?? 'unknown error',
        });
      continue;
    }
    for (const name of names) {
      const file = path.join(folder.dir, name);
      if ((await probe(file)) !== 'file') continue;
      const { config, members } = await readOne(file, show(file), {
        client: folder.client,
        cwd: options.cwd,
        env: options.env,
        repository: folder.repository,
        ...(home !== undefined ? { home } : {}),
      });
      result.configs.push(config);
      addGroup(folder.client, members, locations.projectDir);
    }
  }
  return result;
}
