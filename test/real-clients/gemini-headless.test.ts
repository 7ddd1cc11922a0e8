/**
 * Headless Gemini CLI with rclass (issue 26, "Headless runs"), end to end
 * with the real client: Gemini CLI 0.61.0 from npm (test/real-clients),
 * `gemini -p` in a scratch HOME whose settings.json runs the real memory
 * server (@modelcontextprotocol/server-memory from test/servers) and holds
 * the hook `rclass policy --format gemini-hook` writes, with the policy
 * `rclass policy --format gemini` writes saved as
 * `~/.gemini/policies/rclass.toml`. The model is a local stand-in for the
 * Gemini API (./gemini-api.ts) that asks for one R4 call, delete_entities.
 *
 * Gemini CLI's hook payload does not say the run is non-interactive, and
 * with the hook alone its `ask` makes `gemini -p` wait for ever (seen with
 * this release: killed after 150 s). With the policy too, the policy
 * engine's `ask_user` is an error in a non-interactive run, so the run
 * ends, the call does not run, and the hook's reason reaches the output.
 * `--approval-mode yolo` approves every call Gemini CLI's own rules would
 * ask about, so the control run (no rclass files) shows the call runs
 * unless rclass stops it. The run is killed after {@link HARD_LIMIT_MS};
 * the tests assert it ended by itself. `-m` names a model so Gemini CLI
 * does not first ask a routing model to pick one.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../cli/harness.ts';
import { installedPackage } from '../cli/installed.ts';
import { SERVERS_DIR } from '../servers/paths.ts';
import { type GeminiApi, startGeminiApi } from './gemini-api.ts';
import { GEMINI_CLI } from './paths.ts';

/** The longest a `gemini -p` run may take before it is killed: far above the 55 s measured at load 24 on 2 cores. */
const HARD_LIMIT_MS = 180_000;

/** What is in the memory server's file before the run: one entity, which delete_entities would remove. */
const ALICE = `${JSON.stringify({ type: 'entity', name: 'Alice', entityType: 'person', observations: ['likes tea'] })}\n`;

let installed = '';
beforeAll(async () => {
  installed = await installedPackage();
}, 120_000);

const apis: GeminiApi[] = [];
afterEach(async () => {
  for (const api of apis.splice(0)) await api.close();
});

interface Scratch {
  home: string;
  project: string;
  memory: string;
}

/** Run the installed `rclass` with a HOME; its exit code, stdout and stderr. */
function rclass(home: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(installed, 'bin', 'rclass.mjs'), ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * A scratch HOME with Gemini CLI's user settings: an API key login, no
 * update checks or usage statistics, and the memory server (through npx,
 * found among test/servers' packages, as a user's `npx -y` entry); with
 * `withRclass`, the generated hook merged in and the generated policy saved.
 */
async function scratch(withRclass: boolean, options: { renamedAfterPolicy?: string } = {}): Promise<Scratch> {
  const root = tempDir();
  const home = path.join(root, 'home');
  const project = path.join(root, 'project');
  const memory = path.join(root, 'memory.jsonl');
  mkdirSync(path.join(home, '.gemini', 'policies'), { recursive: true });
  mkdirSync(project);
  writeFileSync(memory, ALICE);
  const settingsFile = path.join(home, '.gemini', 'settings.json');
  const settings: Record<string, unknown> = {
    security: { auth: { selectedType: 'gemini-api-key' } },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    privacy: { usageStatisticsEnabled: false },
    mcpServers: { memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], cwd: SERVERS_DIR, env: { MEMORY_FILE_PATH: memory } } },
  };
  writeFileSync(settingsFile, JSON.stringify(settings, null, 2));
  if (withRclass) {
    const hook = await rclass(home, ['policy', '--format', 'gemini-hook']);
    expect(hook.code).toBe(0);
    writeFileSync(settingsFile, JSON.stringify({ ...settings, ...(JSON.parse(hook.stdout) as Record<string, unknown>) }, null, 2));
    const policy = await rclass(home, ['policy', '--format', 'gemini', settingsFile, '--out', path.join(home, '.gemini', 'policies', 'rclass.toml')]);
    expect(policy.code).toBe(0);
    if (options.renamedAfterPolicy !== undefined) {
      // The user adds (here: renames) a server after writing the policy, which then names no rule for it.
      const written = JSON.parse(readFileSync(settingsFile, 'utf8')) as { mcpServers: Record<string, unknown> };
      written.mcpServers = { [options.renamedAfterPolicy]: written.mcpServers.memory };
      writeFileSync(settingsFile, JSON.stringify(written, null, 2));
    }
  }
  return { home, project, memory };
}

