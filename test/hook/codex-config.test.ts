/**
 * The Codex hook reads what runs from Codex's own configuration (openai/codex
 * `codex-rs/config/src/loader/mod.rs`, `merge.rs`): the system and user
 * `config.toml`, then every trusted project `.codex/config.toml` from the
 * project root (`.git`) down to the working folder, merged table by table.
 * Before, a Codex call was identified only through `--map`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codexTrustProblem, mergeCodexLayers } from '../../src/clients/formats/codex.ts';
import { codexServers, codexTrustRoot, readCodexConfig } from '../../src/node/clients/codex-config.ts';
import { runCli } from '../cli/harness.ts';
import { logLines, makeWorld, type World } from './support.ts';

const PG = '[mcp_servers.pg]\ncommand = "npx"\nargs = ["-y", "@modelcontextprotocol/server-postgres", "postgresql://localhost/app"]\n';

function put(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A world with a git project and Codex's user file. */
function codexWorld(user: string, trusted = false): World {
  const world = makeWorld(null);
  mkdirSync(path.join(world.project, '.git'), { recursive: true });
  put(path.join(world.home, '.codex', 'config.toml'), `${user}${trusted ? `\n[projects.${JSON.stringify(world.project)}]\ntrust_level = "trusted"\n` : ''}`);
  return world;
}

/** Codex's PreToolUse payload (codex-rs/hooks/src/events/pre_tool_use.rs `command_input_json`). */
function codexCall(world: World, session: string, tool: string, input: Record<string, unknown>, cwd = world.project): string {
  return JSON.stringify({
    session_id: session,
    turn_id: 't1',
    transcript_path: null,
    cwd,
    hook_event_name: 'PreToolUse',
    model: 'gpt-5',
    permission_mode: 'default',
    tool_name: tool,
    tool_input: input,
    tool_use_id: `call_${session}`,
  });
}

async function decide(world: World, stdin: string, extra: string[] = []): Promise<{ decision: string; reason: string }> {
  const result = await runCli(['hook', '--agent', 'codex', ...extra], { stdin, env: world.env, cwd: world.project });
  const json = JSON.parse(result.stdout) as { hookSpecificOutput?: { permissionDecision: string; permissionDecisionReason: string } };
  return { decision: json.hookSpecificOutput?.permissionDecision ?? 'none', reason: json.hookSpecificOutput?.permissionDecisionReason ?? '' };
}

describe('mergeCodexLayers (codex-rs/config/src/merge.rs)', () => {
  it('merges tables key by key and lets the overlay replace any other value', () => {
    const user = { mcp_servers: { pg: { command: 'npx', args: ['a'], enabled_tools: ['x'] } }, model: 'm1' };
    const project = { mcp_servers: { pg: { enabled: false, args: ['b'] } }, model: 'm2' };
    expect(mergeCodexLayers(user, project)).toEqual({
      mcp_servers: { pg: { command: 'npx', args: ['b'], enabled_tools: ['x'], enabled: false } },
      model: 'm2',
    });
    expect(user.mcp_servers.pg).toEqual({ command: 'npx', args: ['a'], enabled_tools: ['x'] });
  });
});

describe('codexTrustProblem (ProjectTrustContext::decision_for_dir)', () => {
  it('trusts a folder marked trusted, reads the first key that has a trust level, and refuses the rest', () => {
    const document = { projects: { '/srv/app': { trust_level: 'trusted' }, '/srv/bad': { trust_level: 'untrusted' } } };
    expect(codexTrustProblem(document, ['/srv/app'])).toBeUndefined();
    expect(codexTrustProblem(document, ['/srv/app/sub', '/srv/app'])).toBeUndefined();
    expect(codexTrustProblem(document, ['/srv/bad', '/srv/app'])).toBe("`/srv/bad` is marked `untrusted` in Codex's user configuration");
    expect(codexTrustProblem(document, ['/srv/other'])).toMatch(/not marked `trust_level = "trusted"`/);
    expect(codexTrustProblem({}, ['/srv/app'])).toMatch(/not marked/);
  });
});

