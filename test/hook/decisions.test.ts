/**
 * `rclass hook` on PreToolUse for MCP calls (SPEC 8.5): the answer's shape
 * (BR-10), the decision per class and threshold, and what the reason says.
 * In-process, with a temporary home and project.
 */
import { describe, expect, it } from 'vitest';
import { hook, logLines, makeWorld, pre } from './support.ts';

/** BR-10 asks for exactly one JSON object with the decision inside `hookSpecificOutput`, and exit 0. */
function expectShape(result: { code: number; stdout: string; json: Record<string, unknown> }): void {
  expect(result.code).toBe(0);
  expect(result.stdout.trim().split('\n')).toHaveLength(1);
  expect(result.stdout.endsWith('\n')).toBe(true);
  expect(result.json).not.toHaveProperty('permissionDecision');
  expect(result.json).not.toHaveProperty('decision');
}

describe('BR-10: DROP TABLE and SELECT 1 through one SQL tool', () => {
  // The postgres record names its SQL argument `sql`; BR-10's payload says `query`, which this server does not read.
  const drop = pre('S1', 'mcp__pg__query', { sql: 'DROP TABLE users' });
  const select = pre('S1', 'mcp__pg__query', { sql: 'SELECT 1' });

  it('asks for DROP TABLE by default, inside hookSpecificOutput, naming R4, its name, the source and the rationale', async () => {
    const world = makeWorld();
    const result = await hook(world, drop);
    expectShape(result);
    expect(result.json).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: expect.any(String) },
    });
    expect(result.reason).toMatch(/^rclass: R4 Irreversible \(registry\) for pg\/query \[record postgres, (draft|reviewed|verified)\]: /);
    expect(result.reason).toContain('Needs your approval.');
  });

  it('denies DROP TABLE with --deny-from R4', async () => {
    const result = await hook(makeWorld(), drop, ['--deny-from', 'R4']);
    expectShape(result);
    expect(result.decision).toBe('deny');
    expect(result.reason).toContain('R4 Irreversible');
    expect(result.reason).toContain('--deny-from R4');
  });

  it('gives SELECT 1 no decision ({}), and allow with --allow-up-to R1, naming the rule that lowered it', async () => {
    const world = makeWorld();
    const none = await hook(world, select);
    expectShape(none);
    expect(none.json).toEqual({});
    const allowed = await hook(world, { ...select, session_id: 'S2' }, ['--allow-up-to', 'R1']);
    expectShape(allowed);
    expect(allowed.decision).toBe('allow');
    expect(allowed.reason).toMatch(/^rclass: R0 No effect \(rule: read-only-statement\) for pg\/query/);
    const lines = logLines(world.log);
    expect(lines.map((line) => [line.class, line.source, line.rule, line.decision])).toEqual([
      ['R0', 'rule', 'read-only-statement', 'none'],
      ['R0', 'rule', 'read-only-statement', 'allow'],
    ]);
  });

  it('asks from R2 and leaves R0–R1 alone under the default thresholds; --deny-from R3 denies R3 and R4 only', async () => {
    const world = makeWorld();
    // github create_repository: R1 when private in the user's own account (private omitted defaults to true), R4 otherwise (SPEC 2.3 example).
    const privateRepo = await hook(world, pre('S3', 'mcp__github__create_repository', { name: 'x', private: true }));
    expect(privateRepo.json).toEqual({});
    const publicRepo = await hook(world, pre('S3', 'mcp__github__create_repository', { name: 'x', private: false }));
    expect(publicRepo.decision).toBe('ask');
    const denied = await hook(world, pre('S4', 'mcp__github__create_repository', { name: 'x', private: false }), ['--deny-from', 'R3']);
    expect(denied.decision).toBe('deny');
    expect(denied.reason).toContain('R4 Irreversible');
    // playwright browser_close: R3 (ends a browser session other clients can attach to).
    const deniedR3 = await hook(world, pre('S4', 'mcp__playwright__browser_close', {}), ['--deny-from', 'R3']);
    expect(deniedR3.decision).toBe('deny');
    expect(deniedR3.reason).toContain('R3 Hard to recover');
    const stillNone = await hook(world, pre('S4', 'mcp__github__create_repository', { name: 'x', private: true }), ['--deny-from', 'R3']);
    expect(stillNone.json).toEqual({});
  });
});

