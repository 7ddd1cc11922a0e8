/**
 * Issue 17, "done when": a fake HOME with one configuration of every client
 * rclass reads is found by `rclass scan --list` (the CLI as a child process,
 * from source), and every entry is identified or reported unrecognised with
 * its reason; client tool filters leave filtered tools out of the counts.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../cli/harness.ts';

const BIN = path.join(ROOT, 'bin', 'rclass.mjs');
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

describe('rclass scan --list over a HOME with every client', () => {
  it('finds one configuration of each client and identifies or explains every entry', () => {
    const home = tempDir();
    const project = path.join(tempDir(), 'app');
    const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
    // Codex: user file, with a tool filter
    put(
      path.join(home, '.codex', 'config.toml'),
      `[mcp_servers.codex-memory]\ncommand = "npx"\nargs = ["-y", "@modelcontextprotocol/server-memory"]\nenabled_tools = ["read_graph", "search_nodes"]\ndisabled_tools = ["search_nodes"]\n`,
    );
    // Gemini CLI: user file with excludeTools, project file
    put(path.join(home, '.gemini', 'settings.json'), json({ mcpServers: { 'gemini-time': { ...TIME, excludeTools: ['convert_time'] } } }));
    put(path.join(project, '.gemini', 'settings.json'), json({ mcpServers: { 'gemini-project': { command: 'node', args: ['server.js'] } } }));
    put(path.join(home, '.copilot', 'mcp-config.json'), json({ mcpServers: { 'copilot-memory': { type: 'local', ...MEMORY, tools: ['*'] } } }));
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

    const env = { PATH: process.env.PATH ?? '', HOME: home, RCLASS_SOURCE: '1', GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(home, 'no-system-settings.json') };
    const result = spawnSync(process.execPath, [BIN, 'scan', '--list', '--json'], { cwd: project, env, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout) as { servers: JsonServer[]; complete: boolean };
    const byName = new Map(report.servers.map((server) => [server.name, server]));
    const expectations: Array<[string, string, string | RegExp]> = [
      ['codex-memory', 'codex', 'memory'],
      ['gemini-time', 'gemini-cli', 'time'],
      ['gemini-project', 'gemini-cli', /is not a package launcher/],
      ['copilot-memory', 'copilot-cli', 'memory'],
      ['cline-time', 'cline', 'time'],
      ['roo-memory', 'roo-code', 'memory'],
      ['kilo-time', 'kilo-code', 'time'],
      ['kiro-memory', 'kiro', 'memory'],
      ['opencode-time', 'opencode', 'time'],
      ['zed-ext', 'zed', /Zed extension starts this server/],
      ['continue-time', 'continue', 'time'],
      ['continue-block', 'continue', /relative path|inside the project/],
      ['goose-memory', 'goose', 'memory'],
      ['developer', 'goose', /Goose `builtin` extension/],
      ['junie-time', 'junie', 'time'],
      ['amazonq-memory', 'amazon-q', 'memory'],
      ['cursor-memory', 'cursor', /`NODE_OPTIONS`/],
      ['vscode-input', 'vscode', /\$\{input:…\}/],
    ];
    for (const [name, client, want] of expectations) {
      const server = byName.get(name);
      expect(server, name).toBeDefined();
      expect(server!.client, name).toBe(client);
      if (typeof want === 'string') expect(server!.record, name).toBe(want);
      else {
        expect(server!.record, name).toBeNull();
        expect(server!.unrecognised ?? '', name).toMatch(want);
      }
    }
    expect(report.servers).toHaveLength(expectations.length);
    // Filters: Codex lets only read_graph through; Gemini hides convert_time; Kiro hides delete_entities.
    expect(byName.get('codex-memory')).toMatchObject({ tool_count: 1, filtered_out: { by: ['enabled_tools', 'disabled_tools'] } });
    expect(byName.get('gemini-time')).toMatchObject({ tool_count: 1, filtered_out: { tools: ['convert_time'], by: ['excludeTools'] } });
    expect(byName.get('kiro-memory')!.filtered_out).toEqual({ tools: ['delete_entities'], by: ['disabledTools'] });
    expect(byName.get('copilot-memory')!.filtered_out).toBeUndefined();
    // Where each was found, shown under ~ or relative to the project.
    expect(byName.get('codex-memory')!.config).toBe('~/.codex/config.toml');
    expect(byName.get('roo-memory')!.config).toBe('.roo/mcp.json');
    expect(byName.get('continue-block')!.config).toBe('.continue/mcpServers/block.yaml');
    expect(result.stdout).not.toContain('evil.js');
    expect(result.stdout).not.toContain('abc');
  });
});
