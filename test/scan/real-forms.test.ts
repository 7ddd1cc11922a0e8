/**
 * `rclass scan --list` over the forms real configurations use (issue 24):
 * a Claude Code plugin's `.mcp.json` (a bare map of server names), the
 * public registry in `npx --registry`, `bunx -y` and `uvx --from`; and a
 * file whose shape rclass does not know, which is unread with exit 3 in
 * every format, never an empty passing report. In-process; starts nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../cli/harness.ts';
import { registryFile } from './support.ts';

function put(file: string, value: unknown): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
}

async function scanList(file: string, ...extra: string[]) {
  const { file: registry } = await registryFile();
  return runCli(['scan', '--list', file, '--registry', registry, ...extra], { env: { HOME: tempDir(), PATH: process.env.PATH ?? '' } });
}

describe('rclass scan --list over the forms real configurations use', () => {
  it("recognises the servers of a Claude Code plugin's .mcp.json written as a bare map, with the launcher forms real files use", async () => {
    const file = put(path.join(tempDir(), 'plugin', '.mcp.json'), {
      gallery: { command: 'npx', args: ['--registry', 'https://registry.npmjs.org', '-y', '@playwright/mcp@latest'] },
      bun: { command: 'bunx', args: ['-y', '@modelcontextprotocol/server-memory'] },
      git: { command: 'uvx', args: ['--from', 'mcp-server-git', 'mcp-server-git'] },
      custom: { command: 'npx', args: ['--registry', 'https://npm.evil.example/', '-y', '@playwright/mcp'] },
    });
    const result = await scanList(file, '--json');
    const report = JSON.parse(result.stdout) as { complete: boolean; servers: Array<{ name: string; record?: string; status: string }> };
    expect(report.complete).toBe(true);
    expect(Object.fromEntries(report.servers.map((server) => [server.name, server.record ?? server.status]))).toEqual({
      gallery: 'playwright',
      bun: 'memory',
      git: 'git',
      custom: 'unlisted',
    });
  });

  it('reports a file whose shape rclass does not know as unread, with exit 3, in text, JSON and SARIF', async () => {
    const file = put(path.join(tempDir(), 'proj', '.cursor', 'mcp.json'), {
      servers: { notes: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] } },
    });
    const text = await scanList(file);
    expect(text.code).toBe(3);
    expect(text.stdout).toContain('cannot be read:');
    expect(text.stdout).toContain(
      'has no map of servers where Cursor reads them (`mcpServers`); its servers are under `servers`, which Cursor does not read, so its shape is not one rclass knows and it was not read',
    );
    expect(text.stdout).toContain('The scan is incomplete (exit 3)');

    const json = await scanList(file, '--json');
    expect(json.code).toBe(3);
    const report = JSON.parse(json.stdout) as { complete: boolean; servers: unknown[]; configs: Array<{ problem?: string }> };
    expect(report.complete).toBe(false);
    expect(report.servers).toEqual([]);
    expect(report.configs[0]?.problem).toContain('not one rclass knows');

    const sarif = await scanList(file, '--format', 'sarif');
    expect(sarif.code).toBe(3);
    const log = JSON.parse(sarif.stdout) as {
      runs: Array<{ invocations: Array<{ toolExecutionNotifications?: Array<{ level: string; message: { text: string } }> }> }>;
    };
    const notes = log.runs[0]?.invocations[0]?.toolExecutionNotifications ?? [];
    expect(notes.some((note) => note.level === 'error' && note.message.text.includes('not one rclass knows'))).toBe(true);
  });
});