describe('servers and tools rclass cannot identify are R4 (SPEC 4.3, 6.2)', () => {
  it('asks for a server no configuration defines, and for a tool the record does not list', async () => {
    const world = makeWorld();
    const unknownServer = await hook(world, pre('U1', 'mcp__mystery__do_it', {}));
    expect(unknownServer.decision).toBe('ask');
    expect(unknownServer.reason).toMatch(
      /^rclass: R4 Irreversible \(unknown\) for mystery\/do_it: rclass cannot tell which server `mystery` runs: no server `mystery` is configured/,
    );
    const unknownTool = await hook(world, pre('U1', 'mcp__pg__vacuum_everything', {}));
    expect(unknownTool.decision).toBe('ask');
    expect(unknownTool.reason).toContain('R4 Irreversible (unknown) for pg/vacuum_everything');
    expect(logLines(world.log).map((line) => [line.server, line.tool, line.class, line.source])).toEqual([
      ['mystery', 'do_it', 'R4', 'unknown'],
      ['pg', 'vacuum_everything', 'R4', 'unknown'],
    ]);
  });

  it('treats an entry that runs other code as unrecognised (SPEC 6.2): npx -p, a local script, an env that sets NODE_OPTIONS', async () => {
    const world = makeWorld({
      sneaky: { command: 'npx', args: ['-p', '@modelcontextprotocol/server-postgres', 'evil'] },
      local: { command: 'node', args: ['./server.js'] },
      preload: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-postgres'], env: { NODE_OPTIONS: '--require ./x.js' } },
    });
    for (const server of ['sneaky', 'local', 'preload']) {
      const result = await hook(world, pre('U2', `mcp__${server}__query`, { sql: 'SELECT 1' }));
      expect(result.decision, server).toBe('ask');
      expect(result.reason, server).toContain('R4 Irreversible (unknown)');
    }
    // No env value is ever shown.
    expect(JSON.stringify(logLines(world.log))).not.toContain('--require');
  });

  it("asks for a plugin server's tool and a claude.ai connector's tool, saying why", async () => {
    const world = makeWorld();
    const plugin = await hook(world, pre('U3', 'mcp__plugin_kit_github__create_repository', { name: 'x', private: true }));
    expect(plugin.decision).toBe('ask');
    expect(plugin.reason).toContain("a plugin's server");
    const connector = await hook(world, pre('U3', 'mcp__claude_ai_Gmail__send_email', {}));
    expect(connector.decision).toBe('ask');
    expect(connector.reason).toContain('claude.ai connector');
  });

  it('splits server names that contain `__`-free underscores and tool names that contain `__` by the configured names', async () => {
    const world = makeWorld({ my_db: { command: 'uvx', args: ['mcp-server-sqlite', '--db-path', '/tmp/x.db'] } });
    const result = await hook(world, pre('U4', 'mcp__my_db__read_query', { query: 'SELECT 1' }));
    expect(result.json).toEqual({});
    expect(logLines(world.log)[0]).toMatchObject({ server: 'my_db', record: 'sqlite', tool: 'read_query' });
  });

  it("ignores argument rules for a pinned release older than the record's min_version (SPEC 5.3)", async () => {
    const world = makeWorld({ github: { command: 'docker', args: ['run', '-i', '--rm', 'ghcr.io/github/github-mcp-server:0.1.0'] } });
    const result = await hook(world, pre('U5', 'mcp__github__create_repository', { name: 'x', private: true }));
    expect(result.decision).toBe('ask');
    expect(result.reason).toContain('argument rules ignored');
  });
});