/**
 * Run `gemini -p` in the scratch project against the stand-in, in a
 * process group of its own (its MCP server and hook processes included),
 * killed whole after {@link HARD_LIMIT_MS}.
 */
function gemini(world: Scratch, api: GeminiApi): Promise<{ code: number | null; killed: boolean; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [GEMINI_CLI, '-m', 'gemini-2.5-flash', '-p', 'Delete Alice from memory.', '--approval-mode', 'yolo'], {
      cwd: world.project,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: world.home,
        TMPDIR: process.env.TMPDIR ?? '/tmp',
        GEMINI_API_KEY: 'stand-in',
        GOOGLE_GEMINI_BASE_URL: api.url,
        // A scratch project is not a trusted folder; headless runs are told so this way (geminicli.com/docs/cli/trusted-folders).
        GEMINI_CLI_TRUST_WORKSPACE: 'true',
        // Gemini CLI otherwise starts itself again with a larger heap: one process start fewer.
        GEMINI_CLI_NO_RELAUNCH: 'true',
      },
    });
    let stdout = '';
    let stderr = '';
    let killed = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const limit = setTimeout(() => {
      killed = true;
      process.kill(-child.pid!, 'SIGKILL');
    }, HARD_LIMIT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(limit);
      try {
        process.kill(-child.pid!, 'SIGKILL'); // the MCP server and any hook still running
      } catch {
        // the group has ended
      }
      resolve({ code, killed, stdout, stderr });
    });
  });
}

const DELETE = { name: 'mcp_memory_delete_entities', args: { entityNames: ['Alice'] } };

describe('gemini -p (Gemini CLI 0.61.0) with the generated hook and policy', () => {
  it("an R4 call the model asks for ends the run instead of waiting for ever: the call does not run, and rclass's reason is in the output and the audit log", async () => {
    const world = await scratch(true);
    const api = await startGeminiApi(DELETE);
    apis.push(api);
    const run = await gemini(world, api);
    expect(run.killed).toBe(false);
    expect(run.code).toBe(0);
    // The memory server's file is as it was: Alice was not deleted.
    expect(readFileSync(world.memory, 'utf8')).toBe(ALICE);
    expect(run.stderr).toContain('Hook system message: rclass: R4 Irreversible (registry) for memory/delete_entities [record memory');
    expect(run.stderr).toContain(
      'Tool execution for "delete_entities (memory MCP Server)" requires user confirmation, which is not supported in non-interactive mode.',
    );
    // The model was told the call failed, and ended the turn.
    expect(api.requests.some((request) => request.body.includes('"functionResponse"') && request.body.includes('requires user confirmation'))).toBe(true);
    expect(run.stdout.trim()).toBe('done');
    const log = path.join(world.home, '.local', 'state', 'rclass', 'audit.jsonl');
    const lines = readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => [line.event, line.server, line.record, line.tool, line.class, line.decision])).toEqual([
      ['decision', 'memory', 'memory', 'delete_entities', 'R4', 'ask'],
    ]);
    expect(String(lines[0]!.session)).toMatch(/^gemini:/);
    const verified = await rclass(world.home, ['audit', 'verify']);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(/^ok: 1 line, the hash chain holds/);
    const report = await rclass(world.home, ['audit', 'report']);
    expect(report.stdout).toMatch(/ R4 memory\/delete_entities ask: no outcome recorded \(refused, cancelled, or no PostToolUse hook\) \(session gemini:/);
  }, 400_000);

  it("regression: a server added after the policy was written (no rule of its own) ends the run too, through the policy's last rule, instead of waiting on the hook for ever", async () => {
    const world = await scratch(true, { renamedAfterPolicy: 'later' });
    const api = await startGeminiApi({ name: 'mcp_later_delete_entities', args: { entityNames: ['Alice'] } });
    apis.push(api);
    const run = await gemini(world, api);
    expect(run.killed).toBe(false);
    expect(run.code).toBe(0);
    expect(readFileSync(world.memory, 'utf8')).toBe(ALICE);
    expect(run.stderr).toContain('requires user confirmation, which is not supported in non-interactive mode.');
    expect(run.stdout.trim()).toBe('done');
  }, 400_000);

  it('control: without rclass, the same run deletes the entity (the stand-in, the client and the server are real)', async () => {
    const world = await scratch(false);
    const api = await startGeminiApi(DELETE);
    apis.push(api);
    const run = await gemini(world, api);
    expect(run.killed).toBe(false);
    expect(run.code).toBe(0);
    expect(readFileSync(world.memory, 'utf8')).not.toContain('Alice');
    expect(run.stderr).not.toContain('rclass');
    expect(run.stdout.trim()).toBe('done');
  }, 400_000);
});
