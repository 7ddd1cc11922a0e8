/**
 * Issue 17, "done when": a fake HOME with one configuration of every client
 * rclass reads is found by `rclass scan --list` (the CLI as a child process,
 * the run's fresh bundle of the source), and every entry is identified or reported unrecognised with
 * its reason; client tool filters leave filtered tools out of the counts.
 * One scan runs over the whole HOME; each client then has its own test.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENTS, type ClientKind } from '../../src/clients/types.ts';
import { tempDir } from '../cli/harness.ts';
import { testedBin } from '../cli/tested-bin.ts';

const BIN = testedBin();
const MEMORY = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] };
const TIME = { command: 'uvx', args: ['mcp-server-time'] };

function put(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

interface JsonServer {
  name: string;
  client: string;
  config: string;
  status: string;
  record: string | null;
  unrecognised: string | null;
  reason: string | null;
  tool_count: number | null;
  filtered_out?: { tools: string[]; by: string[] };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

interface Report {
  servers: JsonServer[];
  skipped: Array<{ name: string; config: string; why: string }>;
  complete: boolean;
}

/** A HOME and a project holding one configuration of every client rclass reads, and the scan over them. */
function scanEverything(): { report: Report; stdout: string; stderr: string } {
  const home = tempDir();
  const project = path.join(tempDir(), 'app');
  // Claude Desktop (Linux builds: ~/.config/Claude) and Claude Code (~/.claude.json user scope, the project's .mcp.json)
  put(path.join(home, '.config', 'Claude', 'claude_desktop_config.json'), json({ mcpServers: { 'desktop-memory': MEMORY } }));
  put(path.join(home, '.claude.json'), json({ mcpServers: { 'claude-time': TIME } }));
  put(path.join(project, '.mcp.json'), json({ mcpServers: { 'claude-project': { command: 'node', args: ['server.js'] } } }));
  // Windsurf: a remote entry by serverUrl
  put(path.join(home, '.codeium', 'windsurf', 'mcp_config.json'), json({ mcpServers: { 'windsurf-remote': { serverUrl: 'https://mcp.example.com/mcp' } } }));
  // Codex: user file, with a tool filter
  put(
    path.join(home, '.codex', 'config.toml'),
    `[mcp_servers.codex-memory]\ncommand = "npx"\nargs = ["-y", "@modelcontextprotocol/server-memory"]\nenabled_tools = ["read_graph", "search_nodes"]\ndisabled_tools = ["search_nodes"]\n`,
  );
  // Gemini CLI: user file with excludeTools and an mcp.excluded that also turns off a project server; project file
  put(
    path.join(home, '.gemini', 'settings.json'),
    json({ mcp: { excluded: ['gemini-excluded'] }, mcpServers: { 'gemini-time': { ...TIME, excludeTools: ['convert_time'] } } }),
  );
  put(
    path.join(project, '.gemini', 'settings.json'),
    json({ mcpServers: { 'gemini-project': { command: 'node', args: ['server.js'] }, 'gemini-excluded': TIME } }),
  );
  // Qwen Code: user and project settings, as `qwen mcp add -s user|project` writes them (@qwen-code/qwen-code 0.15.10)
  put(path.join(home, '.qwen', 'settings.json'), json({ mcpServers: { 'qwen-time': TIME }, $version: 4 }));
  put(path.join(project, '.qwen', 'settings.json'), json({ mcpServers: { 'qwen-memory': MEMORY } }));
  // GitHub Copilot CLI: user file and the repository's .github/mcp.json
  put(path.join(home, '.copilot', 'mcp-config.json'), json({ mcpServers: { 'copilot-memory': { type: 'local', ...MEMORY, tools: ['*'] } } }));
  put(path.join(project, '.github', 'mcp.json'), json({ mcpServers: { 'copilot-repo': { type: 'http', url: 'https://mcp.example.com/mcp' } } }));
  put(
    path.join(home, '.config', 'Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json'),
    json({ mcpServers: { 'cline-time': { ...TIME, disabled: false, autoApprove: [] } } }),
  );
  put(path.join(project, '.roo', 'mcp.json'), json({ mcpServers: { 'roo-memory': MEMORY } }));
  put(path.join(home, '.kilocode', 'cli', 'global', 'settings', 'mcp_settings.json'), json({ mcpServers: { 'kilo-time': TIME } }));
  put(path.join(home, '.kiro', 'settings', 'mcp.json'), json({ mcpServers: { 'kiro-memory': { ...MEMORY, disabledTools: ['delete_entities'] } } }));
  put(path.join(home, '.config', 'opencode', 'opencode.json'), json({ mcp: { 'opencode-time': { type: 'local', command: ['uvx', 'mcp-server-time'] } } }));
  put(
    path.join(home, '.config', 'zed', 'settings.json'),
    `{\n  // Zed settings are JSONC\n  "context_servers": { "zed-ext": { "source": "extension", "settings": {} } }\n}\n`,
  );
  put(
    path.join(home, '.continue', 'config.yaml'),
    'name: Local\nversion: 1.0.0\nmcpServers:\n  - name: continue-time\n    command: uvx\n    args: [mcp-server-time]\n',
  );
  put(
    path.join(project, '.continue', 'mcpServers', 'block.yaml'),
    'name: Block\nversion: 1.0.0\nmcpServers:\n  - name: continue-block\n    command: ./local-server\n',
  );
  put(
    path.join(home, '.config', 'goose', 'config.yaml'),
    'extensions:\n  goose-memory:\n    enabled: true\n    type: stdio\n    name: goose-memory\n    cmd: npx\n    args: ["-y", "@modelcontextprotocol/server-memory"]\n  developer:\n    enabled: true\n    type: builtin\n    name: developer\n',
  );
  put(path.join(home, '.junie', 'mcp', 'mcp.json'), json({ mcpServers: { 'junie-time': TIME } }));
  put(path.join(home, '.aws', 'amazonq', 'mcp.json'), json({ mcpServers: { 'amazonq-memory': MEMORY } }));
  // Cursor project file with an envFile that sets NODE_OPTIONS: SPEC 6.2 applies to its keys
  put(path.join(project, '.env'), 'NODE_OPTIONS=--require ./evil.js\nTOKEN=abc\n');
  put(path.join(project, '.cursor', 'mcp.json'), json({ mcpServers: { 'cursor-memory': { ...MEMORY, envFile: '${workspaceFolder}/.env' } } }));
  // VS Code user file: ${input:…} in the command line
  put(
    path.join(home, '.config', 'Code', 'User', 'mcp.json'),
    json({ servers: { 'vscode-input': { type: 'stdio', command: 'npx', args: ['-y', '${input:pkg}'] } } }),
  );

  const env = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(home, 'no-system-settings.json'),
    QWEN_CODE_SYSTEM_SETTINGS_PATH: path.join(home, 'no-qwen-system-settings.json'),
  };
  const result = spawnSync(process.execPath, [BIN, 'scan', '--list', '--json'], { cwd: project, env, encoding: 'utf8' });
  return { report: JSON.parse(result.stdout) as Report, stdout: result.stdout, stderr: result.stderr };
}

