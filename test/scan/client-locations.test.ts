/**
 * Where `rclass scan` looks for the clients added for issue 17, per
 * platform, and which of those files count as a repository's (consent,
 * SPEC 6). Pure: paths only.
 */
import { describe, expect, it } from 'vitest';
import { clientLocations, userConfigFiles } from '../../src/node/clients/locations.ts';

function table(files: ReadonlyArray<{ client: string; file: string; repository: boolean }>, client: string): string[] {
  return files.filter((f) => f.client === client).map((f) => `${f.file} ${f.repository ? 'project' : 'user'}`);
}

describe('client locations for Codex, Gemini CLI, Copilot CLI, Cline, Roo, Kilo, Kiro, OpenCode, Zed, Continue, Goose, Junie, Amazon Q', () => {
  const linux = clientLocations({ HOME: '/home/u' }, '/srv/app', 'linux');
  const mac = clientLocations({ HOME: '/Users/u' }, '/srv/app', 'darwin');
  const windows = clientLocations({ USERPROFILE: 'C:\\Users\\u', APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'C:\\work\\app', 'win32');

  it('reads Codex from CODEX_HOME or ~/.codex, and the project .codex/config.toml as a repository file', () => {
    expect(table(linux.files, 'codex')).toEqual(['/home/u/.codex/config.toml user', '/srv/app/.codex/config.toml project']);
    expect(table(clientLocations({ HOME: '/home/u', CODEX_HOME: '/opt/codex' }, '/srv/app', 'linux').files, 'codex')[0]).toBe('/opt/codex/config.toml user');
  });

  it('reads Gemini CLI user, system (per OS) and project settings', () => {
    expect(table(linux.files, 'gemini-cli')).toEqual([
      '/home/u/.gemini/settings.json user',
      '/etc/gemini-cli/settings.json user',
      '/srv/app/.gemini/settings.json project',
    ]);
    expect(table(mac.files, 'gemini-cli')[1]).toBe('/Library/Application Support/GeminiCli/settings.json user');
    expect(table(windows.files, 'gemini-cli')[1]).toBe('C:\\ProgramData\\gemini-cli\\settings.json user');
  });

  it('reads the editor extensions from VS Code global storage on each OS', () => {
    expect(table(linux.files, 'cline')).toEqual([
      '/home/u/.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json user',
      '/home/u/.cline/data/settings/cline_mcp_settings.json user',
    ]);
    expect(table(mac.files, 'roo-code')[0]).toBe(
      '/Users/u/Library/Application Support/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json user',
    );
    expect(table(windows.files, 'kilo-code')[0]).toBe(
      'C:\\Users\\u\\AppData\\Roaming\\Code\\User\\globalStorage\\kilocode.kilo-code\\settings\\mcp_settings.json user',
    );
    expect(table(linux.files, 'roo-code')[1]).toBe('/srv/app/.roo/mcp.json project');
  });

  it('reads Zed, Goose and OpenCode under XDG on Linux and macOS and APPDATA on Windows', () => {
    expect(table(mac.files, 'zed')).toEqual(['/Users/u/.config/zed/settings.json user', '/srv/app/.zed/settings.json project']);
    expect(table(windows.files, 'zed')[0]).toBe('C:\\Users\\u\\AppData\\Roaming\\Zed\\settings.json user');
    expect(table(linux.files, 'goose')).toEqual(['/home/u/.config/goose/config.yaml user']);
    expect(table(windows.files, 'goose')).toEqual(['C:\\Users\\u\\AppData\\Roaming\\Block\\goose\\config\\config.yaml user']);
    expect(table(linux.files, 'opencode')).toContain('/srv/app/.opencode/opencode.json project');
  });

  it('reads Copilot CLI, Kiro, Continue, Junie and Amazon Q at their user and project places', () => {
    // github/docs add-mcp-servers.md ("Adding per-repository MCP servers") and cli-config-dir-reference.md (COPILOT_HOME).
    expect(table(linux.files, 'copilot-cli')).toEqual(['/home/u/.copilot/mcp-config.json user', '/srv/app/.github/mcp.json project']);
    expect(table(clientLocations({ HOME: '/home/u', COPILOT_HOME: '/opt/copilot' }, '/srv/app', 'linux').files, 'copilot-cli')[0]).toBe(
      '/opt/copilot/mcp-config.json user',
    );
    expect(table(clientLocations({ HOME: '/home/u', COPILOT_HOME: 'relative' }, '/srv/app', 'linux').files, 'copilot-cli')[0]).toBe(
      '/home/u/.copilot/mcp-config.json user',
    );
    expect(table(linux.files, 'kiro')).toEqual(['/home/u/.kiro/settings/mcp.json user', '/srv/app/.kiro/settings/mcp.json project']);
    expect(table(linux.files, 'continue')).toEqual(['/home/u/.continue/config.yaml user']);
    expect(linux.folders).toEqual([{ client: 'continue', dir: '/srv/app/.continue/mcpServers', extensions: ['.yaml', '.yml', '.json'], repository: true }]);
    expect(table(linux.files, 'junie')).toEqual(['/home/u/.junie/mcp/mcp.json user', '/srv/app/.junie/mcp/mcp.json project']);
    expect(table(linux.files, 'amazon-q')).toEqual([
      '/home/u/.aws/amazonq/mcp.json user',
      '/home/u/.aws/amazonq/default.json user',
      '/home/u/.aws/amazonq/agents/default.json user',
      '/srv/app/.amazonq/mcp.json project',
      '/srv/app/.amazonq/default.json project',
    ]);
  });

  it("counts a project path that is also a user file (the project is the home folder) as the user's own, once", () => {
    const atHome = clientLocations({ HOME: '/home/u' }, '/home/u', 'linux');
    expect(table(atHome.files, 'codex')).toEqual(['/home/u/.codex/config.toml user']);
    expect(table(atHome.files, 'kiro')).toEqual(['/home/u/.kiro/settings/mcp.json user']);
    expect(userConfigFiles(atHome)).toContain('/home/u/.gemini/settings.json');
    expect(userConfigFiles(linux)).not.toContain('/srv/app/.gemini/settings.json');
  });
});
