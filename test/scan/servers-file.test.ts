/**
 * `rclass scan --servers FILE`: servers the registry cannot recognise by
 * themselves, recognised through the organisation's server mapping file
 * (SPEC 6.3), and marked as such.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../cli/harness.ts';
import { MEMORY_BIN, registryFile, scan, writeConfig } from './support.ts';

describe('rclass scan with a server mapping file', () => {
  it('starts and lists a launcher the mapping names, counting its tools by the mapped record', async () => {
    const { file: registry } = await registryFile();
    const dir = tempDir();
    const config = writeConfig(dir, 'claude_desktop_config.json', { notes: { command: process.execPath, args: [MEMORY_BIN] } });
    const servers = path.join(dir, 'servers.yaml');
    writeFileSync(servers, `servers:\n  - record: memory\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(MEMORY_BIN)}]\n`);

    const without = await scan([config, '--yes', '--registry', registry, '--json']);
    expect(JSON.parse(without.stdout).servers[0]).toMatchObject({ name: 'notes', record: null, identified_by: null });

    const result = await scan([config, '--yes', '--registry', registry, '--json', '--servers', servers]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('warning: you can edit the server mapping file');
    const server = JSON.parse(result.stdout).servers[0];
    expect(server).toMatchObject({
      name: 'notes',
      status: 'scanned',
      record: 'memory',
      identified_by: 'mapping',
      mapping: `${servers}:2:5`,
      tool_count: 9,
      classes: { R0: 3, R1: 3, R2: 2, R3: 0, R4: 1 },
      drift: [],
    });

    const text = await scan([config, '--yes', '--registry', registry, '--servers', servers]);
    expect(text.stdout).toContain(`notes  Memory (MCP reference server) (by the server mapping at ${servers}:2:5) · 9 tools`);
  }, 60_000);

  it('--list recognises a mirrored image through the mapping without starting anything, and a broken file exits 3', async () => {
    const { file: registry } = await registryFile();
    const dir = tempDir();
    const config = writeConfig(dir, 'claude_desktop_config.json', {
      gh: { command: 'docker', args: ['run', '-i', '--rm', 'registry.corp.example/mcp/github-mcp-server:1.12.0'] },
    });
    const servers = path.join(dir, 'servers.yaml');
    writeFileSync(servers, 'servers:\n  - record: github\n    image: registry.corp.example/mcp/github-mcp-server\n');
    const result = await scan([config, '--yes', '--registry', registry, '--list', '--json', '--servers', servers]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).servers[0]).toMatchObject({
      name: 'gh',
      status: 'registry',
      record: 'github',
      identified_by: 'mapping',
      mapping: `${servers}:2:5`,
    });

    writeFileSync(servers, 'servers:\n  - record: github\n    image: registry.corp.example/mcp/github-mcp-server:1.12.0\n');
    const broken = await scan([config, '--yes', '--registry', registry, '--list', '--json', '--servers', servers]);
    expect(broken.code).toBe(3);
    expect(broken.stderr).toContain(`${servers}:3:12  error  [servers-file]  name the image without a tag or digest`);
    expect(JSON.parse(broken.stdout).servers[0]).toMatchObject({ name: 'gh', record: null });
  });
});