describe("Claude Code's configuration scopes (SPEC 6, 8.5)", () => {
  it("reads the user scope and this project's local scope of ~/.claude.json, not another project's", async () => {
    const world = makeWorld(
      null,
      { userdb: { command: 'uvx', args: ['mcp-server-sqlite', '--db-path', '/tmp/u.db'] } },
      { localdb: { command: 'uvx', args: ['mcp-server-sqlite', '--db-path', '/tmp/l.db'] } },
    );
    expect((await hook(world, pre('C1', 'mcp__userdb__read_query', { query: 'SELECT 1' }))).json).toEqual({});
    expect((await hook(world, pre('C1', 'mcp__localdb__read_query', { query: 'SELECT 1' }))).json).toEqual({});
    const other = makeWorld(null, {}, { elsewhere: { command: 'uvx', args: ['mcp-server-sqlite'] } });
    const moved = await hook(other, pre('C2', 'mcp__elsewhere__read_query', { query: 'SELECT 1' }), [], { CLAUDE_PROJECT_DIR: `${other.project}-other` });
    expect(moved.decision).toBe('ask');
  });

  it("uses CLAUDE_PROJECT_DIR, or the cwd of the session's first call, not the folder the agent moved to", async () => {
    const world = makeWorld();
    const elsewhere = makeWorld({ pg: { command: 'node', args: ['/tmp/fake-pg.js'] } });
    // No CLAUDE_PROJECT_DIR: the first call's cwd is the project, and later calls keep it.
    const first = await hook(world, pre('P1', 'mcp__pg__query', { sql: 'SELECT 1' }, { cwd: world.project }), [], { CLAUDE_PROJECT_DIR: undefined });
    expect(first.json).toEqual({});
    const later = await hook(world, pre('P1', 'mcp__pg__query', { sql: 'SELECT 1' }, { cwd: elsewhere.project }), [], { CLAUDE_PROJECT_DIR: undefined });
    expect(later.json).toEqual({});
    // With CLAUDE_PROJECT_DIR it wins over any cwd.
    const env = await hook(world, pre('P2', 'mcp__pg__query', { sql: 'SELECT 1' }, { cwd: elsewhere.project }));
    expect(env.json).toEqual({});
  });

  it('lets managed-mcp.json decide the servers alone when it exists', async () => {
    const { HookContext } = await import('../../src/hook/context.ts');
    const { handleHook } = await import('../../src/hook/handle.ts');
    const { writeFileSync } = await import('node:fs');
    const path = await import('node:path');
    const world = makeWorld();
    const managed = path.join(world.root, 'managed-mcp.json');
    writeFileSync(managed, JSON.stringify({ mcpServers: { corpdb: { command: 'uvx', args: ['mcp-server-sqlite'] } } }));
    const context = new HookContext({ thresholds: {}, egressAllow: [], mappings: [], log: null }, { env: world.env, cwd: world.project, managedMcp: managed });
    const corp = await handleHook(context, { ok: true, text: JSON.stringify(pre('M1', 'mcp__corpdb__read_query', { query: 'SELECT 1' })) });
    expect(corp.stdout).toBe('{}\n');
    const context2 = new HookContext({ thresholds: {}, egressAllow: [], mappings: [], log: null }, { env: world.env, cwd: world.project, managedMcp: managed });
    const projectServer = await handleHook(context2, { ok: true, text: JSON.stringify(pre('M1', 'mcp__pg__query', { sql: 'SELECT 1' })) });
    expect(JSON.parse(projectServer.stdout).hookSpecificOutput.permissionDecision).toBe('ask');
  });
});

describe("a configuration Claude Code's hook cannot read", () => {
  it('rates every MCP call R4 while a configuration file is not JSON, naming the file', async () => {
    const { writeFileSync } = await import('node:fs');
    const path = await import('node:path');
    const world = makeWorld();
    writeFileSync(path.join(world.project, '.mcp.json'), '{"mcpServers": {"pg": ');
    const result = await hook(world, pre('K1', 'mcp__pg__query', { sql: 'SELECT 1' }));
    expect(result.decision).toBe('ask');
    expect(result.reason).toContain('configuration could not be read');
    expect(result.reason).toContain('.mcp.json');
  });
});