/** Per client: each entry by name, with its record or the reason it is unrecognised (a RegExp), and where it was found. */
const EXPECTED: Record<ClientKind, Array<[name: string, want: string | RegExp, config: string]>> = {
  'claude-desktop': [['desktop-memory', 'memory', '~/.config/Claude/claude_desktop_config.json']],
  'claude-code': [
    ['claude-time', 'time', '~/.claude.json'],
    ['claude-project', /is not a package launcher/, '.mcp.json'],
  ],
  cursor: [['cursor-memory', /`NODE_OPTIONS`/, '.cursor/mcp.json']],
  vscode: [['vscode-input', /\$\{input:…\}/, '~/.config/Code/User/mcp.json']],
  windsurf: [['windsurf-remote', /^no record names a hosted URL at `https:\/\/mcp\.example\.com`/, '~/.codeium/windsurf/mcp_config.json']],
  codex: [['codex-memory', 'memory', '~/.codex/config.toml']],
  'gemini-cli': [
    ['gemini-time', 'time', '~/.gemini/settings.json'],
    ['gemini-project', /is not a package launcher/, '.gemini/settings.json'],
  ],
  'qwen-code': [
    ['qwen-time', 'time', '~/.qwen/settings.json'],
    ['qwen-memory', 'memory', '.qwen/settings.json'],
  ],
  'copilot-cli': [
    ['copilot-memory', 'memory', '~/.copilot/mcp-config.json'],
    ['copilot-repo', /^no record names a hosted URL at `https:\/\/mcp\.example\.com`/, '.github/mcp.json'],
  ],
  cline: [['cline-time', 'time', '~/.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json']],
  'roo-code': [['roo-memory', 'memory', '.roo/mcp.json']],
  'kilo-code': [['kilo-time', 'time', '~/.kilocode/cli/global/settings/mcp_settings.json']],
  kiro: [['kiro-memory', 'memory', '~/.kiro/settings/mcp.json']],
  opencode: [['opencode-time', 'time', '~/.config/opencode/opencode.json']],
  zed: [['zed-ext', /Zed extension starts this server/, '~/.config/zed/settings.json']],
  continue: [
    ['continue-time', 'time', '~/.continue/config.yaml'],
    ['continue-block', /relative path|inside the project/, '.continue/mcpServers/block.yaml'],
  ],
  goose: [
    ['goose-memory', 'memory', '~/.config/goose/config.yaml'],
    ['developer', /Goose `builtin` extension/, '~/.config/goose/config.yaml'],
  ],
  junie: [['junie-time', 'time', '~/.junie/mcp/mcp.json']],
  'amazon-q': [['amazonq-memory', 'memory', '~/.aws/amazonq/mcp.json']],
};

