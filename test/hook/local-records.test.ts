/**
 * Local records (SPEC 5.10) end to end, through the installed package as
 * child processes (`bin/rclass.mjs`): `rclass records add` adopts a draft,
 * `scan --list` recognises its server and labels it local, and the hook
 * answers from it and names it; an invalid local record makes the hook ask;
 * a local record claiming a public record's package is refused and the
 * public answer stands.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueDraft } from '../../src/records/catalogue/draft.ts';
import type { CatalogueListing } from '../../src/records/catalogue/types.ts';
import { buildDraft } from '../../src/scan/drafts.ts';
import type { RegistryDocument } from '../../src/core/record.ts';
import { ROOT, tempDir } from '../cli/harness.ts';
import { installedPackage } from '../cli/installed.ts';
import { logLines, makeWorld, pre, PROJECT_SERVERS, type World } from './support.ts';

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'local-records');

/** The project's servers: the usual ones, a made-up server only a local record knows, selenium (catalogue only) and memory. */
const SERVERS = {
  ...PROJECT_SERVERS,
  notes: { command: 'npx', args: ['-y', '@acme-example/notes-mcp'] },
  selenium: { command: 'npx', args: ['-y', '@angiejones/mcp-selenium'] },
  memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
};

let installed = '';
beforeAll(async () => {
  installed = await installedPackage();
}, 120_000);

interface Child {
  code: number | null;
  stdout: string;
  stderr: string;
}

