/**
 * Issue 26, "Client switches and formats": `rclass scan --list` without
 * CONFIG honours the switches each client keeps outside its server entries,
 * and finds Qwen Code's settings. The files are written as the real clients
 * write them (Claude Code 2.1.197 `claude mcp add`, Copilot CLI 1.0.102
 * `copilot mcp add` and `copilot mcp disable`, Codex 0.171.0 `codex mcp
 * add`, Qwen Code 0.15.10 `qwen mcp add -s user|project`), each checked
 * against what that client's own `mcp list` showed. And Gemini CLI's
 * `mcp.allowed` and `mcp.excluded` apply across its settings files as Gemini
 * CLI does (google-gemini/gemini-cli `packages/cli/src/config/settings.ts`
 * getConsolidated*McpServers): a server the user's file excludes is off even
 * when a project's file defines it, and only servers on every allowed list
 * run (before, each file's lists applied to its own servers alone).
 * In-process; starts nothing.
 */
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../cli/harness.ts';

function put(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const TIME = { command: 'uvx', args: ['mcp-server-time'] };
const MEMORY = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] };

interface Listed {
  servers: Array<{ name: string; client: string; config: string; record: string | null }>;
  skipped: Array<{ name: string; config: string; why: string }>;
  configs: Array<{ file: string; notes: string[] }>;
}

async function listed(home: string, project: string): Promise<Listed> {
  const env = {
    HOME: home,
    PATH: process.env.PATH ?? '',
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(home, 'none.json'),
    QWEN_CODE_SYSTEM_SETTINGS_PATH: path.join(home, 'none.json'),
  };
  const result = await runCli(['scan', '--list', '--json', '--yes'], { env, cwd: project });
  return JSON.parse(result.stdout) as Listed;
}

/** A home folder and a project folder inside a fresh temporary folder, by their real paths (the clients key projects by them). */
function folders(): { home: string; project: string } {
  const root = realpathSync(tempDir());
  const project = path.join(root, 'app');
  mkdirSync(path.join(project, '.git'), { recursive: true });
  return { home: path.join(root, 'home'), project };
}

const names = (report: Listed) => report.servers.map((server) => server.name).sort();

