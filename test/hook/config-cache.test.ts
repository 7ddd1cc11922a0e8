/**
 * Issue 14: `~/.claude.json` is read once per call, strict JSON first and
 * JSONC only when that fails, and what the hook derives from Claude Code's
 * configuration is kept in the session state keyed by each file's size,
 * modification time and SHA-256. A changed file is still a changed server
 * (R4, SPEC 6); an unchanged one is not parsed again.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readClaudeServersCached } from '../../src/node/clients/claude-code.ts';
import { hook, makeWorld, pre, PROJECT_SERVERS } from './support.ts';

const select = (session: string) => pre(session, 'mcp__pg__query', { sql: 'SELECT 1' });

function sessionState(state: string): { config?: { key: string; views: unknown[] } } {
  const dir = path.join(state, 'sessions');
  const [file] = readdirSync(dir).filter((name) => name.endsWith('.json'));
  return JSON.parse(readFileSync(path.join(dir, file!), 'utf8')) as { config?: { key: string; views: unknown[] } };
}

describe('the configuration cache in the session state (issue 14)', () => {
  it('keeps the derived servers keyed by the files, without env values, and reuses them while the files are unchanged', async () => {
    const user = { notes: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { TOKEN: 'secret-value-123' } } };
    const world = makeWorld(PROJECT_SERVERS, user);
    expect((await hook(world, select('K1'))).json).toEqual({});
    const first = sessionState(world.state).config!;
    expect(first.key).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(first)).not.toContain('secret-value-123');
    expect(JSON.stringify(first)).toContain('"envKeys":["TOKEN"]');
    expect((await hook(world, select('K1'))).json).toEqual({});
    expect(sessionState(world.state).config!.key).toBe(first.key);
  });

  it('regression: a changed ~/.claude.json entry is still R4 when the session holds a cache of the old file', async () => {
    const world = makeWorld(null, { pg: PROJECT_SERVERS.pg });
    expect((await hook(world, select('K2'))).json).toEqual({});
    expect((await hook(world, select('K2'))).json).toEqual({});
    const before = sessionState(world.state).config!.key;
    const claudeJson = path.join(world.home, '.claude.json');
    const doc = JSON.parse(readFileSync(claudeJson, 'utf8')) as { mcpServers: Record<string, { args: string[] }> };
    doc.mcpServers.pg!.args = ['-y', '@modelcontextprotocol/server-postgres', 'postgresql://other/db'];
    writeFileSync(claudeJson, JSON.stringify(doc, null, 2));
    const changed = await hook(world, select('K2'));
    expect(changed.decision).toBe('ask');
    expect(changed.reason).toContain('R4 Irreversible (unknown) for pg/query');
    expect(changed.reason).toContain('changed during the session');
    expect(sessionState(world.state).config!.key).not.toBe(before);
  });

  it('regression: a same-size edit within the same modification time is caught by the digest', async () => {
    const world = makeWorld(null, { pg: PROJECT_SERVERS.pg });
    const claudeJson = path.join(world.home, '.claude.json');
    const locations = { claudeJson, projectDir: world.project, managedMcp: path.join(world.root, 'no-managed.json') };
    const first = await readClaudeServersCached(locations);
    const text = readFileSync(claudeJson, 'utf8');
    const edited = text.replace('postgresql://localhost/app', 'postgresql://localhost/ap2');
    expect(edited.length).toBe(text.length);
    writeFileSync(claudeJson, edited);
    const { utimesSync, statSync } = await import('node:fs');
    const { mtime } = statSync(claudeJson);
    utimesSync(claudeJson, mtime, mtime);
    const second = await readClaudeServersCached(locations, first.cache);
    expect(second.cache.key).not.toBe(first.cache.key);
    expect(second.servers.digests.pg).not.toBe(first.servers.digests.pg);
  });

  it('ignores an unsound cache and reads the files', async () => {
    const world = makeWorld(null, { pg: PROJECT_SERVERS.pg });
    const locations = { claudeJson: path.join(world.home, '.claude.json'), projectDir: world.project, managedMcp: path.join(world.root, 'no-managed.json') };
    const fresh = await readClaudeServersCached(locations);
    const forged = { ...fresh.cache, views: [{ origin: 'user', file: 'x', entry: { name: 7 } }] };
    const read = await readClaudeServersCached(locations, forged);
    expect(read.servers.servers.get('pg')?.entries[0]?.entry.command).toBe('npx');
    expect(read.cache).not.toBe(forged);
  });

  it('parses a ~/.claude.json with comments and trailing commas with the JSONC parser after JSON.parse fails', async () => {
    const world = makeWorld(null);
    writeFileSync(path.join(world.home, '.claude.json'), `{\n  // a comment\n  "mcpServers": { "pg": ${JSON.stringify(PROJECT_SERVERS.pg)}, },\n}\n`);
    const { servers } = await readClaudeServersCached({
      claudeJson: path.join(world.home, '.claude.json'),
      projectDir: world.project,
      managedMcp: path.join(world.root, 'no-managed.json'),
    });
    expect(servers.problems).toEqual([]);
    expect([...servers.servers.keys()]).toEqual(['pg']);
  });

  it('still rates every MCP call R4 while ~/.claude.json is not JSON even tolerantly', async () => {
    const world = makeWorld(null);
    writeFileSync(path.join(world.home, '.claude.json'), '{"mcpServers": {');
    const run = await hook(world, select('K3'));
    expect(run.decision).toBe('ask');
    expect(run.reason).toContain('R4');
  });
});
