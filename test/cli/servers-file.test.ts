/**
 * `rclass policy CONFIG --servers FILE`: a server mapping file recognises an
 * organisation's own launchers, images, packages and gateways (SPEC 6.3),
 * marks what it recognised, and never silently half-applies.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './harness.ts';

const CONFIG = {
  mcpServers: {
    fs: { command: '/opt/mcp/fs/bin/server', args: ['--stdio', '/data'] },
    gh: { command: 'docker', args: ['run', '-i', '--rm', 'registry.corp.example/mcp/github-mcp-server:1.12.0'] },
  },
};
const MAPPING = `servers:
  - record: filesystem
    command: /opt/mcp/fs/bin/server
    args: [--stdio, /data]
  - record: github
    image: registry.corp.example/mcp/github-mcp-server
`;

function setup(mapping: string) {
  const dir = tempDir();
  writeFileSync(path.join(dir, 'claude_desktop_config.json'), JSON.stringify(CONFIG));
  writeFileSync(path.join(dir, 'servers.yaml'), mapping);
  return dir;
}

describe('rclass policy with a server mapping file', () => {
  it("exports the mapped servers under the config's names and says which mapping recognised each", async () => {
    const dir = setup(MAPPING);
    const result = await runCli(['policy', '--format', 'claude-settings', 'claude_desktop_config.json', '--servers', 'servers.yaml'], { cwd: dir, env: {} });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `\`fs\` runs record \`filesystem\` (command /opt/mcp/fs/bin/server, by the server mapping at ${path.join(dir, 'servers.yaml')}:2:5)`,
    );
    expect(result.stderr).toContain(
      `\`gh\` runs record \`github\` (image registry.corp.example/mcp/github-mcp-server:1.12.0, by the server mapping at ${path.join(dir, 'servers.yaml')}:5:5)`,
    );
    expect(result.stderr).toContain('warning: you can edit the server mapping file');
    const settings = JSON.parse(result.stdout) as { permissions: { ask: string[]; deny: string[] } };
    expect(settings.permissions.ask).toContain('mcp__fs__write_file');
    expect(settings.permissions.ask).toContain('mcp__gh__create_repository');
    // Nothing of an unrecognised server: it would appear as a whole-server rule.
    expect(settings.permissions.ask).not.toContain('mcp__fs');
  });

  it('reads RCLASS_SERVERS when --servers is not given', async () => {
    const dir = setup(MAPPING);
    const result = await runCli(['policy', '--format', 'claude-settings', 'claude_desktop_config.json'], {
      cwd: dir,
      env: { RCLASS_SERVERS: path.join(dir, 'servers.yaml') },
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('`fs` runs record `filesystem`');
  });

  it('uses none of a file with a problem, reports it at FILE:LINE:COL, and exits 3', async () => {
    const dir = setup(`${MAPPING}  - record: git\n    command: bin/git-server\n`);
    const result = await runCli(['policy', '--format', 'claude-settings', 'claude_desktop_config.json', '--servers', 'servers.yaml'], { cwd: dir, env: {} });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`${path.join(dir, 'servers.yaml')}:8:14  error  [servers-file]  \`command\` must be an absolute path`);
    expect(result.stderr).toContain('so none of its mappings is used');
    expect(result.stderr).toContain('`fs` is unrecognised, so every tool counts as R4');
  });

  it('is a usage error (exit 2) when the named file does not exist', async () => {
    const dir = setup(MAPPING);
    const result = await runCli(['policy', '--format', 'cel', 'claude_desktop_config.json', '--servers', 'nope.yaml'], { cwd: dir, env: {} });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`no such server mapping file \`${path.join(dir, 'nope.yaml')}\``);
  });
});

describe('what policy prints about a configuration', () => {
  it('regression: a server name with a terminal escape sequence reaches stderr without it', async () => {
    const dir = tempDir();
    writeFileSync(
      path.join(dir, 'claude_desktop_config.json'),
      JSON.stringify({ mcpServers: { 'x\u001b]0;owned\u0007y': { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], disabled: true } } }),
    );
    const result = await runCli(['policy', '--format', 'cel', 'claude_desktop_config.json'], { cwd: dir, env: {} });
    expect(result.stderr).toContain('`x]0;ownedy` is disabled');
    expect(result.stderr).not.toMatch(/[\u001b\u0007]/);
  });
});