describe('client switches that turn servers off', () => {
  it('Claude Code: a server /mcp disable turned off for this project (projects[<project>].disabledMcpServers) is skipped whatever its scope, and runs in other projects', async () => {
    const { home, project } = folders();
    const other = path.join(path.dirname(project), 'other');
    mkdirSync(other, { recursive: true });
    put(
      path.join(home, '.claude.json'),
      json({
        mcpServers: { 'u-memory': { type: 'stdio', ...MEMORY, env: {} }, 'u-time': { type: 'stdio', ...TIME, env: {} } },
        projects: {
          [project]: { allowedTools: [], mcpServers: { 'l-time': { type: 'stdio', ...TIME, env: {} } }, disabledMcpServers: ['u-memory', 'l-time'] },
          [other]: { allowedTools: [], mcpServers: {} },
        },
      }),
    );
    put(path.join(project, '.mcp.json'), json({ mcpServers: { 'p-memory': MEMORY } }));
    put(path.join(project, '.claude', 'settings.local.json'), json({ enabledMcpjsonServers: ['p-memory'] }));
    const here = await listed(home, project);
    expect(names(here)).toEqual(['p-memory', 'u-time']);
    expect(here.skipped).toEqual([
      {
        name: 'l-time',
        config: '~/.claude.json',
        why: 'it is turned off for this project in Claude Code (`disabledMcpServers` in `.claude.json`, what `/mcp disable` writes)',
      },
      {
        name: 'u-memory',
        config: '~/.claude.json',
        why: 'it is turned off for this project in Claude Code (`disabledMcpServers` in `.claude.json`, what `/mcp disable` writes)',
      },
    ]);
    expect(names(await listed(home, other))).toEqual(['u-memory', 'u-time']);
  });

  it('Copilot CLI: disabledMcpServers in ~/.copilot/settings.json (copilot mcp disable) turns off that server, in its user and repository files', async () => {
    const { home, project } = folders();
    put(
      path.join(home, '.copilot', 'mcp-config.json'),
      json({ mcpServers: { 'u-mem': { tools: ['*'], type: 'local', ...MEMORY }, 'u-time': { tools: ['*'], type: 'local', ...TIME } } }),
    );
    put(path.join(project, '.github', 'mcp.json'), json({ mcpServers: { 'r-time': { type: 'local', ...TIME, tools: ['*'] } } }));
    put(path.join(home, '.copilot', 'settings.json'), json({ disabledMcpServers: ['u-mem', 'r-time'] }));
    const report = await listed(home, project);
    expect(names(report)).toEqual(['u-time']);
    expect(report.skipped.map(({ name, why }) => [name, why])).toEqual([
      ['u-mem', 'it is turned off in Copilot CLI (`disabledMcpServers` in `~/.copilot/settings.json`, what `copilot mcp disable` writes)'],
      ['r-time', 'it is turned off in Copilot CLI (`disabledMcpServers` in `~/.copilot/settings.json`, what `copilot mcp disable` writes)'],
    ]);
  });

  it('Copilot CLI: a settings.json that does not parse turns nothing off, and says so', async () => {
    const { home, project } = folders();
    put(path.join(home, '.copilot', 'mcp-config.json'), json({ mcpServers: { 'u-mem': { type: 'local', ...MEMORY, tools: ['*'] } } }));
    put(path.join(home, '.copilot', 'settings.json'), '{ "disabledMcpServers": [');
    const report = await listed(home, project);
    expect(names(report)).toEqual(['u-mem']);
    const config = report.configs.find((item) => item.file.endsWith('mcp-config.json'));
    expect(config?.notes.join('\n')).toMatch(/settings\.json.*; servers its `disabledMcpServers` may turn off are counted/);
  });

  it("Codex: a project's .codex/config.toml in a project Codex does not trust is not counted; once the user trusts the project it is", async () => {
    const { home, project } = folders();
    const user = path.join(home, '.codex', 'config.toml');
    put(user, '[mcp_servers.u-time]\ncommand = "uvx"\nargs = ["mcp-server-time"]\n');
    put(path.join(project, '.codex', 'config.toml'), '[mcp_servers.p-mem]\ncommand = "npx"\nargs = ["-y", "@modelcontextprotocol/server-memory"]\n');
    const untrusted = await listed(home, project);
    expect(names(untrusted)).toEqual(['u-time']);
    expect(untrusted.skipped).toEqual([
      { name: 'p-mem', config: '.codex/config.toml', why: 'it is in a project file Codex does not load until the project is trusted' },
    ]);
    put(user, `[mcp_servers.u-time]\ncommand = "uvx"\nargs = ["mcp-server-time"]\n\n[projects.${JSON.stringify(project)}]\ntrust_level = "untrusted"\n`);
    expect(names(await listed(home, project))).toEqual(['u-time']);
    put(user, `[mcp_servers.u-time]\ncommand = "uvx"\nargs = ["mcp-server-time"]\n\n[projects.${JSON.stringify(project)}]\ntrust_level = "trusted"\n`);
    const trusted = await listed(home, project);
    expect(names(trusted)).toEqual(['p-mem', 'u-time']);
    expect(trusted.servers.find((server) => server.name === 'p-mem')).toMatchObject({ client: 'codex', config: '.codex/config.toml', record: 'memory' });
  });
});

describe('Qwen Code', () => {
  it('~/.qwen/settings.json and the project .qwen/settings.json are found without CONFIG, as Qwen Code', async () => {
    const { home, project } = folders();
    put(path.join(home, '.qwen', 'settings.json'), json({ mcpServers: { 'u-time': TIME }, $version: 4 }));
    put(path.join(project, '.qwen', 'settings.json'), json({ mcpServers: { 'p-mem': MEMORY } }));
    const report = await listed(home, project);
    expect(report.servers.map(({ name, client, config, record }) => [name, client, config, record]).sort()).toEqual([
      ['p-mem', 'qwen-code', '.qwen/settings.json', 'memory'],
      ['u-time', 'qwen-code', '~/.qwen/settings.json', 'time'],
    ]);
  });

  it("Qwen Code's mcp.allowed lists join across files (Gemini CLI intersects them), and an empty allowed list lets no server run", async () => {
    const { home, project } = folders();
    put(path.join(home, '.qwen', 'settings.json'), json({ mcp: { allowed: ['a'] }, mcpServers: { a: TIME, b: TIME, c: TIME } }));
    put(path.join(project, '.qwen', 'settings.json'), json({ mcp: { allowed: ['b'], excluded: ['a'] } }));
    const report = await listed(home, project);
    expect(names(report)).toEqual(['b']);
    expect(report.skipped.map((item) => item.name).sort()).toEqual(['a', 'c']);
    const { home: empty, project: other } = folders();
    put(path.join(empty, '.qwen', 'settings.json'), json({ mcp: { allowed: [] }, mcpServers: { a: TIME } }));
    expect(names(await listed(empty, other))).toEqual([]);
  });
});

