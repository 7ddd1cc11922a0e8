/**
 * Regression: a scan whose deadline lands in the middle of npx's first
 * download must not break the user's own `npx -y <package>` (what Claude
 * Desktop, Cursor and VS Code run). Real npm, a real package from the
 * registry, a cold cache (a fresh HOME), and a 1 s deadline, which ends a
 * first install of @modelcontextprotocol/server-memory (about a hundred
 * packages) part-way. The scan installs into rclass's own cache
 * (`~/.cache/rclass/npm`) and removes what a killed install left there;
 * the user's `~/.npm/_npx` is never touched. Its `_cacache` is the user's,
 * so after the user's client has run the server once, a scan installs it
 * with no network at all.
 */
import { execFile } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { listTools } from '../../src/scan/list-tools.ts';
import { npxInstallDir, npxInstallFinished } from '../../src/scan/npm-cache.ts';
import { tempDir } from '../cli/harness.ts';
import { scan, writeConfig } from './support.ts';

const PACKAGE = '@modelcontextprotocol/server-memory';

// The two cases share nothing (each its own HOME, project and caches) and mostly wait on the npm registry, so they run
// at once (issue 30: one after another they held a test worker for about 54 s). Each asserts with its own `expect`.
// The offline scan from the user's cache was a case of its own, with its own `npx -y` download of the package: it now
// follows the client's `npx -y` of the first case, which fills the same cache (issue 30: one download, not two).
describe.concurrent('scan and the npx cache', () => {
  it("regression: a deadline during a cold npx install leaves the user's npx cache alone, and their client's npx -y still starts the server", async ({
    expect,
  }) => {
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

    // And a later scan with time to install completes from the scan's own _npx, installing from the user's npm cache
    // offline (npm_config_offline: no network, so it can only succeed from there), since the scan's _cacache is the
    // user's, while the user's _npx is left as their client left it.
    // Should the 1 s scan have finished its install, set it aside so that this scan installs.
    if (existsSync(installDir)) rmSync(installDir, { recursive: true, force: true });
    const userNpx = readdirSync(path.join(home, '.npm', '_npx'));
    const offline = writeConfig(project, 'offline.json', { mem: { command: 'npx', args: ['-y', PACKAGE], env: { npm_config_offline: 'true' } } });
    const warm = await scan([offline, '--yes', '--timeout', '300', '--json'], { env, cwd: project });
    const report = JSON.parse(warm.stdout) as { servers: Array<{ name: string; status: string; tools: Array<{ name: string }> }> };
    expect(report.servers.map((server) => [server.name, server.status])).toEqual([['mem', 'scanned']]);
    expect(report.servers[0]!.tools.map((tool) => tool.name)).toContain('read_graph');
    expect(lstatSync(path.join(scanCache, '_cacache')).isSymbolicLink()).toBe(true);
    expect(npxInstallFinished(installDir)).toBe(true);
    expect(readdirSync(path.join(home, '.npm', '_npx'))).toEqual(userNpx);
  }, 900_000);

  it("regression: a server started with pnpm dlx installs into rclass's own pnpm cache and store, never the user's (real pnpm from npm)", async ({
    expect,
  }) => {
    const tools = tempDir();
    // Asynchronous: a synchronous install would stop the other cases' scans, and the first one's 1 s deadline, while it ran.
    const install = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
      execFile(
        'npm',
        ['install', '--no-save', '--no-audit', '--no-fund', 'pnpm@12.23.0'],
        { cwd: tools, encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tools }, timeout: 300_000 },
        (error, _stdout, stderr) => resolve({ status: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stderr }),
      );
    });
    expect(install.status, install.stderr).toBe(0);
    const bin = path.join(tools, 'bin');
    mkdirSync(bin);
    // npm's own link, which it made executable.
    symlinkSync(path.join(tools, 'node_modules', '.bin', 'pnpm'), path.join(bin, 'pnpm'));
    const home = tempDir();
    const project = tempDir();
    const env = { PATH: `${bin}${path.delimiter}${process.env.PATH ?? '/usr/bin:/bin'}`, HOME: home };
    const config = writeConfig(project, 'servers.json', { mem: { command: 'pnpm', args: ['dlx', PACKAGE] } });
    const result = await scan([config, '--yes', '--timeout', '300'], { env, cwd: project });
    expect(result.stdout).toMatch(/^mem {2}Memory \(MCP reference server\) · \d+ tools/m);
    expect(readdirSync(path.join(home, '.cache', 'rclass', 'pnpm', 'cache'))).toContain('dlx');
    expect(existsSync(path.join(home, '.cache', 'rclass', 'pnpm', 'store'))).toBe(true);
    // pnpm's own defaults on Linux (pnpm.io/settings: cache-dir ~/.cache/pnpm, store-dir ~/.local/share/pnpm/store).
    expect(existsSync(path.join(home, '.cache', 'pnpm'))).toBe(false);
    expect(existsSync(path.join(home, '.local', 'share', 'pnpm'))).toBe(false);
  }, 900_000);
});
