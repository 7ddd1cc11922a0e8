/**
 * Reading each client added for issue 17 the way that client reads its own
 * file (sources in each reader under `src/clients/formats/` and in
 * `src/clients/parse.ts`): which entries exist, their transport, what is
 * disabled or filtered, and that values never reach the entries.
 */
import { describe, expect, it } from 'vitest';
import { buildIdentityIndex, identifyConfig, identifyEntry } from '../../src/clients/identify/index.ts';
import { consolidateGeminiLists, geminiBlocked, geminiServerLists } from '../../src/clients/formats/gemini.ts';
import { ConfigError, parseConfigText, parseConfigWithValues } from '../../src/clients/parse.ts';
import { IDENTITY_RECORDS } from './records.ts';

const index = buildIdentityIndex(IDENTITY_RECORDS);
const HOME = '/home/u';

describe('Codex config.toml', () => {
  const toml = `
model = "gpt-5"
[mcp_servers.fs]
command = "npx"
args = ["-y", "@modelcontextprotocol/server-filesystem", "/home/u/notes"]
env = { TOKEN = "s3cret" }
enabled_tools = ["read_file", "list_directory"]
disabled_tools = ["list_directory"]

[mcp_servers.remote]
url = "https://mcp.example.com/mcp"
http_headers = { "X-Key" = "k" }
bearer_token_env_var = "REMOTE_TOKEN"

[mcp_servers.off]
command = "npx"
args = ["-y", "@modelcontextprotocol/server-memory"]
enabled = false

[mcp_servers.hooked]
command = "npx"
args = ["-y", "@modelcontextprotocol/server-memory"]
env_vars = ["NODE_OPTIONS", { name = "HOME", source = "local" }]

[mcp_servers.broken]
command = "npx"
url = "https://x.example"
typo_key = 1
`;
  it('reads stdio and streamable HTTP tables, enabled = false, env_vars and the tool filter, keeping values out of the entries', () => {
    const { config, values } = parseConfigWithValues(toml, { path: '/home/u/.codex/config.toml', home: HOME });
    expect(config.client).toBe('codex');
    const [fs, remote, off, hooked, broken] = config.entries;
    expect(fs).toMatchObject({
      name: 'fs',
      transport: 'stdio',
      command: 'npx',
      envKeys: ['TOKEN'],
      toolFilter: { include: ['read_file', 'list_directory'], exclude: ['list_directory'] },
    });
    expect(JSON.stringify(config)).not.toContain('s3cret');
    expect(values[0]!.env).toEqual({ TOKEN: 's3cret' });
    expect(remote).toMatchObject({ transport: 'http', url: 'https://mcp.example.com/mcp', headerKeys: ['Authorization', 'X-Key'] });
    expect(off!.disabled).toBe(true);
    expect(hooked!.inheritedEnvKeys).toEqual(['HOME', 'NODE_OPTIONS']);
    expect(broken!.problems.join('; ')).toMatch(
      /`url` is not supported for a stdio server.*unknown keys \(`typo_key`\)|unknown keys \(`typo_key`\).*`url` is not supported/,
    );
    expect(fs!.projectDir).toBeUndefined();
  });

  it('leaves an entry that passes NODE_OPTIONS through env_vars unrecognised (SPEC 6.2)', () => {
    const config = parseConfigText(toml, { path: '/home/u/.codex/config.toml', home: HOME });
    const identification = identifyEntry(config.entries[3]!, index);
    expect(identification).toMatchObject({ status: 'unrecognised' });
    expect((identification as { reason: string }).reason).toContain("`NODE_OPTIONS` on from the client's environment");
  });

  it("treats a project .codex/config.toml as the project's, and reports TOML syntax errors with their line", () => {
    expect(
      parseConfigText('[mcp_servers.a]\ncommand = "uvx"\nargs = ["mcp-server-time"]\n', { path: '/srv/app/.codex/config.toml', home: HOME }).entries[0]!
        .projectDir,
    ).toBe('/srv/app');
    expect(() => parseConfigText('[mcp_servers.a\ncommand = 1', { path: '/home/u/.codex/config.toml' })).toThrow(/as TOML at line 1/);
    expect(() => parseConfigText('x = 1', { path: '/x/a.toml' })).not.toThrow(ConfigError);
  });
});