describe('scan --list and rclass proxy', () => {
  it("regression: an OpenCode entry wrapped in `rclass proxy -- …` (the README's proxy setup) is the wrapped server, and the report says rclass gates it", async () => {
    const { home, project } = folders();
    put(
      path.join(home, '.config', 'opencode', 'opencode.json'),
      json({ mcp: { 'p-memproxy': { type: 'local', command: ['rclass', 'proxy', '--', 'npx', '-y', '@modelcontextprotocol/server-memory'] } } }),
    );
    const report = (await listed(home, project)) as Listed & { servers: Array<{ gated_by?: string; unrecognised: string | null }> };
    expect(report.servers).toEqual([
      expect.objectContaining({ name: 'p-memproxy', client: 'opencode', record: 'memory', gated_by: 'rclass proxy', unrecognised: null }),
    ]);
    const env = { HOME: home, PATH: process.env.PATH ?? '', GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(home, 'none.json') };
    const text = await runCli(['scan', '--list', '--yes'], { env, cwd: project });
    expect(text.stdout).toContain('  started behind `rclass proxy`, which gates each call by its class\n');
  });
});

describe('a configuration file that cannot be read', () => {
  it("names its client from the file's name: a Gemini CLI settings.json that does not parse is reported as Gemini CLI's, not client null", async () => {
    const { home, project } = folders();
    const file = path.join(home, '.gemini', 'settings.json');
    put(file, '{ "mcpServers": {');
    const env = { HOME: home, PATH: process.env.PATH ?? '' };
    const result = await runCli(['scan', '--list', '--json', file], { env, cwd: project });
    const report = JSON.parse(result.stdout) as { configs: Array<{ client: string | null; problem?: string }>; complete: boolean };
    expect(report.configs).toEqual([expect.objectContaining({ client: 'gemini-cli', problem: expect.any(String) })]);
    expect(report.complete).toBe(false);
  });
});

describe("Goose's built-in extensions", () => {
  it('a Goose builtin extension is unrecognised for its own reason and not called a remote server; a remote entry still is', async () => {
    const { home, project } = folders();
    put(
      path.join(home, '.config', 'goose', 'config.yaml'),
      'extensions:\n  developer:\n    enabled: true\n    type: builtin\n    name: developer\n  far:\n    enabled: true\n    type: streamable_http\n    name: far\n    uri: https://mcp.example.com/mcp\n',
    );
    const env = { HOME: home, PATH: process.env.PATH ?? '' };
    const text = (await runCli(['scan', '--list', '--yes'], { env, cwd: project })).stdout;
    const block = (name: string) => text.split('\n\n').find((part) => part.startsWith(`${name}  `)) ?? '';
    expect(block('developer')).toContain('Goose `builtin` extension');
    expect(block('developer')).not.toContain('a remote server');
    expect(block('far')).toContain('  a remote server: rclass does not connect to it');
  });
});

describe('Gemini CLI server lists across settings files', () => {
  it("the user's mcp.excluded turns off a server the project's file defines", async () => {
    const home = tempDir();
    const project = path.join(tempDir(), 'app');
    put(path.join(home, '.gemini', 'settings.json'), json({ mcp: { excluded: ['proj-time'] }, mcpServers: { 'user-time': TIME } }));
    put(path.join(project, '.gemini', 'settings.json'), json({ mcpServers: { 'proj-time': TIME } }));
    const report = await listed(home, project);
    expect(report.servers.map((server) => server.name)).toEqual(['user-time']);
    expect(report.skipped).toEqual([expect.objectContaining({ name: 'proj-time', why: 'it is disabled in its configuration' })]);
  });

  it('only servers on every allowed list run; an empty allowed list alone restricts nothing', async () => {
    const home = tempDir();
    const project = path.join(tempDir(), 'app');
    put(path.join(home, '.gemini', 'settings.json'), json({ mcp: { allowed: ['a', 'b'] }, mcpServers: { a: TIME, b: TIME, c: TIME } }));
    put(path.join(project, '.gemini', 'settings.json'), json({ mcp: { allowed: ['b', 'c'] } }));
    expect((await listed(home, project)).servers.map((server) => server.name)).toEqual(['b']);
    const open = tempDir();
    put(path.join(open, '.gemini', 'settings.json'), json({ mcp: { allowed: [] }, mcpServers: { a: TIME } }));
    expect((await listed(open, path.join(tempDir(), 'app'))).servers.map((server) => server.name)).toEqual(['a']);
  });
});
