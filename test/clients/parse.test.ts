/**
 * Reading client configuration files as each client does (SPEC 6), with the
 * real bug reports BR-01 to BR-05 as fixtures, Claude Code's project scopes
 * in `~/.claude.json`, and the rule that no env or header value is ever
 * kept.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildIdentityIndex, identifyConfig } from '../../src/clients/identify/index.ts';
import { ConfigError, detectClient } from '../../src/clients/parse.ts';
import { parseConfigText } from '../../src/clients/parse-text.ts';
import { readConfigFile } from '../../src/node/clients/read-config.ts';
import { IDENTITY_RECORDS } from './records.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/configs/', import.meta.url));
const fixture = (relative: string): string => path.join(FIXTURES, relative);
const index = buildIdentityIndex(IDENTITY_RECORDS);

function summary(servers: ReturnType<typeof identifyConfig>['servers']): Record<string, string> {
  return Object.fromEntries(servers.map((server) => [server.name, server.recordId ?? (server.invalid ? 'invalid' : 'unrecognised')]));
}

describe('BR-01: JSONC comments and the `servers` key', () => {
  it('reads a VS Code .vscode/mcp.json with comments and trailing commas from `servers`', async () => {
    const config = await readConfigFile(fixture('br01/.vscode/mcp.json'));
    expect(config.client).toBe('vscode');
    expect(config.notes).toEqual([]);
    expect(config.entries.map((entry) => [entry.name, entry.transport])).toEqual([
      ['github', 'http'],
      ['perplexity', 'stdio'],
    ]);
    expect(config.entries[1]!.envKeys).toEqual(['PERPLEXITY_API_KEY']);
    expect(JSON.stringify(config)).not.toContain('${input:pplx-key}');
    expect(summary(identifyConfig(config, index).servers)).toEqual({ github: 'github', perplexity: 'unrecognised' });
  });

  it('still lists the servers of a Claude Code .mcp.json with a comment, and says Claude Code will not load it', async () => {
    const config = await readConfigFile(fixture('br01/.mcp.json'));
    expect(config.client).toBe('claude-code');
    expect(config.entries).toHaveLength(2);
    expect(config.notes).toEqual([expect.stringContaining('is not strict JSON (comments or trailing commas), so Claude Code will not load it')]);
    expect(config.entries[0]!.projectDir).toBe(path.join(FIXTURES, 'br01'));
    expect(JSON.stringify(config)).not.toContain('pplx-secret-value-0001');
  });
});

describe('BR-02: UTF-8 byte order mark', () => {
  it('strips the BOM, reads CRLF JSON, and notes that Claude Desktop rejects it', async () => {
    const config = await readConfigFile(fixture('br02/claude_desktop_config.json'));
    expect(config.client).toBe('claude-desktop');
    expect(config.notes).toEqual([expect.stringContaining('starts with a UTF-8 byte order mark, which Claude Desktop rejects')]);
    expect(summary(identifyConfig(config, index).servers)).toEqual({ time: 'time' });
  });
});

describe('BR-03: launch wrappers hide the real server', () => {
  it('identifies the package, image and URL behind cmd /c, a whole command line, mcp-remote and docker', async () => {
    const config = await readConfigFile(fixture('br03/.cursor/mcp.json'));
    expect(config.client).toBe('cursor');
    const { servers } = identifyConfig(config, index);
    expect(summary(servers)).toEqual({ docs: 'unrecognised', fs: 'filesystem', gh: 'github', heroku: 'heroku' });
    const docs = servers.find((server) => server.name === 'docs')!;
    expect(docs.unrecognised).toBe('no record names a hosted URL at `https://mcp.docs.example` with this path');
    const fs = servers.find((server) => server.name === 'fs')!.entries[0]!.identification;
    expect(fs).toMatchObject({ launcher: 'cmd /c npx', subject: 'npm @modelcontextprotocol/server-filesystem' });
    expect(JSON.stringify(servers)).not.toContain('heroku-secret-value-0002');
  });
});

describe('BR-04: variables in arguments and headers', () => {
  it('leaves ${…} literal, never keeps header values, and identifies by what runs', async () => {
    const config = await readConfigFile(fixture('br04/.mcp.json'));
    const { servers } = identifyConfig(config, index);
    expect(summary(servers)).toEqual({ gh: 'github', vol: 'unrecognised' });
    expect(servers.find((server) => server.name === 'vol')!.unrecognised).toBe('no record names the image `example/img`');
    expect(config.entries.find((entry) => entry.name === 'gh')!.headerKeys).toEqual(['Authorization']);
    expect(JSON.stringify(config)).not.toContain('Bearer');
  });
});

describe('BR-05: remote and disabled entries spelled differently per client', () => {
  it('reads serverUrl and url in Windsurf, flags an unknown type without failing the file, and skips disabled entries', async () => {
    const config = await readConfigFile(fixture('br05/mcp_config.json'));
    expect(config.client).toBe('windsurf');
    const { servers, disabled } = identifyConfig(config, index);
    expect(summary(servers)).toEqual({ a: 'unrecognised', b: 'github', c: 'invalid', e: 'time' });
    expect(disabled).toEqual(['d']);
    expect(servers.find((server) => server.name === 'c')!.unrecognised).toBe('unknown transport type `streamable_http`');
    expect(JSON.stringify(config)).not.toContain('header-secret-value-0003');
  });
});

describe('~/.claude.json scopes', () => {
  it('reads the user scope and every project scope, and leaves a name unrecognised when its scopes run different records', async () => {
    const config = await readConfigFile(fixture('claude-home/.claude.json'));
    expect(config.client).toBe('claude-code');
    expect(config.entries.map((entry) => `${entry.scope} ${entry.name}`)).toEqual([
      'mcpServers files',
      'mcpServers db',
      'projects["/work/project-a"].mcpServers db',
      'projects["/work/project-a"].mcpServers local-tool',
      'projects["/work/project-b"].mcpServers files',
    ]);
    const { servers } = identifyConfig(config, index);
    // db: sqlite in both scopes; files: filesystem in the user scope but memory (not in these records) in project-b.
    expect(summary(servers)).toEqual({ db: 'sqlite', files: 'unrecognised', 'local-tool': 'unrecognised' });
    expect(servers.find((server) => server.name === 'local-tool')!.unrecognised).toBe('the launcher `/work/project-a/bin/npx` lies inside the project');
    expect(servers.find((server) => server.name === 'files')!.unrecognised).toContain('(in `projects["/work/project-b"].mcpServers`)');
    expect(JSON.stringify(config)).not.toContain('memory-secret-path');
  });
});

describe('client detection and failures', () => {
  it('tells a global ~/.cursor/mcp.json from a project one by the home directory', () => {
    const text = '{"mcpServers":{"pw":{"command":"npx","args":["-y","@playwright/mcp"]}}}';
    expect(parseConfigText(text, { path: '/home/u/.cursor/mcp.json', home: '/home/u' }).entries[0]!.projectDir).toBeUndefined();
    expect(parseConfigText(text, { path: '/srv/app/.cursor/mcp.json', home: '/home/u' }).entries[0]!.projectDir).toBe('/srv/app');
  });

  it('reads a Cursor project config with a comment and refuses a variable in the launcher', async () => {
    const config = await readConfigFile(fixture('project-a/.cursor/mcp.json'));
    const { servers } = identifyConfig(config, index);
    expect(summary(servers)).toEqual({ local: 'unrecognised', pw: 'playwright' });
    expect(servers.find((server) => server.name === 'pw')!.entries[0]!.identification).toMatchObject({ version: '0.0.79' });
  });

  it('reads the legacy VS Code settings.json `mcp.servers`', () => {
    const config = parseConfigText('{"editor.fontSize": 12, "mcp": {"servers": {"t": {"command": "uvx", "args": ["mcp-server-time"]}}}}', {
      path: '/home/u/.config/Code/User/settings.json',
    });
    expect(config.client).toBe('vscode');
    expect(config.entries.map((entry) => entry.scope)).toEqual(['mcp.servers']);
  });

  it('reports a VS Code file that keeps its servers only under `mcpServers` as unread, naming the key VS Code ignores', () => {
    expect(() => parseConfigText('{"mcpServers": {"t": {"command": "uvx", "args": ["mcp-server-time"]}}}', { client: 'vscode' })).toThrow(
      'the configuration has no map of servers where VS Code reads them (`servers`, `mcp.servers`, `customizations.vscode.mcp.servers`); its servers are under `mcpServers`, which VS Code does not read, so its shape is not one rclass knows and it was not read',
    );
  });

  it('detects clients from file names', () => {
    expect(detectClient('/x/claude_desktop_config.json', {})).toBe('claude-desktop');
    expect(detectClient('/x/.mcp.json', {})).toBe('claude-code');
    expect(detectClient('/x/.codeium/windsurf/mcp_config.json', {})).toBe('windsurf');
    expect(detectClient('/x/.vscode/mcp.json', {})).toBe('vscode');
    expect(detectClient('/x/.cursor/mcp.json', {})).toBe('cursor');
    expect(detectClient('/x/other.json', { servers: {} })).toBe('vscode');
  });

  it('detects Windsurf from a `serverUrl` entry when the file name does not decide (windsurf.json)', () => {
    const text = '{"mcpServers": {"docs": {"serverUrl": "https://mcp.docs.example/mcp"}, "time": {"command": "uvx", "args": ["mcp-server-time"]}}}';
    expect(detectClient('/x/windsurf.json', JSON.parse(text))).toBe('windsurf');
    const config = parseConfigText(text, { path: '/x/windsurf.json' });
    expect(config.client).toBe('windsurf');
    expect(config.entries.map((entry) => [entry.name, entry.transport, entry.url, entry.problems])).toEqual([
      ['docs', 'http', 'https://mcp.docs.example/mcp', []],
      ['time', 'stdio', undefined, []],
    ]);
    // A name that decides still wins; without `serverUrl` an mcpServers file stays undecided.
    expect(detectClient('/x/.cursor/mcp.json', JSON.parse(text))).toBe('cursor');
    expect(detectClient('/x/windsurf.json', { mcpServers: { time: { command: 'uvx' } } })).toBeUndefined();
  });

  it('hints at --client windsurf when another client meets a `serverUrl` entry', () => {
    const config = parseConfigText('{"mcpServers": {"docs": {"serverUrl": "https://mcp.docs.example/mcp"}}}', { path: '/x/.cursor/mcp.json' });
    expect(config.client).toBe('cursor');
    expect(config.entries[0]!.problems).toEqual([
      'the entry has neither `command` nor `url` (`serverUrl` is how Windsurf writes it; for a Windsurf config, pass `--client windsurf`)',
    ]);
  });

  it('marks entries a client cannot use as invalid', () => {
    const config = parseConfigText(
      '{"mcpServers": {"x": {"args": ["a"]}, "y": "npx", "z": {"command": "npx", "args": [1]}, "w": {"url": "https://h.example/mcp"}}}',
      { path: '/x/claude_desktop_config.json' },
    );
    expect(config.entries.map((entry) => [entry.name, entry.problems])).toEqual([
      ['x', ['the entry has neither `command` nor `url`']],
      ['y', ['the entry is not an object']],
      ['z', ['`args` is not a list of strings']],
      ['w', ['Claude Desktop starts only `command` entries from this file']],
    ]);
  });

  it('throws a ConfigError with the position for text that is not JSON', () => {
    expect(() => parseConfigText('{"mcpServers": {', { shownAs: 'a.json', client: 'cursor' })).toThrow(
      new ConfigError('cannot parse `a.json`: CloseBraceExpected at line 1 column 17'),
    );
  });

  it('throws a ConfigError when the client cannot be told', () => {
    expect(() => parseConfigText('{"other": 1}', { shownAs: 'a.json' })).toThrow(/has no `mcpServers` or `servers`/);
  });

  it('reports a missing file as `missing`', async () => {
    await expect(readConfigFile(fixture('nope.json'))).rejects.toMatchObject({ kind: 'missing' });
  });
});
