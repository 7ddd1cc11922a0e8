/**
 * Where each MCP client keeps its configuration, per platform, for `rclass
 * scan` without CONFIG. Everything comes from the environment and working
 * folder given, never from the process's own, so tests can point `HOME` and
 * `APPDATA` at a temporary folder. Pure; Node's `path` only.
 *
 * - Claude Desktop: `~/Library/Application Support/Claude/` (macOS),
 *   `%APPDATA%\Claude\` (Windows); Anthropic ships no Linux build, and the
 *   community Linux builds use `~/.config/Claude/` (`$XDG_CONFIG_HOME`).
 * - Claude Code: read through `src/node/clients/claude-code.ts` (`~/.claude.json`
 *   or `$CLAUDE_CONFIG_DIR/.claude.json`, the project's `.mcp.json`,
 *   `managed-mcp.json`); its settings files are listed here for consent.
 * - Cursor: `~/.cursor/mcp.json` and the project's `.cursor/mcp.json`.
 * - VS Code: the project's `.vscode/mcp.json` and the user profile's
 *   `mcp.json` (`~/.config/Code/User/`, `~/Library/Application Support/Code/User/`,
 *   `%APPDATA%\Code\User\`).
 * - Windsurf: `~/.codeium/windsurf/mcp_config.json`.
 */
import path from 'node:path';
import { homeFrom } from '../state-dir.ts';
import type { ClientKind } from '../../clients/types.ts';
import { claudeJsonFile, managedMcpFile } from './claude-code.ts';

/** One configuration file a client may read. */
export interface ConfigLocation {
  client: ClientKind;
  file: string;
  /** The file belongs to the project (a repository can write it). */
  repository: boolean;
}

/** Everything discovery looks at. */
export interface ClientLocations {
  /** Files other than Claude Code's, in report order. */
  files: ConfigLocation[];
  /** Claude Code's `~/.claude.json`, or undefined without a home folder. */
  claudeJson?: string;
  /** Claude Code's `managed-mcp.json`. */
  managedMcp: string;
  /** Claude Code's settings files the user controls, which may approve or reject `.mcp.json` servers (the project's own are found from the project). */
  claudeSettings: { user: string[]; managed: string[] };
  /** The project folder: the working folder. */
  projectDir: string;
}

type Env = Readonly<Record<string, string | undefined>>;

function pathsFor(platform: NodeJS.Platform): path.PlatformPath {
  return platform === 'win32' ? path.win32 : path.posix;
}

function absolute(value: string | undefined, platform: NodeJS.Platform): string | undefined {
  return value !== undefined && value !== '' && pathsFor(platform).isAbsolute(value) ? value : undefined;
}

/** The home folder on a platform: `HOME`, or `USERPROFILE` (as `homeFrom` reads them, with that platform's idea of an absolute path). */
function homeOn(env: Env, platform: NodeJS.Platform): string | undefined {
  return absolute(env.HOME, platform) ?? absolute(env.USERPROFILE, platform);
}

/** The folder where per-user application data lives: `~/Library/Application Support`, `%APPDATA%`, or `$XDG_CONFIG_HOME` / `~/.config`. */
export function appDataDir(env: Env, platform: NodeJS.Platform): string | undefined {
  const p = pathsFor(platform);
  const home = homeOn(env, platform);
  if (platform === 'darwin') return home === undefined ? undefined : p.join(home, 'Library', 'Application Support');
  if (platform === 'win32') return absolute(env.APPDATA, platform) ?? (home === undefined ? undefined : p.join(home, 'AppData', 'Roaming'));
  return absolute(env.XDG_CONFIG_HOME, platform) ?? (home === undefined ? undefined : p.join(home, '.config'));
}

/**
 * The configuration files of every client, for one user and project.
 * @param env the environment (HOME or USERPROFILE, APPDATA, XDG_CONFIG_HOME, CLAUDE_CONFIG_DIR)
 * @param cwd the project folder (absolute)
 * @param platform which platform's paths to use
 */
export function clientLocations(env: Env, cwd: string, platform: NodeJS.Platform = process.platform): ClientLocations {
  const p = pathsFor(platform);
  const home = homeOn(env, platform);
  const appData = appDataDir(env, platform);
  const files: ConfigLocation[] = [];
  if (appData !== undefined) files.push({ client: 'claude-desktop', file: p.join(appData, 'Claude', 'claude_desktop_config.json'), repository: false });
  if (home !== undefined) files.push({ client: 'cursor', file: p.join(home, '.cursor', 'mcp.json'), repository: false });
  files.push({ client: 'cursor', file: p.join(cwd, '.cursor', 'mcp.json'), repository: true });
  if (appData !== undefined) files.push({ client: 'vscode', file: p.join(appData, 'Code', 'User', 'mcp.json'), repository: false });
  files.push({ client: 'vscode', file: p.join(cwd, '.vscode', 'mcp.json'), repository: true });
  if (home !== undefined) files.push({ client: 'windsurf', file: p.join(home, '.codeium', 'windsurf', 'mcp_config.json'), repository: false });

  const managedMcp = managedMcpFile(platform);
  const claudeDir = absolute(env.CLAUDE_CONFIG_DIR, platform) ?? (home === undefined ? undefined : p.join(home, '.claude'));
  const locations: ClientLocations = {
    files,
    managedMcp,
    claudeSettings: {
      user: claudeDir === undefined ? [] : [p.join(claudeDir, 'settings.json')],
      managed: [p.join(p.dirname(managedMcp), 'managed-settings.json')],
    },
    projectDir: cwd,
  };
  const claudeJson = claudeJsonFile(env);
  if (claudeJson !== undefined) locations.claudeJson = claudeJson;
  return locations;
}

/**
 * The user-level configuration files scan knows for this user: every
 * client's own file under HOME or APPDATA (and the managed file), never a
 * project's. A file named on the command line counts as the user's own, so
 * its servers start without consent, only when it is one of these; any other
 * file needs consent like a repository configuration, whatever `--client`
 * says it is.
 */
export function userConfigFiles(locations: ClientLocations): string[] {
  return [
    ...locations.files.filter((location) => !location.repository).map((location) => location.file),
    ...(locations.claudeJson !== undefined ? [locations.claudeJson] : []),
    locations.managedMcp,
  ];
}

/**
 * A path as shown to the user: `~/…` inside the home folder, relative inside
 * the working folder, absolute otherwise.
 */
export function showPath(file: string, env: Env, cwd: string): string {
  const home = homeFrom(env);
  const relative = path.relative(cwd, file);
  if (relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)) return relative;
  if (home !== undefined) {
    const fromHome = path.relative(home, file);
    if (fromHome !== '' && !fromHome.startsWith('..') && !path.isAbsolute(fromHome)) return `~/${fromHome.split(path.sep).join('/')}`;
  }
  return file;
}
