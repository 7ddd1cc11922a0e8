/**
 * Regression: a scan whose deadline lands in the middle of npx's first
 * download must not break the user's own `npx -y <package>` (what Claude
 * Desktop, Cursor and VS Code run). Real npm, a real package from the
 * registry, a cold cache (a fresh HOME), and a 1 s deadline, which ends a
 * first install of @modelcontextprotocol/server-memory (about a hundred
 * packages) part-way. The scan installs into rclass's own cache
 * (`~/.cache/rclass/npm`) and removes what a killed install left there;
 * the user's `~/.npm/_npx` is never touched.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listTools } from '../../src/scan/list-tools.ts';
import { npxInstallDir, npxInstallFinished } from '../../src/scan/npm-cache.ts';
import { tempDir } from '../cli/harness.ts';
import { scan, writeConfig } from './support.ts';

const PACKAGE = '@modelcontextprotocol/server-memory';

describe('scan and the npx cache', () => {
  it("regression: a deadline during a cold npx install leaves the user's npx cache alone, and their client's npx -y still starts the server", async () => {
    const home = tempDir();
    const project = tempDir();
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home };
    const config = writeConfig(project, 'servers.json', { mem: { command: 'npx', args: ['-y', PACKAGE] } });

    const cold = await scan([config, '--yes', '--timeout', '1'], { env, cwd: project });
    expect(cold.stderr).toContain('rclass: starting 1 server, 1 at a time, each with 1 s to list its tools (`--timeout`)');
    expect(cold.stderr).toMatch(/rclass: \[1\/1\] mem: /);
    // Nothing in the user's own npm cache; the scan's install folder is finished or gone, never half-written.
    expect(existsSync(path.join(home, '.npm', '_npx'))).toBe(false);
    const scanCache = path.join(home, '.cache', 'rclass', 'npm');
    const installDir = npxInstallDir(scanCache, [PACKAGE]);
    expect(existsSync(installDir) ? npxInstallFinished(installDir) : true).toBe(true);
    if (cold.stdout.includes('did not answer')) expect(cold.stdout).toContain('it was probably still downloading its package on first use');

    // What the user's client runs afterwards: plain npx -y, the user's own cache, no deadline worth mentioning.
    const client = await listTools({ command: 'npx', args: ['-y', PACKAGE], env, cwd: project }, 300_000, 'test');
    expect(client.ok ? client.tools.map((tool) => tool.name) : client.failure).toContain('read_graph');
    expect(readdirSync(path.join(home, '.npm', '_npx')).length).toBe(1);

    // And a later scan with time to install completes from the scan's own cache.
    const warm = await scan([config, '--yes', '--timeout', '300'], { env, cwd: project });
    expect(warm.stdout).toMatch(/^mem {2}Memory \(MCP reference server\) · \d+ tools/m);
    expect(npxInstallFinished(installDir)).toBe(true);
  }, 900_000);
});