describe('rclass scan --list over a HOME with every client', () => {
  let scan: ReturnType<typeof scanEverything>;
  let byName: Map<string, JsonServer>;
  beforeAll(() => {
    scan = scanEverything();
    byName = new Map(scan.report.servers.map((server) => [server.name, server]));
  }, 120_000);

  it('prints nothing on stderr, and reports exactly the expected entries, each identified or with a reason', () => {
    expect(scan.stderr).toBe('');
    expect(scan.report.servers.map((server) => server.name).sort()).toEqual(
      Object.values(EXPECTED)
        .flat()
        .map(([name]) => name)
        .sort(),
    );
    for (const server of scan.report.servers) expect(server.record !== null || (server.unrecognised ?? '') !== '', server.name).toBe(true);
    expect(scan.stdout).not.toContain('evil.js');
    expect(scan.stdout).not.toContain('abc');
  });

  it.each(CLIENTS.map((client) => [client] as const))('%s: every entry found in its file, identified or unrecognised with its reason', (client) => {
    const want = EXPECTED[client];
    expect(want.length, client).toBeGreaterThan(0);
    for (const [name, record, config] of want) {
      const server = byName.get(name);
      expect(server, name).toBeDefined();
      expect(server!.client, name).toBe(client);
      expect(server!.config, name).toBe(config);
      if (typeof record === 'string') {
        expect(server!.record, name).toBe(record);
        expect(server!.unrecognised, name).toBeNull();
      } else {
        expect(server!.record, name).toBeNull();
        expect(server!.unrecognised ?? '', name).toMatch(record);
      }
    }
  });

  it("client filters leave filtered tools out of the counts: Codex's enabled_tools/disabled_tools, Gemini's excludeTools, Kiro's disabledTools", () => {
    expect(byName.get('codex-memory')).toMatchObject({ tool_count: 1, filtered_out: { by: ['enabled_tools', 'disabled_tools'] } });
    expect(byName.get('gemini-time')).toMatchObject({ tool_count: 1, filtered_out: { tools: ['convert_time'], by: ['excludeTools'] } });
    expect(byName.get('kiro-memory')!.filtered_out).toEqual({ tools: ['delete_entities'], by: ['disabledTools'] });
    expect(byName.get('copilot-memory')!.filtered_out).toBeUndefined();
  });

  it("Gemini CLI: the user's mcp.excluded turns off a server the project's settings define, reported as disabled", () => {
    expect(byName.has('gemini-excluded')).toBe(false);
    expect(scan.report.skipped).toContainEqual(expect.objectContaining({ name: 'gemini-excluded', why: 'it is disabled in its configuration' }));
  });
});