describe('readCodexConfig', () => {
  it('reads system, user and trusted project layers from the root down to the working folder, lowest precedence first', async () => {
    const world = codexWorld(PG, true);
    const system = path.join(world.root, 'etc-codex', 'config.toml');
    put(system, '[mcp_servers.sys]\ncommand = "uvx"\nargs = ["mcp-server-time"]\n');
    const sub = path.join(world.project, 'packages', 'api');
    put(path.join(world.project, '.codex', 'config.toml'), '[mcp_servers.pg]\nenabled_tools = ["query"]\n');
    put(path.join(sub, '.codex', 'config.toml'), '[mcp_servers.fetch]\ncommand = "uvx"\nargs = ["mcp-server-fetch"]\n');
    const config = await readCodexConfig(world.env, sub, system);
    expect(config.problems).toEqual([]);
    expect(config.layers.map((layer) => [layer.origin, path.relative(world.root, layer.file), layer.ignored])).toEqual([
      ['system', 'etc-codex/config.toml', undefined],
      ['user', 'home/.codex/config.toml', undefined],
      ['project', 'project/.codex/config.toml', undefined],
      ['project', 'project/packages/api/.codex/config.toml', undefined],
    ]);
    const servers = codexServers(config);
    expect([...servers.keys()].sort()).toEqual(['fetch', 'pg', 'sys']);
    expect(servers.get('pg')!.origins).toEqual(['user', 'project']);
    expect(servers.get('pg')!.entry).toMatchObject({ command: 'npx', toolFilter: { include: ['query'] } });
    expect(servers.get('sys')!.origins).toEqual(['system']);
  });

  it('leaves an untrusted project layer out, and says why', async () => {
    const world = codexWorld(PG);
    put(path.join(world.project, '.codex', 'config.toml'), '[mcp_servers.pg]\ncommand = "/opt/evil"\n');
    const config = await readCodexConfig(world.env, world.project, path.join(world.root, 'none.toml'));
    expect(config.layers.at(-1)!.ignored).toMatch(/not marked `trust_level = "trusted"`/);
    expect(codexServers(config).get('pg')!.entry.command).toBe('npx');
  });

  it("regression: a linked git worktree of a trusted checkout is trusted through its main checkout, so its .codex/config.toml is read (Codex's resolve_root_git_project_for_trust)", async () => {
    const world = codexWorld(PG, true);
    // `git worktree add ../wt`: wt/.git is a file pointing at <main>/.git/worktrees/wt.
    const worktree = path.join(world.root, 'wt');
    mkdirSync(path.join(world.project, '.git', 'worktrees', 'wt'), { recursive: true });
    put(path.join(worktree, '.git'), `gitdir: ${path.join(world.project, '.git', 'worktrees', 'wt')}\n`);
    put(path.join(worktree, '.codex', 'config.toml'), '[mcp_servers.pg]\ncommand = "node"\nargs = ["./evil.js"]\n');
    expect(await codexTrustRoot(path.join(worktree, 'src'))).toBe(world.project);
    const config = await readCodexConfig(world.env, worktree, path.join(world.root, 'none.toml'));
    expect(config.layers.at(-1)!.ignored).toBeUndefined();
    // What the hook identifies: the worktree's entry, a repository script, never the user's postgres.
    expect(codexServers(config).get('pg')!.entry).toMatchObject({ command: 'node', args: ['./evil.js'] });
    expect(codexServers(config).get('pg')!.origins).toEqual(['user', 'project']);
  });

  it('a .git file that points anywhere but a worktrees folder gives no trust root', async () => {
    const world = makeWorld(null);
    put(path.join(world.project, '.git'), 'gitdir: /somewhere/else\n');
    expect(await codexTrustRoot(world.project)).toBeUndefined();
  });

  it('honours CODEX_HOME and reports a user file that is not TOML', async () => {
    const world = makeWorld(null);
    const codexHome = path.join(world.root, 'codex-home');
    put(path.join(codexHome, 'config.toml'), '[mcp_servers.pg\n');
    const config = await readCodexConfig({ ...world.env, CODEX_HOME: codexHome }, world.project, path.join(world.root, 'none.toml'));
    expect(config.layers.map((layer) => layer.file)).toContain(path.join(codexHome, 'config.toml'));
    expect(config.problems).toHaveLength(1);
    expect(config.problems[0]).toContain('is not valid TOML');
  });
});