describe('Gemini CLI settings.json', () => {
  const json = `{
    // Gemini CLI settings are JSONC
    "mcp": { "excluded": ["off"] },
    "mcpServers": {
      "fs": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"], "cwd": "./srv", "env": { "K": "$TOKEN" },
              "includeTools": ["read_file(path)", "write_file"], "excludeTools": ["write_file"], "trust": true },
      "stream": { "httpUrl": "https://mcp.example.com/mcp", "headers": { "Authorization": "Bearer x" } },
      "events": { "url": "https://mcp.example.com/sse" },
      "typed": { "url": "https://mcp.example.com/mcp", "type": "http" },
      "off": { "command": "uvx", "args": ["mcp-server-time"] }
    }
  }`;
  it('reads httpUrl as HTTP, url as SSE unless type is http, cwd, includeTools (name(…) too) and excludeTools, and mcp.excluded', () => {
    const config = parseConfigText(json, { path: '/srv/app/.gemini/settings.json', home: HOME });
    expect(config.client).toBe('gemini-cli');
    const byName = Object.fromEntries(config.entries.map((entry) => [entry.name, entry]));
    expect(byName.fs).toMatchObject({
      transport: 'stdio',
      cwd: './srv',
      projectDir: '/srv/app',
      toolFilter: { include: ['read_file', 'write_file'], exclude: ['write_file'] },
    });
    expect(byName.stream).toMatchObject({ transport: 'http', url: 'https://mcp.example.com/mcp', headerKeys: ['Authorization'] });
    expect(byName.events!.transport).toBe('sse');
    expect(byName.typed!.transport).toBe('http');
    expect(byName.off!.disabled).toBe(true);
    expect(config.notes.join(' ')).toContain('does not trust');
  });
});

describe('Gemini CLI mcp.allowed / mcp.excluded across settings files', () => {
  it('joins the excluded lists, intersects the allowed lists (trimmed, any case), and an empty allowed list restricts nothing', () => {
    const user = geminiServerLists({ mcp: { allowed: ['pg', 'Fetch ', 'time'], excluded: ['x'] } });
    const project = geminiServerLists({ mcp: { allowed: ['fetch', 'pg'], excluded: ['time'] } });
    expect(user).toEqual({ allowed: ['pg', 'Fetch ', 'time'], excluded: ['x'] });
    expect(geminiServerLists({ mcp: { excluded: 'time' } })).toEqual({ excluded: [] });
    const lists = consolidateGeminiLists([user, project]);
    expect(lists).toEqual({ allowed: ['pg', 'Fetch '], excluded: ['x', 'time'] });
    // isBlockedBySettings compares exact names against the consolidated list.
    expect(geminiBlocked('pg', lists)).toBe(false);
    expect(geminiBlocked('fetch', lists)).toBe(true);
    expect(geminiBlocked('time', lists)).toBe(true);
    expect(geminiBlocked('other', consolidateGeminiLists([{ excluded: [] }]))).toBe(false);
    expect(geminiBlocked('other', consolidateGeminiLists([{ allowed: [], excluded: [] }]))).toBe(false);
    expect(
      geminiBlocked(
        'pg',
        consolidateGeminiLists([
          { allowed: ['a'], excluded: [] },
          { allowed: ['b'], excluded: [] },
        ]),
      ),
    ).toBe(false);
  });

  it('reads `mcp.allowed: []` in one file as no restriction (before, every server of the file was reported disabled)', () => {
    const config = parseConfigText('{"mcp": {"allowed": []}, "mcpServers": {"t": {"command": "uvx", "args": ["mcp-server-time"]}}}', {
      path: '/home/u/.gemini/settings.json',
      home: HOME,
    });
    expect(config.entries[0]!.disabled).toBe(false);
    expect(config.serverLists).toEqual({ allowed: [], excluded: [] });
  });
});

