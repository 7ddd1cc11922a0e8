/**
 * `rclass scan --list` applies Gemini CLI's `mcp.allowed` and `mcp.excluded`
 * across its settings files as Gemini CLI does (google-gemini/gemini-cli
 * `packages/cli/src/config/settings.ts` getConsolidated*McpServers): a
 * server the user's file excludes is off even when a project's file defines
 * it, and only servers on every allowed list run. Before, each file's lists
 * applied to its own servers alone. In-process; starts nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../cli/harness.ts';

function put(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value));
}

const TIME = { command: 'uvx', args: ['mcp-server-time'] };

async function listed(
  home: string,
  project: string,
): Promise<{ servers: Array<{ name: string; config: string }>; skipped: Array<{ name: string; why: string }> }> {
  const env = { HOME: home, PATH: process.env.PATH ?? '', GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(home, 'none.json') };
  const result = await runCli(['scan', '--list', '--json', '--yes'], { env, cwd: project });
  return JSON.parse(result.stdout) as { servers: Array<{ name: string; config: string }>; skipped: Array<{ name: string; why: string }> };
}

describe('Gemini CLI server lists across settings files', () => {
  it("the user's mcp.excluded turns off a server the project's file defines", async () => {
    const home = tempDir();
    const project = path.join(tempDir(), 'app');
    put(path.join(home, '.gemini', 'settings.json'), { mcp: { excluded: ['proj-time'] }, mcpServers: { 'user-time': TIME } });
    put(path.join(project, '.gemini', 'settings.json'), { mcpServers: { 'proj-time': TIME } });
    const report = await listed(home, project);
    expect(report.servers.map((server) => server.name)).toEqual(['user-time']);
    expect(report.skipped).toEqual([expect.objectContaining({ name: 'proj-time', why: 'it is disabled in its configuration' })]);
  });

  it('only servers on every allowed list run; an empty allowed list alone restricts nothing', async () => {
    const home = tempDir();
    const project = path.join(tempDir(), 'app');
    put(path.join(home, '.gemini', 'settings.json'), { mcp: { allowed: ['a', 'b'] }, mcpServers: { a: TIME, b: TIME, c: TIME } });
    put(path.join(project, '.gemini', 'settings.json'), { mcp: { allowed: ['b', 'c'] } });
    expect((await listed(home, project)).servers.map((server) => server.name)).toEqual(['b']);
    const open = tempDir();
    put(path.join(open, '.gemini', 'settings.json'), { mcp: { allowed: [] }, mcpServers: { a: TIME } });
    expect((await listed(open, path.join(tempDir(), 'app'))).servers.map((server) => server.name)).toEqual(['a']);
  });
});
