/**
 * `rclass scan` as a child process, through `bin/rclass.mjs` of the run's
 * fresh bundle of the source (test/cli/tested-bin.ts):
 * the exit code reaches the shell, and an interrupted scan kills the
 * process groups of the servers it started.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../cli/harness.ts';
import { testedBin } from '../cli/tested-bin.ts';
import { alive, eventually, fixtureEntry, registryFile, writeConfig } from './support.ts';

const BIN = testedBin();

function childEnv(): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: tempDir() };
}

describe('rclass scan as a child process', () => {
  it('exits 1 from the shell when --fail-on is met', async () => {
    const { file: registry } = await registryFile();
    const config = writeConfig(tempDir(), 'claude_desktop_config.json', { fx: fixtureEntry(['--tools', 'a']) });
    const result = spawnSync(process.execPath, [BIN, 'scan', config, '--yes', '--registry', registry, '--fail-on', 'R4'], {
      cwd: ROOT,
      env: childEnv(),
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('rclass: starting 1 server, 1 at a time, each with 30 s to list its tools (`--timeout`)\nrclass: [1/1] fx: 1 tool\n');
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('1 tool across 1 server. 1 irreversible (R4).');
  });

  it("--list --format sarif writes SARIF for code scanning, at each server entry's line, and exits 1 when --fail-on is met", async () => {
    const { file: registry } = await registryFile();
    const config = path.join('test', 'fixtures', 'configs', 'br03', '.cursor', 'mcp.json');
    const result = spawnSync(process.execPath, [BIN, 'scan', '--list', config, '--format', 'sarif', '--fail-on', 'R4', '--registry', registry], {
      cwd: ROOT,
      env: childEnv(),
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    const log = JSON.parse(result.stdout) as {
      version: string;
      runs: {
        results: {
          ruleId: string;
          level: string;
          properties: { server: string };
          locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
        }[];
      }[];
    };
    expect(log.version).toBe('2.1.0');
    const found = log.runs[0]?.results ?? [];
    expect(new Set(found.map((each) => `${each.ruleId} ${each.level}`))).toEqual(new Set(['R4 error']));
    const lines = Object.fromEntries(found.map((each) => [each.properties.server, each.locations[0]?.physicalLocation.region.startLine]));
    expect(lines).toEqual({ fs: 2, heroku: 3, docs: 4, gh: 5 });
    expect(found[0]?.locations[0]?.physicalLocation.artifactLocation.uri).toBe('test/fixtures/configs/br03/.cursor/mcp.json');
  });

  it("kills the servers' process groups when interrupted with SIGINT (regression: detached servers outlived rclass)", async () => {
    const { file: registry } = await registryFile();
    const dir = tempDir();
    const pidFile = path.join(dir, 'pids');
    const config = writeConfig(dir, 'claude_desktop_config.json', { stuck: fixtureEntry(['--hang', pidFile]) });
    const rclass = spawn(process.execPath, [BIN, 'scan', config, '--yes', '--registry', registry, '--timeout', '120'], {
      cwd: ROOT,
      env: childEnv(),
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => rclass.once('exit', (_code, signal) => resolve(signal)));
    expect(await eventually(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').includes(' '), 20_000)).toBe(true);
    const [server, child] = readFileSync(pidFile, 'utf8').split(' ').map(Number) as [number, number];
    expect(alive(server) && alive(child)).toBe(true);
    rclass.kill('SIGINT');
    expect(await exited).toBe('SIGINT');
    expect(await eventually(() => !alive(server) && !alive(child))).toBe(true);
  }, 40_000);
});