describe('the mcpServers family: Copilot CLI, Cline, Roo Code, Kilo Code, Kiro, Junie, Amazon Q', () => {
  it('tells each client by its file name', () => {
    const text = '{"mcpServers": {"t": {"command": "uvx", "args": ["mcp-server-time"]}}}';
    const cases: Array<[string, string]> = [
      ['/home/u/.copilot/mcp-config.json', 'copilot-cli'],
      ['/srv/app/.github/mcp.json', 'copilot-cli'],
      ['/home/u/.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json', 'cline'],
      ['/home/u/.config/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json', 'roo-code'],
      ['/srv/app/.roo/mcp.json', 'roo-code'],
      ['/home/u/.kilocode/cli/global/settings/mcp_settings.json', 'kilo-code'],
      ['/srv/app/.kiro/settings/mcp.json', 'kiro'],
      ['/srv/app/.junie/mcp/mcp.json', 'junie'],
      ['/home/u/.aws/amazonq/agents/default.json', 'amazon-q'],
      ['/srv/app/.amazonq/mcp.json', 'amazon-q'],
    ];
    for (const [path, client] of cases) expect(parseConfigText(text, { path, home: HOME }).client, path).toBe(client);
    expect(parseConfigText(text, { path: '/srv/app/.kiro/settings/mcp.json', home: HOME }).entries[0]!.projectDir).toBe('/srv/app');
    expect(parseConfigText(text, { path: '/home/u/.kiro/settings/mcp.json', home: HOME }).entries[0]!.projectDir).toBeUndefined();
    expect(parseConfigText(text, { path: '/srv/app/.github/mcp.json', home: HOME }).entries[0]!.projectDir).toBe('/srv/app');
  });

  it('reads Kiro disabledTools and Copilot CLI tools as filters, and Copilot CLI type local as stdio', () => {
    const kiro = parseConfigText(
      '{"mcpServers": {"t": {"command": "uvx", "args": ["mcp-server-time"], "disabledTools": ["convert_time"], "autoApprove": ["get_current_time"]}}}',
      { path: '/home/u/.kiro/settings/mcp.json' },
    );
    expect(kiro.entries[0]!.toolFilter).toEqual({ exclude: ['convert_time'], keys: ['disabledTools'] });
    const copilot = parseConfigText(
      '{"mcpServers": {"a": {"type": "local", "command": "uvx", "args": ["mcp-server-time"], "tools": ["get_current_time"]}, "b": {"type": "local", "command": "uvx", "args": ["mcp-server-time"], "tools": ["*"]}}}',
      { path: '/home/u/.copilot/mcp-config.json' },
    );
    expect(copilot.entries[0]).toMatchObject({ transport: 'stdio', toolFilter: { include: ['get_current_time'] } });
    expect(copilot.entries[1]!.toolFilter).toBeUndefined();
    const cline = parseConfigText(
      '{"mcpServers": {"r": {"type": "streamableHttp", "url": "https://mcp.example.com/mcp"}, "d": {"command": "uvx", "args": ["mcp-server-time"], "disabled": true}}}',
      { path: '/x/cline_mcp_settings.json' },
    );
    expect(cline.entries.map((entry) => [entry.transport, entry.disabled])).toEqual([
      ['http', false],
      ['stdio', true],
    ]);
  });

  it('marks a Junie remote entry invalid: Junie starts only stdio servers', () => {
    const junie = parseConfigText('{"mcpServers": {"r": {"url": "https://mcp.example.com/mcp"}}}', { path: '/home/u/.junie/mcp/mcp.json' });
    expect(junie.entries[0]!.problems).toEqual(['Junie starts only stdio servers']);
  });
});