describe('rclass hook --agent codex identifies servers from Codex configuration', () => {
  it('a SELECT to a server in ~/.codex/config.toml gets no decision, with the record in the log; DROP TABLE is blocked', async () => {
    const world = codexWorld(PG);
    expect(await decide(world, codexCall(world, 'C1', 'mcp__pg__query', { sql: 'SELECT 1' }))).toEqual({ decision: 'none', reason: '' });
    const drop = await decide(world, codexCall(world, 'C1', 'mcp__pg__query', { sql: 'DROP TABLE users' }));
    expect(drop.decision).toBe('deny');
    expect(drop.reason).toMatch(/^rclass: R4 Irreversible \(registry\) for pg\/query \[record postgres/);
    const lines = logLines(world.log).filter((line) => line.event === 'decision');
    // The log keeps the core's decision (ask); the Codex adapter renders it as a block.
    expect(lines.map((line) => [line.record, line.class, line.decision])).toEqual([
      ['postgres', 'R0', 'none'],
      ['postgres', 'R4', 'ask'],
    ]);
  }, 60_000);

  it("a trusted project's .codex/config.toml that swaps the command wins over the user's entry, and is unrecognised", async () => {
    const world = codexWorld(PG, true);
    put(path.join(world.project, '.codex', 'config.toml'), '[mcp_servers.pg]\ncommand = "/opt/evil/server"\nargs = []\n');
    const answer = await decide(world, codexCall(world, 'C2', 'mcp__pg__query', { sql: 'SELECT 1' }));
    expect(answer.decision).toBe('deny');
    expect(answer.reason).toContain('rclass cannot tell which server `pg` runs');
  }, 60_000);

  it("an untrusted project's .codex/config.toml is ignored, as Codex ignores it", async () => {
    const world = codexWorld(PG);
    put(path.join(world.project, '.codex', 'config.toml'), '[mcp_servers.pg]\ncommand = "/opt/evil/server"\nargs = []\n');
    expect((await decide(world, codexCall(world, 'C3', 'mcp__pg__query', { sql: 'SELECT 1' }))).decision).toBe('none');
  }, 60_000);

  it('a server a trusted project turns off (`enabled = false`, merged into the user entry) is blocked when called anyway', async () => {
    const world = codexWorld(PG, true);
    put(path.join(world.project, '.codex', 'config.toml'), '[mcp_servers.pg]\nenabled = false\n');
    const answer = await decide(world, codexCall(world, 'C4', 'mcp__pg__query', { sql: 'SELECT 1' }));
    expect(answer.decision).toBe('deny');
    expect(answer.reason).toContain("`pg` is disabled in Codex's configuration, yet was called");
  }, 60_000);

  it('--map vouches for a user-file server that runs an absolute launcher outside the project, but not for one a project defines', async () => {
    const mystery = '[mcp_servers.mystery]\ncommand = "/opt/mystery/bin/server"\nargs = []\n';
    const user = codexWorld(mystery);
    expect((await decide(user, codexCall(user, 'C5', 'mcp__mystery__read_graph', {}), ['--map', 'mystery=memory'])).decision).toBe('none');
    expect(logLines(user.log).find((line) => line.event === 'decision')!.record).toBe('memory');
    const project = codexWorld('', true);
    put(path.join(project.project, '.codex', 'config.toml'), mystery);
    const refused = await decide(project, codexCall(project, 'C6', 'mcp__mystery__read_graph', {}), ['--map', 'mystery=memory']);
    expect(refused.decision).toBe('deny');
    expect(refused.reason).toContain("does not apply: `mystery` is defined or changed by a project's .codex/config.toml");
  }, 60_000);

  it('a user file that is not TOML leaves every server unrecognised (Codex would not start)', async () => {
    const world = codexWorld(`${PG}\n[broken\n`);
    const answer = await decide(world, codexCall(world, 'C7', 'mcp__pg__query', { sql: 'SELECT 1' }));
    expect(answer.decision).toBe('deny');
    expect(answer.reason).toContain("Codex's configuration could not be read");
  }, 60_000);
});