function rclass(world: World, args: string[], input?: unknown): Child {
  const result = spawnSync(process.execPath, [path.join(installed, 'bin', 'rclass.mjs'), ...args], {
    cwd: world.project,
    env: world.env,
    encoding: 'utf8',
    input: input === undefined ? '' : JSON.stringify(input),
    timeout: 30_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Run the hook on one PreToolUse payload; the decision and reason it printed. */
function decide(world: World, payload: unknown, args: string[] = []): { decision?: string; reason?: string } {
  const child = rclass(world, ['hook', ...args], payload);
  expect(child.code, child.stderr).toBe(0);
  const json = JSON.parse(child.stdout) as { hookSpecificOutput?: { permissionDecision: string; permissionDecisionReason: string } };
  return { decision: json.hookSpecificOutput?.permissionDecision, reason: json.hookSpecificOutput?.permissionDecisionReason };
}

/** The default local records folder of a world, made as rclass makes its state folder (0700). */
function recordsFolder(world: World, ...fixtures: string[]): string {
  const dir = path.join(world.state, 'records');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(world.state, 0o700);
  for (const name of fixtures) copyFileSync(path.join(FIXTURES, name), path.join(dir, name));
  return dir;
}

// Several child processes per test, each loading the registry: on a busy machine one test takes over 30 s.
describe('local records through the installed rclass', { timeout: 300_000 }, () => {
  it('the hook answers from a local record and names it, never the registry, and the audit line names it too', () => {
    const world = makeWorld(SERVERS);
    recordsFolder(world, 'acme-notes.yaml');
    const remove = decide(world, pre('L1', 'mcp__notes__delete_note', { id: 'n1' }));
    expect(remove.decision).toBe('ask');
    expect(remove.reason).toContain('rclass: R4 Irreversible (local) for notes/delete_note [local record acme-notes (');
    expect(remove.reason).toContain('acme-notes.yaml), draft]');
    expect(remove.reason).not.toContain('registry');
    const list = decide(world, pre('L1', 'mcp__notes__list_notes', {}), ['--allow-up-to', 'R0']);
    expect(list.decision).toBe('allow');
    expect(list.reason).toContain('R0 No effect (local) for notes/list_notes [local record acme-notes');
    const line = logLines(world.log).find((entry) => entry.tool === 'delete_note');
    expect(line).toMatchObject({ record: 'acme-notes', source: 'local', class: 'R4', decision: 'ask' });
    expect(String(line?.detail)).toContain('local record ');
  });

  it('an invalid local record makes the hook ask, even for a call the public registry rates R0, with the problem at its line', () => {
    const world = makeWorld(SERVERS);
    const dir = recordsFolder(world, 'acme-notes.yaml');
    writeFileSync(path.join(dir, 'broken.yaml'), 'id: broken\nname: [unclosed\n');
    const select = decide(world, pre('L2', 'mcp__pg__query', { sql: 'SELECT 1' }));
    expect(select.decision).toBe('ask');
    expect(select.reason).toContain('R0 No effect');
    expect(select.reason).toContain('Asked because the local records in');
    expect(select.reason).toContain('broken.yaml:3:1 error [yaml-syntax]');
  });

  it("a local record claiming a public record's package is not used: the public record answers and the reason reports the conflict", () => {
    const world = makeWorld(SERVERS);
    recordsFolder(world, 'claims-memory.yaml');
    const answer = decide(world, pre('L3', 'mcp__memory__delete_entities', { entityNames: ['x'] }));
    expect(answer.decision).toBe('ask');
    expect(answer.reason).toContain('(registry) for memory/delete_entities [record memory');
    expect(answer.reason).toContain(
      'claims-memory.yaml was not used: it claims the npm package `@modelcontextprotocol/server-memory` of this public record, and a local record may only add servers.',
    );
    const added = rclass(world, ['records', 'add', path.join(FIXTURES, 'claims-memory.yaml'), '--records', path.join(world.root, 'other')]);
    expect(added.code).toBe(1);
    expect(added.stderr).toContain(
      '[local-identity]  local record `claims-memory` claims the npm package `@modelcontextprotocol/server-memory`, which the public record `memory` claims',
    );
  });

  it("a --write-drafts draft of a public record cannot be adopted: it claims that record's identity", () => {
    const world = makeWorld(SERVERS);
    const document = JSON.parse(readFileSync(path.join(installed, 'build', 'registry.json'), 'utf8')) as RegistryDocument;
    const memory = document.servers.find((record) => record.id === 'memory')!;
    const draft = buildDraft(memory, [{ name: 'new_tool', definition: { description: 'Deletes every entity.' } }], 'memory 9.9.9', '2026-12-06');
    const file = path.join(tempDir(), 'memory.yaml');
    writeFileSync(file, draft.text);
    const added = rclass(world, ['records', 'add', file, '--accept-suggestions']);
    expect(added.code).toBe(1);
    expect(added.stderr).toContain('[local-identity]  local record `memory` claims the id `memory`, which the public record `memory` claims');
  });

  it('a draft -> records add --accept-suggestions -> scan labels the server local -> the hook cites the local record; --records DIR reaches the generated hook', () => {
    const world = makeWorld(SERVERS);
    const listing = JSON.parse(readFileSync(path.join(ROOT, 'catalogue', 'npm', 'angiejones--mcp-selenium.json'), 'utf8')) as CatalogueListing;
    const file = path.join(tempDir(), 'draft.yaml');
    writeFileSync(file, catalogueDraft(listing));
    const refused = rclass(world, ['records', 'add', file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('its effects are still suggestions');
    const added = rclass(world, ['records', 'add', file, '--accept-suggestions']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toBe('added local record angiejones--mcp-selenium: ~/.local/state/rclass/records/angiejones--mcp-selenium.yaml\n');
    expect(added.stderr).toContain('left out 4 tool(s) with no suggestion, which stay unknown (R4): alert, diagnostics, frame, window');
    expect(rclass(world, ['records', 'add', file, '--accept-suggestions']).stderr).toContain('already exists and was not replaced');

    const scan = rclass(world, ['scan', '--list', '.mcp.json']);
    expect(scan.stdout).toContain(
      'selenium  @angiejones/mcp-selenium (local record angiejones--mcp-selenium, ~/.local/state/rclass/records/angiejones--mcp-selenium.yaml) · 14 tools, from the local record',
    );
    expect(scan.stdout).toContain('Local records were used');
    const json = JSON.parse(rclass(world, ['scan', '--list', '.mcp.json', '--json']).stdout) as { servers: Array<{ name: string; local_record?: string }> };
    expect(json.servers.find((server) => server.name === 'selenium')?.local_record).toBe('~/.local/state/rclass/records/angiejones--mcp-selenium.yaml');

    const cookies = decide(world, pre('L5', 'mcp__selenium__get_cookies', {}), ['--allow-up-to', 'R0']);
    expect(cookies.decision).toBe('allow');
    expect(cookies.reason).toContain('[local record angiejones--mcp-selenium (');
    const alert = decide(world, pre('L5', 'mcp__selenium__alert', {}));
    expect(alert.decision).toBe('ask');
    expect(alert.reason).toContain('R4 Irreversible (unknown)');

    const elsewhere = path.join(world.root, 'my-records');
    const hook = rclass(world, ['policy', '--format', 'claude-hook', '--hook-form', 'exec', '--records', elsewhere]);
    expect(hook.code, hook.stderr).toBe(0);
    expect(hook.stdout).toContain(`"--records",\n`);
    expect(hook.stdout).toContain(JSON.stringify(elsewhere));
  });
});