describe('OpenCode, Zed, Continue, Goose', () => {
  it('reads OpenCode V1 (mcp.<name>) and V2 (mcp.servers.<name>), an argv command, environment and enabled/disabled', () => {
    const v1 = parseConfigText(
      '{"mcp": {"t": {"type": "local", "command": ["uvx", "mcp-server-time"], "environment": {"TZ": "UTC"}, "enabled": false}, "r": {"type": "remote", "url": "https://mcp.example.com/mcp"}}}',
      { path: '/srv/app/opencode.json', home: HOME },
    );
    expect(v1.client).toBe('opencode');
    expect(v1.entries[0]).toMatchObject({
      command: 'uvx',
      args: ['mcp-server-time'],
      envKeys: ['TZ'],
      disabled: true,
      transport: 'stdio',
      projectDir: '/srv/app',
    });
    expect(v1.entries[1]).toMatchObject({ transport: 'http', scope: 'mcp' });
    const v2 = parseConfigText('{"mcp": {"servers": {"t": {"type": "local", "command": ["uvx", "mcp-server-time"], "disabled": true}}}}', {
      path: '/home/u/.config/opencode/opencode.jsonc',
      home: HOME,
    });
    expect(v2.entries[0]).toMatchObject({ scope: 'mcp.servers', disabled: true });
    expect(v2.entries[0]!.projectDir).toBeUndefined();
  });

  it('reads Zed context_servers in both shapes, and leaves extension servers unrecognised', () => {
    const zed = parseConfigText(
      '{"context_servers": {"a": {"command": "uvx", "args": ["mcp-server-time"], "env": {}}, "b": {"command": {"path": "uvx", "args": ["mcp-server-time"]}}, "c": {"source": "extension", "settings": {}}, "d": {"url": "https://mcp.example.com/mcp", "enabled": false}}}',
      { path: '/home/u/.config/zed/settings.json' },
    );
    expect(zed.client).toBe('zed');
    expect(zed.entries.map((entry) => [entry.name, entry.transport, entry.command ?? entry.url, entry.disabled])).toEqual([
      ['a', 'stdio', 'uvx', false],
      ['b', 'stdio', 'uvx', false],
      ['c', 'unknown', undefined, false],
      ['d', 'http', 'https://mcp.example.com/mcp', true],
    ]);
    expect(identifyEntry(zed.entries[2]!, index)).toEqual({
      status: 'unrecognised',
      reason: 'a Zed extension starts this server with its own code, which its settings do not show',
    });
  });

  it('reads Continue config.yaml lists and JSON block files', () => {
    const yaml =
      'name: Local\nversion: 1.0.0\nmcpServers:\n  - name: Time\n    command: uvx\n    args: [mcp-server-time]\n  - name: Remote\n    type: streamable-http\n    url: https://mcp.example.com/mcp\n';
    const config = parseConfigText(yaml, { path: '/home/u/.continue/config.yaml', home: HOME });
    expect(config.client).toBe('continue');
    expect(config.entries.map((entry) => [entry.name, entry.transport, entry.scope])).toEqual([
      ['Time', 'stdio', 'mcpServers[0]'],
      ['Remote', 'http', 'mcpServers[1]'],
    ]);
    const block = parseConfigText('{"mcpServers": {"t": {"command": "uvx", "args": ["mcp-server-time"]}}}', {
      path: '/srv/app/.continue/mcpServers/time.json',
      home: HOME,
    });
    expect(block).toMatchObject({ client: 'continue', entries: [{ name: 't', projectDir: '/srv/app' }] });
    expect(() => parseConfigText('a: &x 1\nb: *x\n', { path: '/home/u/.continue/config.yaml' })).toThrow(ConfigError);
  });

  it('reads Goose stdio and streamable_http extensions, available_tools and env_keys, and leaves built-ins unrecognised', () => {
    const yaml = [
      'GOOSE_PROVIDER: anthropic',
      'extensions:',
      '  developer: { enabled: true, type: builtin, name: developer }',
      '  time: { enabled: true, type: stdio, name: time, cmd: uvx, args: [mcp-server-time], envs: { TZ: UTC }, env_keys: [API_KEY], available_tools: [get_current_time] }',
      '  remote: { enabled: false, type: streamable_http, name: remote, uri: "https://mcp.example.com/mcp" }',
      '  old: { enabled: true, type: sse, name: old, uri: "https://x.example/sse" }',
    ].join('\n');
    const config = parseConfigText(yaml, { path: '/home/u/.config/goose/config.yaml' });
    expect(config.client).toBe('goose');
    const { servers, disabled } = identifyConfig(config, index);
    expect(disabled).toEqual(['old', 'remote']);
    expect(servers.map((server) => [server.name, server.recordId ?? server.unrecognised])).toEqual([
      ['developer', 'a Goose `builtin` extension is code Goose runs itself, which no configuration entry identifies'],
      ['time', 'time'],
    ]);
    expect(config.entries[1]).toMatchObject({ envKeys: ['TZ'], inheritedEnvKeys: ['API_KEY'], toolFilter: { include: ['get_current_time'] } });
  });
});

describe('VS Code ${input:…}', () => {
  it('leaves an entry whose command line uses ${input:…} unrecognised, since the editor asks for the value', () => {
    const config = parseConfigText('{"servers": {"t": {"type": "stdio", "command": "uvx", "args": ["${input:pkg}"]}}}', { path: '/srv/app/.vscode/mcp.json' });
    expect(identifyEntry(config.entries[0]!, index)).toMatchObject({ status: 'unrecognised', reason: expect.stringContaining('${input:…}') });
  });
});
