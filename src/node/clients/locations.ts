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
 * - Codex: `$CODEX_HOME/config.toml` (default `~/.codex/config.toml`) and
 *   the project's `.codex/config.toml` (openai/codex
 *   `codex-rs/config/src/loader/README.md`: user, project layers).
 * - Gemini CLI: `~/.gemini/settings.json` (`$GEMINI_CLI_HOME/.gemini`), the
 *   project's `.gemini/settings.json`, and the system file
 *   (`/etc/gemini-cli/settings.json`, `/Library/Application Support/GeminiCli/`,
 *   `C:\ProgramData\gemini-cli\`; `$GEMINI_CLI_SYSTEM_SETTINGS_PATH`) from
 *   gemini-cli `packages/cli/src/config/settings.ts`, `packages/core/src/utils/paths.ts`.
 * - Qwen Code: `~/.qwen/settings.json` (`$QWEN_HOME/settings.json`), the
 *   project's `.qwen/settings.json` and the system file
 *   (`/etc/qwen-code/settings.json`, `/Library/Application Support/QwenCode/`,
 *   `C:\ProgramData\qwen-code\`; `$QWEN_CODE_SYSTEM_SETTINGS_PATH`), in
 *   Gemini CLI's format (@qwen-code/qwen-code 0.15.10, `Storage.getGlobalSettingsPath`,
 *   `getSystemSettingsPath`).
 * - GitHub Copilot CLI: `$COPILOT_HOME/mcp-config.json` (default
 *   `~/.copilot/mcp-config.json`) and the repository's `.github/mcp.json`;
 *   it also reads every `.mcp.json` from the working folder up to the
 *   repository root, which scan reads as Claude Code's (github/docs
 *   `content/copilot/how-tos/copilot-cli/customize-copilot/add-mcp-servers.md`,
 *   "Adding per-repository MCP servers";
 *   `content/copilot/reference/copilot-cli-reference/cli-config-dir-reference.md`, `COPILOT_HOME`);
 *   `settings.json` beside it holds `disabledMcpServers` (`copilot mcp disable`).
 * - Cline: the VS Code extension's global storage
 *   (`<VS Code user>/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json`)
 *   and the CLI's `~/.cline/data/settings/cline_mcp_settings.json` (docs.cline.bot).
 * - Roo Code: `<VS Code user>/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json`
 *   and the project's `.roo/mcp.json`.
 * - Kilo Code: `<VS Code user>/globalStorage/kilocode.kilo-code/settings/mcp_settings.json`,
 *   the CLI's `~/.kilocode/cli/global/settings/mcp_settings.json` and the project's
 *   `.kilocode/mcp.json` (kilo.ai/docs/features/mcp/using-mcp-in-cli).
 * - Kiro: `~/.kiro/settings/mcp.json` and the project's `.kiro/settings/mcp.json`
 *   (kiro.dev/docs/mcp/configuration).
 * - OpenCode: `~/.config/opencode/opencode.json(c)` (`$XDG_CONFIG_HOME`), the
 *   project's `opencode.json(c)` and `.opencode/opencode.json(c)` (opencode.ai/docs/mcp-servers).
 * - Zed: `~/.config/zed/settings.json` (Linux and macOS; `%APPDATA%\Zed\` on
 *   Windows) and the project's `.zed/settings.json` (zed.dev/docs/ai/mcp).
 * - Continue: `~/.continue/config.yaml` and the project's `.continue/mcpServers/`
 *   block files (docs.continue.dev).
 * - Goose: `~/.config/goose/config.yaml`, `%APPDATA%\Block\goose\config\config.yaml`
 *   (block/goose `documentation/docs/guides/config-files.md`).
 * - Junie: `~/.junie/mcp/mcp.json` and the project's `.junie/mcp/mcp.json`
 *   (third-party guides; Junie's own help names no path).
 * - Amazon Q Developer: `~/.aws/amazonq/mcp.json`, `~/.aws/amazonq/default.json`,
 *   `~/.aws/amazonq/agents/default.json`, the project's `.amazonq/mcp.json` and
 *   `.amazonq/default.json` (docs.aws.amazon.com/amazonq …/mcp-ide.html, qdev-mcp.html).
 */
import path from 'node:path';
import { homeFrom } from '../state-dir.ts';
import type { ClientKind } from '../../clients/types.ts';
import { claudeJsonFile, managedMcpFile } from './claude-code.ts';

/** One configuration file a client may read. */
interface ConfigLocation {
  client: ClientKind;
  file: string;
  /** The file belongs to the project (a repository can write it). */
  repository: boolean;
}

/** A folder whose files a client reads, each a configuration (Continue's `.continue/mcpServers/`). */
interface ConfigFolder {
  client: ClientKind;
  dir: string;
  /** File name endings read, e.g. `.yaml`. */
  extensions: readonly string[];
  repository: boolean;
}

/** Everything discovery looks at. */
export interface ClientLocations {
  /** Files other than Claude Code's, in report order. */
  files: ConfigLocation[];
  /** Folders of configuration files. */
  folders: ConfigFolder[];
  /** Claude Code's `~/.claude.json`, or undefined without a home folder. */
  claudeJson?: string;
  /** Claude Code's `managed-mcp.json`. */
  managedMcp: string;
  /** Claude Code's settings files the user controls, which may approve or reject `.mcp.json` servers (the project's own are found from the project). */
  claudeSettings: { user: string[]; managed: string[] };
  /** The project folder: the working folder. */
  projectDir: string;
  /** GitHub Copilot CLI's `settings.json`, whose `disabledMcpServers` turns servers off; undefined without a home folder. */
  copilotSettings?: string;
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
function appDataDir(env: Env, platform: NodeJS.Platform): string | undefined {
  const p = pathsFor(platform);
  const home = homeOn(env, platform);
  if (platform === 'darwin') return home === undefined ? undefined : p.join(home, 'Library', 'Application Support');
  if (platform === 'win32') return absolute(env.APPDATA, platform) ?? (home === undefined ? undefined : p.join(home, 'AppData', 'Roaming'));
  return absolute(env.XDG_CONFIG_HOME, platform) ?? (home === undefined ? undefined : p.join(home, '.config'));
}

/**
 * The configuration files of every client, for one user and project.
 * @param env the environment (HOME or USERPROFILE, APPDATA, XDG_CONFIG_HOME, CLAUDE_CONFIG_DIR, CODEX_HOME, GEMINI_CLI_HOME, QWEN_HOME, COPILOT_HOME)
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
  const user = (client: ClientKind, ...parts: string[]) => {
    if (home !== undefined) files.push({ client, file: p.join(home, ...parts), repository: false });
  };
  const project = (client: ClientKind, ...parts: string[]) => files.push({ client, file: p.join(cwd, ...parts), repository: true });
  // Codex
  const codexHome = absolute(env.CODEX_HOME, platform) ?? (home === undefined ? undefined : p.join(home, '.codex'));
  if (codexHome !== undefined) files.push({ client: 'codex', file: p.join(codexHome, 'config.toml'), repository: false });
  project('codex', '.codex', 'config.toml');
  // Gemini CLI
  const geminiHome = absolute(env.GEMINI_CLI_HOME, platform) ?? home;
  if (geminiHome !== undefined) files.push({ client: 'gemini-cli', file: p.join(geminiHome, '.gemini', 'settings.json'), repository: false });
  files.push({
    client: 'gemini-cli',
    file:
      absolute(env.GEMINI_CLI_SYSTEM_SETTINGS_PATH, platform) ??
      (platform === 'darwin'
        ? '/Library/Application Support/GeminiCli/settings.json'
        : platform === 'win32'
          ? 'C:\\ProgramData\\gemini-cli\\settings.json'
          : '/etc/gemini-cli/settings.json'),
    repository: false,
  });
  project('gemini-cli', '.gemini', 'settings.json');
  // Qwen Code (Gemini CLI's format)
  const qwenHome = absolute(env.QWEN_HOME, platform) ?? (home === undefined ? undefined : p.join(home, '.qwen'));
  if (qwenHome !== undefined) files.push({ client: 'qwen-code', file: p.join(qwenHome, 'settings.json'), repository: false });
  files.push({
    client: 'qwen-code',
    file:
      absolute(env.QWEN_CODE_SYSTEM_SETTINGS_PATH, platform) ??
      (platform === 'darwin'
        ? '/Library/Application Support/QwenCode/settings.json'
        : platform === 'win32'
          ? 'C:\\ProgramData\\qwen-code\\settings.json'
          : '/etc/qwen-code/settings.json'),
    repository: false,
  });
  project('qwen-code', '.qwen', 'settings.json');
  // GitHub Copilot CLI
  const copilotHome = absolute(env.COPILOT_HOME, platform) ?? (home === undefined ? undefined : p.join(home, '.copilot'));
  if (copilotHome !== undefined) files.push({ client: 'copilot-cli', file: p.join(copilotHome, 'mcp-config.json'), repository: false });
  project('copilot-cli', '.github', 'mcp.json');
  // Cline, Roo Code, Kilo Code: the VS Code extensions' global storage, and their CLIs and project files
  const codeUser = appData === undefined ? undefined : p.join(appData, 'Code', 'User', 'globalStorage');
  if (codeUser !== undefined) {
    files.push({ client: 'cline', file: p.join(codeUser, 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json'), repository: false });
    files.push({ client: 'roo-code', file: p.join(codeUser, 'rooveterinaryinc.roo-cline', 'settings', 'mcp_settings.json'), repository: false });
    files.push({ client: 'kilo-code', file: p.join(codeUser, 'kilocode.kilo-code', 'settings', 'mcp_settings.json'), repository: false });
  }
  user('cline', '.cline', 'data', 'settings', 'cline_mcp_settings.json');
  project('roo-code', '.roo', 'mcp.json');
  user('kilo-code', '.kilocode', 'cli', 'global', 'settings', 'mcp_settings.json');
  project('kilo-code', '.kilocode', 'mcp.json');
  // Kiro
  user('kiro', '.kiro', 'settings', 'mcp.json');
  project('kiro', '.kiro', 'settings', 'mcp.json');
  // OpenCode
  const xdg = absolute(env.XDG_CONFIG_HOME, platform) ?? (home === undefined ? undefined : p.join(home, '.config'));
  if (xdg !== undefined)
    for (const name of ['opencode.json', 'opencode.jsonc']) files.push({ client: 'opencode', file: p.join(xdg, 'opencode', name), repository: false });
  for (const name of ['opencode.json', 'opencode.jsonc']) {
    project('opencode', name);
    project('opencode', '.opencode', name);
  }
  // Zed
  const zedDir = platform === 'win32' ? (appData === undefined ? undefined : p.join(appData, 'Zed')) : xdg === undefined ? undefined : p.join(xdg, 'zed');
  if (zedDir !== undefined) files.push({ client: 'zed', file: p.join(zedDir, 'settings.json'), repository: false });
  project('zed', '.zed', 'settings.json');
  // Continue
  user('continue', '.continue', 'config.yaml');
  // Goose
  const gooseFile =
    platform === 'win32'
      ? appData === undefined
        ? undefined
        : p.join(appData, 'Block', 'goose', 'config', 'config.yaml')
      : xdg === undefined
        ? undefined
        : p.join(xdg, 'goose', 'config.yaml');
  if (gooseFile !== undefined) files.push({ client: 'goose', file: gooseFile, repository: false });
  // Junie
  user('junie', '.junie', 'mcp', 'mcp.json');
  project('junie', '.junie', 'mcp', 'mcp.json');
  // Amazon Q Developer
  user('amazon-q', '.aws', 'amazonq', 'mcp.json');
  user('amazon-q', '.aws', 'amazonq', 'default.json');
  user('amazon-q', '.aws', 'amazonq', 'agents', 'default.json');
  project('amazon-q', '.amazonq', 'mcp.json');
  project('amazon-q', '.amazonq', 'default.json');

  const folders: ConfigFolder[] = [
    { client: 'continue', dir: p.join(cwd, '.continue', 'mcpServers'), extensions: ['.yaml', '.yml', '.json'], repository: true },
  ];

  const managedMcp = managedMcpFile(platform);
  const claudeDir = absolute(env.CLAUDE_CONFIG_DIR, platform) ?? (home === undefined ? undefined : p.join(home, '.claude'));
  // With the project in the home folder, a project path can be a user file too: the user's own reading wins.
  const userFiles = new Set(files.filter((location) => !location.repository).map((location) => location.file));
  const unique = files.filter(
    (location, i) => !(location.repository && userFiles.has(location.file)) && files.findIndex((other) => other.file === location.file) === i,
  );
  const locations: ClientLocations = {
    files: unique,
    folders,
    managedMcp,
    claudeSettings: {
      user: claudeDir === undefined ? [] : [p.join(claudeDir, 'settings.json')],
      managed: [p.join(p.dirname(managedMcp), 'managed-settings.json')],
    },
    projectDir: cwd,
  };
  if (copilotHome !== undefined) locations.copilotSettings = p.join(copilotHome, 'settings.json');
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
