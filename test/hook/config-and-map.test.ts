/**
 * A server whose configuration changes during a session is R4 (digests
 * kept in the session state), and `--map NAME=RECORD` vouches only for a
 * server defined in the user scope of ~/.claude.json (SPEC 6.2, 6.3, 8.5).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_SERVERS, hook, logLines, makeWorld, pre, writeProjectServers } from './support.ts';

const select = (session: string, server = 'pg') => pre(session, `mcp__${server}__query`, { sql: 'SELECT 1' });

describe('configuration changes during a session', () => {
  it("rates a server R4 once its entry changed since the session's first call, and only in that session", async () => {
    const world = makeWorld();
    expect((await hook(world, select('C1'))).json).toEqual({});
    writeProjectServers(world, { ...PROJECT_SERVERS, pg: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-postgres', 'postgresql://prod/app'] } });
    const changed = await hook(world, select('C1'));
    expect(changed.decision).toBe('ask');
    expect(changed.reason).toContain('R4 Irreversible (unknown) for pg/query');
    expect(changed.reason).toContain('changed during the session');
    // Other servers of the session are unaffected, and a new session starts from the new configuration.
    expect((await hook(world, pre('C1', 'mcp__github__get_file_contents', { owner: 'a', repo: 'b', path: 'c' }))).json).toEqual({});
    expect((await hook(world, select('C2'))).json).toEqual({});
    expect(logLines(world.log).find((line) => line.session === 'C1' && line.class === 'R4')).toMatchObject({
      source: 'unknown',
      detail: expect.stringContaining('changed during the session'),
    });
  });

  it('notices an env value that changed (only its digest is kept), and a server added after the session started', async () => {
    const world = makeWorld({ ...PROJECT_SERVERS, pg: { ...PROJECT_SERVERS.pg, env: { PGPASSWORD: 'first-secret' } } });
    expect((await hook(world, select('C3'))).json).toEqual({});
    writeProjectServers(world, { ...PROJECT_SERVERS, pg: { ...PROJECT_SERVERS.pg, env: { PGPASSWORD: 'second-secret' } }, pg2: PROJECT_SERVERS.pg });
    expect((await hook(world, select('C3'))).decision).toBe('ask');
    const added = await hook(world, select('C3', 'pg2'));
    expect(added.decision).toBe('ask');
    expect(added.reason).toContain('was not configured when the session started');
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = path.join(world.state, 'sessions');
    const state = readFileSync(path.join(dir, readdirSync(dir)[0]!), 'utf8');
    expect(state).not.toContain('secret');
    expect(readFileSync(world.log, 'utf8')).not.toContain('secret');
  });

  it('takes the digests at SessionStart, so a change between the start and the first tool call is caught', async () => {
    const world = makeWorld();
    const start = await hook(world, { session_id: 'C4', hook_event_name: 'SessionStart', source: 'startup', cwd: world.project });
    expect(start.json).toEqual({});
    writeProjectServers(world, { ...PROJECT_SERVERS, pg: { command: 'node', args: ['/tmp/other.js'] } });
    expect((await hook(world, select('C4'))).decision).toBe('ask');
  });

  it('takes fresh digests on resume (Claude Code restarts its servers), and keeps them on compact', async () => {
    const world = makeWorld();
    await hook(world, select('C5'));
    const changedPg = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-postgres', 'postgresql://other/app'] };
    writeProjectServers(world, { ...PROJECT_SERVERS, pg: changedPg });
    await hook(world, { session_id: 'C5', hook_event_name: 'SessionStart', source: 'compact' });
    expect((await hook(world, select('C5'))).decision).toBe('ask');
    await hook(world, { session_id: 'C5', hook_event_name: 'SessionStart', source: 'resume' });
    expect((await hook(world, select('C5'))).json).toEqual({});
  });

  it('takes a resumed session whose state is gone as having read when its transcript holds tool results', async () => {
    const world = makeWorld();
    const transcript = path.join(world.root, 't.jsonl');
    writeFileSync(transcript, '{"type":"user","message":{"content":[{"type":"tool_result","content":"x"}]}}\n');
    await hook(world, { session_id: 'C6', hook_event_name: 'SessionStart', source: 'resume', transcript_path: transcript }, ['--no-log']);
    expect((await hook(world, pre('C6', 'mcp__fetch__fetch', { url: 'https://example.com/' }), ['--no-log'])).decision).toBe('ask');
  });
});

describe('--map NAME=RECORD', () => {
  const launcher = { command: '/opt/corp/pg-mcp/bin/server', args: ['--stdio'] };

  it('vouches for a user-scope server the registry cannot recognise', async () => {
    const world = makeWorld(null, { corpdb: launcher });
    const without = await hook(world, select('M1', 'corpdb'));
    expect(without.decision).toBe('ask');
    const mapped = await hook(world, select('M2', 'corpdb'), ['--map', 'corpdb=postgres']);
    expect(mapped.json).toEqual({});
    const drop = await hook(world, pre('M2', 'mcp__corpdb__query', { sql: 'DROP TABLE users' }), ['--map', 'corpdb=postgres']);
    expect(drop.reason).toContain('[record postgres by --map corpdb=postgres');
    expect(logLines(world.log).at(-1)).toMatchObject({ server: 'corpdb', record: 'postgres', class: 'R4' });
  });

  it("refuses when a repository's .mcp.json defines the same name (a repository cannot borrow the user's vouching)", async () => {
    const world = makeWorld({ corpdb: { command: 'node', args: ['./evil.js'] } }, { corpdb: launcher });
    const result = await hook(world, select('M3', 'corpdb'), ['--map', 'corpdb=postgres']);
    expect(result.decision).toBe('ask');
    expect(result.reason).toContain('`--map corpdb=postgres` does not apply');
    expect(result.reason).toContain("project's .mcp.json");
  });

  it('refuses a name defined only by the repository', async () => {
    const world = makeWorld({ corpdb: launcher });
    const result = await hook(world, select('M4', 'corpdb'), ['--map', 'corpdb=postgres']);
    expect(result.decision).toBe('ask');
    expect(result.reason).toContain('does not apply');
  });

  it("refuses the project's local scope, an env that changes what runs, a launcher or script in the project, and an unknown record", async () => {
    const local = makeWorld(null, {}, { corpdb: launcher });
    expect((await hook(local, select('M5', 'corpdb'), ['--map', 'corpdb=postgres'])).reason).toContain('does not apply');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...launcher, env: { LD_PRELOAD: '/tmp/x.so' } }, 'LD_PRELOAD'],
      [{ command: 'PROJECT/bin/server' }, 'lies inside the project'],
      [{ command: 'bin/server' }, 'relative path'],
      [{ command: 'node', args: ['PROJECT/server.js'] }, 'not an absolute path outside the project'],
      [{ command: 'python3', args: ['-m', 'corp_pg'] }, 'python -m'],
    ];
    for (const [entry, why] of cases) {
      const world = makeWorld(null, {});
      const fixed = JSON.parse(JSON.stringify(entry).replaceAll('PROJECT', world.project)) as Record<string, unknown>;
      writeFileSync(path.join(world.home, '.claude.json'), JSON.stringify({ mcpServers: { corpdb: fixed } }));
      const result = await hook(world, select('M6', 'corpdb'), ['--map', 'corpdb=postgres']);
      expect(result.decision, why).toBe('ask');
      expect(result.reason, why).toContain(why);
    }
    const unknown = makeWorld(null, { corpdb: launcher });
    expect((await hook(unknown, select('M7', 'corpdb'), ['--map', 'corpdb=no-such-record'])).reason).toContain('the registry has no record `no-such-record`');
  });

  it("regression: refuses to vouch for a record the registry says the entry is not (@stripe/mcp past the stripe record's before, SPEC 5.3)", async () => {
    for (const spec of ['@stripe/mcp', '@stripe/mcp@0.3.3']) {
      const world = makeWorld(null, { s: { command: 'npx', args: ['-y', spec, '--tools=all'] } });
      const result = await hook(world, pre('M9', 'mcp__s__list_customers', {}), ['--map', 's=stripe']);
      expect(result.decision, spec).toBe('ask');
      expect(result.reason, spec).toContain('`--map s=stripe` does not apply');
      expect(result.reason, spec).toContain('only before 0.3.1');
    }
    const pinned = makeWorld(null, { s: { command: 'npx', args: ['-y', '@stripe/mcp@0.2.5', '--tools=all'] } });
    expect((await hook(pinned, pre('M10', 'mcp__s__list_customers', {}), ['--map', 's=stripe'])).json).toEqual({});
  });

  it('refuses a mapping that contradicts what the entry is recognised as', async () => {
    const world = makeWorld(null, { files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-postgres'] } });
    const result = await hook(world, select('M8', 'files'), ['--map', 'files=sqlite']);
    expect(result.decision).toBe('ask');
    expect(result.reason).toContain('runs record `postgres`');
  });
});

describe('the server mapping file (SPEC 6.3)', () => {
  const launcher = { command: '/opt/corp/pg-mcp/bin/server', args: ['--stdio'] };
  const mapping = 'servers:\n  - record: postgres\n    command: /opt/corp/pg-mcp/bin/server\n    args: [--stdio]\n';

  it('regression: the hook does not use a mapping file the user can write, since the agent runs as that user', async () => {
    // These tests run as a user who can write the file they made; the hook must then leave the server unrecognised.
    const world = makeWorld(null, { corpdb: launcher });
    const file = path.join(world.root, 'servers.yaml');
    writeFileSync(file, mapping);
    const result = await hook(world, select('S1', 'corpdb'), ['--servers', file]);
    expect(result.decision).toBe('ask');
    expect(result.reason).toContain(
      `the server mapping file \`${file}\` was not used: you can write it or a folder on its path, so an agent running as you could too`,
    );
    const viaEnv = await hook(world, select('S2', 'corpdb'), [], { RCLASS_SERVERS: file });
    expect(viaEnv.reason).toContain(`\`${file}\` was not used: you can write it`);
  });

  it('does not use a mapping file named by a relative RCLASS_SERVERS, and answers ask for a relative --servers', async () => {
    const world = makeWorld(null, { corpdb: launcher });
    writeFileSync(path.join(world.project, 'servers.yaml'), mapping);
    const viaEnv = await hook(world, select('S3', 'corpdb'), [], { RCLASS_SERVERS: 'servers.yaml' });
    expect(viaEnv.decision).toBe('ask');
    expect(viaEnv.reason).toContain('`servers.yaml` was not used: its path is relative');
    const viaFlag = await hook(world, select('S4', 'corpdb'), ['--servers', 'servers.yaml']);
    expect(viaFlag.decision).toBe('ask');
    expect(viaFlag.reason).toContain('`--servers` needs an absolute path');
  });

  it('does not use a mapping file with problems, and a missing named file leaves servers unrecognised', async () => {
    const world = makeWorld(null, { corpdb: launcher });
    const broken = path.join(world.root, 'broken.yaml');
    writeFileSync(broken, 'servers:\n  - record: postgres\n    command: relative\n');
    expect((await hook(world, select('S5', 'corpdb'), ['--servers', broken])).reason).toContain('was not used: it has problems (1;');
    const missing = path.join(world.root, 'missing.yaml');
    const result = await hook(world, select('S6', 'corpdb'), ['--servers', missing]);
    expect(result.decision).toBe('ask');
    expect(result.reason).toContain(`no such server mapping file \`${missing}\``);
  });
});

describe('project settings that change what a launcher installs (SPEC 6.2)', () => {
  it('regression: a repository .npmrc next to .mcp.json makes its npx server unrecognised, so even SELECT 1 asks', async () => {
    const world = makeWorld();
    const before = await hook(world, select('P1'));
    expect(before.json).toEqual({});
    writeFileSync(path.join(world.project, '.npmrc'), 'registry=https://evil.example/\n');
    const after = await hook(world, select('P2'));
    expect(after.decision).toBe('ask');
    expect(after.reason).toContain(`\`${path.join(world.project, '.npmrc')}\` can change where npx installs packages from`);
  });
});

describe('server names that contain `__` (SPEC 8.5)', () => {
  it('answers R4 for mcp__my__mem__read_graph when a user server `my__mem` and a project server `my` both fit the name', async () => {
    const world = makeWorld(
      { my: { command: 'node', args: ['./server.js'] } },
      { my__mem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] } },
    );
    const run = await hook(world, pre('U1', 'mcp__my__mem__read_graph', {}));
    expect(run.decision).toBe('ask');
    expect(run.reason).toContain('R4 Irreversible (unknown)');
    expect(run.reason).toContain('fits several configured servers (`my`, `my__mem`)');
    // With only the user server configured, the same name is the memory server's R0 read.
    const alone = makeWorld(null, { my__mem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] } });
    expect((await hook(alone, pre('U2', 'mcp__my__mem__read_graph', {}))).json).toEqual({});
  });
});

describe('container mounts (SPEC 6.2)', () => {
  it('regression: docker run -v ./evil:/app mcp/memory is not the memory server in the hook, so create_entities asks', async () => {
    const world = makeWorld({ dmountapp: { command: 'docker', args: ['run', '-i', '--rm', '-v', './evil:/app', 'mcp/memory'] } });
    const run = await hook(world, pre('V1', 'mcp__dmountapp__create_entities', { entities: [] }));
    expect(run.decision).toBe('ask');
    expect(run.reason).toContain('R4 Irreversible (unknown)');
    expect(run.reason).toContain('mounts a folder at `/app`');
  });
});
