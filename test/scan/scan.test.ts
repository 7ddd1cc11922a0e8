/**
 * `rclass scan` end to end, in-process: real reference servers started
 * through npx, the fixture server for hostile and consent cases, and the
 * records of `registry/` these scans are about (one test: every record).
 * What moved (issue 30): the scans read a registry of three records instead
 * of all 228, and run npx in a folder holding only the two reference servers
 * instead of test/servers; every assertion stays, see RECORDS and `scan`.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, readlinkSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ServerRecord } from '../../src/core/record.ts';
import { toolFingerprint } from '../../src/core/fingerprint.ts';
import { countClasses } from '../../src/core/registry.ts';
import { loadRegistryDir } from '../../src/records/read-dir.ts';
import { tempDir } from '../cli/harness.ts';
import { MEMORY_BIN, alive, eventually, fixtureEntry, registryFileOf, scan as scanIn, scanEnv, writeConfig } from './support.ts';
import { npxProject } from '../npx-project.ts';
import { pidNamespaceLauncher } from '../../src/scan/pid-namespace.ts';

/**
 * The records these scans need: the two reference servers they start and one hosted record, for the remote entry. Each
 * scan validates its `--registry FILE` whole (SPEC 5.8); with these three instead of every record, that costs a fraction
 * of the 0.4 processor-seconds it took per scan (issue 30). The one test whose result depends on every record, the
 * record suggested for an unrecognised server, still scans against the whole registry.
 */
const RECORDS = ['memory', 'sequentialthinking', 'apify'];
const registryFile = (change?: (record: ServerRecord) => ServerRecord) => registryFileOf(RECORDS, change);

/**
 * `rclass scan` in-process, by default in a folder holding only the two reference servers these scans start through npx
 * (test/npx-project.ts): in test/servers npx read all 887 installed packages before each start, 9.0 processor-seconds a
 * start against 2.4 (issue 30). npx still finds each server as a local install, without the network.
 */
const scan = (args: string[], options: { env?: Record<string, string>; cwd?: string } = {}) => scanIn(args, { ...options, cwd: options.cwd ?? scanFolder() });
const scanFolder = () => npxProject(['@modelcontextprotocol/server-memory', '@modelcontextprotocol/server-sequential-thinking']);

const MEMORY = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] };
const THINKING = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-sequential-thinking'] };

describe('rclass scan: a full scan of real servers', () => {
  it("counts the memory server's live tools per class from its record, names R4, and totals them", async () => {
    const { file: registry, document } = await registryFile();
    const config = writeConfig(tempDir(), 'claude_desktop_config.json', { notes: MEMORY });
    const result = await scan([config, '--yes', '--registry', registry]);
    // Only progress on stderr: one line before the servers start, one as each finishes.
    expect(result.stderr).toBe(`rclass: starting 1 server, 1 at a time, each with 30 s to list its tools (\`--timeout\`)\nrclass: [1/1] notes: 9 tools\n`);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(`notes  Memory (MCP reference server) · 9 tools (Claude Desktop, ${config})`);
    expect(lines[1]).toBe('  R0 3  R1 3  R2 2  R3 0  R4 1');
    expect(lines[2]).toBe('  irreversible (R4): delete_entities');
    expect(result.stdout).toContain('9 tools across 1 server. 1 irreversible (R4).');
    expect(result.stdout).toContain('Under the default policy an agent may act alone on 6 (R0–R1); the other 3 need a human.');
    // The same counts as the record itself: every live tool is listed there.
    const record = document.servers.find((server) => server.id === 'memory')!;
    expect(countClasses(record)).toEqual({ R0: 3, R1: 3, R2: 2, R3: 0, R4: 1 });
  });

  it('reports JSON with stable fields: classes, each tool with its class and hint, and totals', async () => {
    const { file: registry, document } = await registryFile();
    const config = writeConfig(tempDir(), 'claude_desktop_config.json', { notes: MEMORY, think: THINKING });
    const result = await scan([config, '--yes', '--registry', registry, '--json']);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({ mode: 'full', complete: true, fail_on: null, threshold_met: null });
    expect(json.servers.map((s: { name: string }) => s.name)).toEqual(['notes', 'think']);
    const notes = json.servers[0];
    expect(notes).toMatchObject({
      status: 'scanned',
      record: 'memory',
      identified_by: 'config',
      subject: 'npm @modelcontextprotocol/server-memory',
      tool_count: 9,
      classes: { R0: 3, R1: 3, R2: 2, R3: 0, R4: 1 },
      drift: [],
      // The record's rc-def-v2 fingerprints come from a fresh install (zod 4); test/servers resolves zod 3.25.76, and they still agree.
      changed: [],
    });
    const record = document.servers.find((server) => server.id === 'memory')!;
    expect(notes.tools.map((t: { name: string; class: string }) => [t.name, t.class])).toEqual(record.tools.map((t) => [t.name, t.class]).sort());
    expect(notes.tools.find((t: { name: string }) => t.name === 'read_graph')).toEqual({
      name: 'read_graph',
      class: 'R0',
      source: 'registry',
      in_record: true,
      hint_class: 'R0',
    });
    expect(json.servers[1]).toMatchObject({ record: 'sequentialthinking', tool_count: 1, classes: { R0: 1, R1: 0, R2: 0, R3: 0, R4: 0 } });
    expect(json.totals).toEqual({ servers: 2, tools: 10, classes: { R0: 4, R1: 3, R2: 2, R3: 0, R4: 1 }, act_alone: 7, need_human: 3, unknown_servers: 0 });
  });

  it('--fail-on exits 1 when a reachable tool is at the class, 0 when none is', async () => {
    const { file: registry } = await registryFile();
    const dir = tempDir();
    const both = writeConfig(dir, 'a.json', { notes: MEMORY }, 'mcpServers');
    const r4 = await scan([both, '--yes', '--client', 'cursor', '--registry', registry, '--fail-on', 'R4', '--json']);
    expect(r4.code).toBe(1);
    expect(JSON.parse(r4.stdout)).toMatchObject({ fail_on: 'R4', threshold_met: true, complete: true });
    const thinking = writeConfig(dir, 'b.json', { think: THINKING });
    const r1 = await scan([thinking, '--yes', '--client', 'cursor', '--registry', registry, '--fail-on', 'R1']);
    expect(r1.code).toBe(0);
    expect(r1.stdout).toContain('--fail-on R1: not met.');
  });
});

describe('rclass scan: drift and drafts', () => {
  it('names a live tool the record does not list as R4 (regression: drift must never take a registry class)', async () => {
    const { file: registry } = await registryFile((record) =>
      record.id === 'memory' ? { ...record, tools: record.tools.filter((tool) => tool.name !== 'read_graph') } : record,
    );
    const config = writeConfig(tempDir(), 'claude_desktop_config.json', { notes: MEMORY });
    const result = await scan([config, '--yes', '--registry', registry]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('  R0 2  R1 3  R2 2  R3 0  R4 2');
    expect(result.stdout).toContain('  irreversible (R4): delete_entities, read_graph (not in the record)');
    expect(result.stdout).toContain('  drift: the record does not list read_graph; counted as R4');
    const json = JSON.parse((await scan([config, '--yes', '--registry', registry, '--json'])).stdout);
    expect(json.servers[0].drift).toEqual(['read_graph']);
    expect(json.servers[0].tools.find((t: { name: string }) => t.name === 'read_graph')).toEqual({
      name: 'read_graph',
      class: 'R4',
      source: 'unknown',
      in_record: false,
      hint_class: 'R0',
      // Drift: no record describes this tool, so its own definition's suggestion is shown beside the R4 it counts as (SPEC 13).
      suggested: {
        note: 'a suggestion from the tool definition, not a class: the tool counts at `class` (SPEC 13)',
        class: 'R0',
        confidence: 'high',
        disclosure: false,
        effects: [{ effect: 'read', confidence: 'high', because: ['name word "read" (reads, searches, lists or computes)'] }],
      },
    });
  });

  it("--write-drafts writes a record that passes the registry's schema and every lint check but the placeholders it names, and never overwrites it", async () => {
    const { file: registry } = await registryFile((record) =>
      record.id === 'memory' ? { ...record, tools: record.tools.filter((tool) => tool.name !== 'read_graph' && tool.name !== 'open_nodes') } : record,
    );
    const config = writeConfig(tempDir(), 'claude_desktop_config.json', { notes: MEMORY });
    const drafts = path.join(tempDir(), 'drafts');
    const result = await scan([config, '--yes', '--registry', registry, '--write-drafts', drafts]);
    expect(result.code).toBe(0);
    const file = path.join(drafts, 'memory.yaml');
    expect(result.stdout).toContain(`Wrote a draft record: ${file}`);
    const { problems } = await loadRegistryDir(drafts, 'drafts');
    // The only problems are the placeholders: a draft cannot be built until someone replaces the suggested effects with effects read from source (SPEC 2.9, 13), cites the evidence and writes the rationale.
    expect(problems.map((p) => `${p.check} ${p.message}`).sort()).toEqual([
      "draft-placeholder `open_nodes` still has the draft's placeholder evidence: cite the file and line defining the tool",
      "draft-placeholder `open_nodes` still has the draft's placeholder rationale: say in one sentence why the tool has its class",
      "draft-placeholder `read_graph` still has the draft's placeholder evidence: cite the file and line defining the tool",
      "draft-placeholder `read_graph` still has the draft's placeholder rationale: say in one sentence why the tool has its class",
      "unknown-effect `open_nodes` has `suggested-publish`: an effect suggested from the tool's own definition (SPEC 13), not read from source; check it against the source and write `publish` (or the effect the source shows) without the mark",
      "unknown-effect `open_nodes` has `suggested-shared-write`: an effect suggested from the tool's own definition (SPEC 13), not read from source; check it against the source and write `shared-write` (or the effect the source shows) without the mark",
      "unknown-effect `read_graph` has `suggested-read`: an effect suggested from the tool's own definition (SPEC 13), not read from source; check it against the source and write `read` (or the effect the source shows) without the mark",
    ]);
    const draft = parse(readFileSync(file, 'utf8')) as ServerRecord;
    expect(draft.provenance.status).toBe('draft');
    expect(draft.tools.map((tool) => tool.name)).toEqual([
      'add_observations',
      'create_entities',
      'create_relations',
      'delete_entities',
      'delete_observations',
      'delete_relations',
      'open_nodes',
      'read_graph',
      'search_nodes',
    ]);
    const added = draft.tools.find((tool) => tool.name === 'read_graph')!;
    expect(added).toMatchObject({
      class: 'R4',
      effects: ['suggested-read'],
      evidence: { path: 'TODO-cite-the-file-defining-this-tool', line: 1 },
      annotations: { readOnlyHint: true },
    });
    expect(added.rationale).toMatch(/^Not yet classified: /);
    expect(draft.tools.find((tool) => tool.name === 'delete_entities')!.class).toBe('R4');
    expect(draft.tools.find((tool) => tool.name === 'add_observations')!.class).toBe('R1');
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n')[1]).toBe('# DRAFT from rclass scan: 2 tools added as R4 (not yet classified): open_nodes, read_graph.');

    writeFileSync(file, 'mine\n');
    const again = await scan([config, '--yes', '--registry', registry, '--write-drafts', drafts]);
    expect(again.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('mine\n');
    expect(again.stdout).toContain('already exists');
  });
});

describe('rclass scan: tool definitions that changed', () => {
  it('names a recorded tool whose inputSchema changed as R4 and keeps an unchanged one at its class (a tool that keeps its name but changes its definition)', async () => {
    // The fixture lists each tool as {inputSchema: {type: object}, annotations: {readOnlyHint: true}}; the record's fingerprints are of exactly that.
    const listed = await toolFingerprint({ inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } });
    const { file: registry } = await registryFile((record) =>
      record.id === 'memory'
        ? {
            ...record,
            tools: record.tools.map((tool) => (tool.name === 'read_graph' || tool.name === 'search_nodes' ? { ...tool, fingerprint: listed! } : tool)),
          }
        : record,
    );
    const config = writeConfig(tempDir(), 'claude_desktop_config.json', {
      raw: fixtureEntry(['--tools', 'read_graph,search_nodes', '--change-schema', 'read_graph']),
    });
    const text = await scan([config, '--yes', '--registry', registry, '--assume', 'raw=memory']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('  R0 1  R1 0  R2 0  R3 0  R4 1');
    expect(text.stdout).toContain('  irreversible (R4): read_graph (definition changed)');
    expect(text.stdout).toContain('  definition changed since the record was checked: read_graph; counted as R4');
    const json = JSON.parse((await scan([config, '--yes', '--registry', registry, '--assume', 'raw=memory', '--json'])).stdout);
    expect(json.servers[0]).toMatchObject({ record: 'memory', drift: [], changed: ['read_graph'], classes: { R0: 1, R1: 0, R2: 0, R3: 0, R4: 1 } });
    expect(json.servers[0].tools).toEqual([
      { name: 'read_graph', class: 'R4', source: 'changed', in_record: true, hint_class: 'R0' },
      { name: 'search_nodes', class: 'R0', source: 'registry', in_record: true, hint_class: 'R0' },
    ]);
  });
});

describe('rclass scan: unrecognised servers and --assume', () => {
  const raw = { command: process.execPath, args: [MEMORY_BIN] };

  it('--json escapes bidi and invisible format characters in server-supplied names as \\uXXXX, and they parse back unchanged (regression: skipped names reached stdout raw, tool names lost them)', async () => {
    const { file: registry } = await registryFile();
    // U+202E right-to-left override, U+200F right-to-left mark, U+061C Arabic letter mark, U+2066 isolate, U+FEFF byte-order mark, U+E0041 a tag character (above U+FFFF).
    const server = 'srv\u202eevil\u2066';
    const tools = ['read\u200f_me', 'x\u061cy\ufeff', 'tag\u{e0041}'];
    const config = writeConfig(tempDir(), 'claude_desktop_config.json', {
      [server]: fixtureEntry(['--tools', tools.join(',')]),
      'off\u200e': { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], disabled: true },
    });
    const result = await scan([config, '--yes', '--registry', registry, '--json']);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/\p{Cf}/u);
    expect(result.stdout).toContain('"srv\\u202eevil\\u2066"');
    expect(result.stdout).toContain('"tag\\udb40\\udc41"');
    const json = JSON.parse(result.stdout);
    expect(json.servers[0].name).toBe(server);
    expect(json.servers[0].tools.map((t: { name: string }) => t.name).sort()).toEqual([...tools].sort());
    expect(json.skipped[0].name).toBe('off\u200e');
    // The text report still removes them.
    const text = await scan([config, '--yes', '--registry', registry]);
    expect(text.stdout).not.toMatch(/\p{Cf}/u);
    expect(text.stdout).toContain('srvevil');
  });

  it('counts every tool of an unrecognised server as R4 and suggests --assume when its names match a record', async () => {
    // Every record: which ones match the server's tool names is the point.
    const { file: registry } = await registryFileOf(undefined);
    const config = writeConfig(tempDir(), 'claude_desktop_config.json', { raw });
    const result = await scan([config, '--yes', '--registry', registry, '--json']);
    expect(result.code).toBe(0);
    const server = JSON.parse(result.stdout).servers[0];
    expect(server).toMatchObject({
      status: 'scanned',
      record: null,
      tool_count: 9,
      classes: { R0: 0, R1: 0, R2: 0, R3: 0, R4: 9 },
      suggestions: [{ record: 'memory', matched: 9, of: 9 }],
    });
    expect(server.unrecognised).toMatch(/is not a package launcher rclass recognises/);
    const text = await scan([config, '--yes', '--registry', registry]);
    expect(text.stdout).toContain('rerun with --assume raw=memory');
    expect(text.stdout).toContain('9 tools across 1 server. 9 irreversible (R4).');
  });

  it('--assume NAME=RECORD classifies a server it started against that record', async () => {
    const { file: registry } = await registryFile();
    const config = writeConfig(tempDir(), 'claude_desktop_config.json', { raw });
    const result = await scan([config, '--yes', '--registry', registry, '--assume', 'raw=memory', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).servers[0]).toMatchObject({
      record: 'memory',
      identified_by: 'assume',
      subject: '--assume raw=memory',
      classes: { R0: 3, R1: 3, R2: 2, R3: 0, R4: 1 },
      suggestions: [],
    });
  });

  it('refuses --assume with --list, for an unknown record, and for a name not in the config (exit 2)', async () => {
    const { file: registry } = await registryFile();
    const config = writeConfig(tempDir(), 'claude_desktop_config.json', { raw });
    const list = await scan([config, '--yes', '--registry', registry, '--list', '--assume', 'raw=memory']);
    expect(list.code).toBe(2);
    expect(list.stderr).toContain('`--assume` applies only to servers scan starts itself');
    expect((await scan([config, '--yes', '--registry', registry, '--assume', 'raw=nope'])).stderr).toContain('the registry has no record `nope`');
    const other = await scan([config, '--yes', '--registry', registry, '--assume', 'other=memory']);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('no server `other`');
  });

  it("regression: neither applies --assume nor suggests a record the registry says the entry is not (its package past the record's before, SPEC 5.3)", async () => {
    const { file: registry } = await registryFile((record) =>
      record.id === 'memory'
        ? { ...record, server: { ...record.server, packages: record.server.packages?.map((pkg) => ({ ...pkg, before: '2026.8.31' })) } }
        : record,
    );
    const config = writeConfig(tempDir(), 'claude_desktop_config.json', { mem: MEMORY });
    const result = await scan([config, '--yes', '--registry', registry, '--assume', 'mem=memory', '--json']);
    const json = JSON.parse(result.stdout);
    expect(json.servers[0]).toMatchObject({ record: null, unrecognised: expect.stringContaining('only before 2026.8.31') });
    expect(json.notes).toContainEqual(expect.stringContaining('`--assume mem=memory` was not applied: the record `memory` describes'));
    expect(json.servers[0].suggestions.map((suggestion: { record: string }) => suggestion.record)).not.toContain('memory');
  });

  it('does not apply --assume to an entry recognised as another record', async () => {
    const { file: registry } = await registryFile();
    const config = writeConfig(tempDir(), 'claude_desktop_config.json', { think: THINKING });
    const result = await scan([config, '--yes', '--registry', registry, '--assume', 'think=memory', '--json']);
    const json = JSON.parse(result.stdout);
    expect(json.servers[0]).toMatchObject({ record: 'sequentialthinking', identified_by: 'config' });
    expect(json.notes).toContain('`--assume think=memory` was not applied: the entry runs record `sequentialthinking`');
  });
});

describe('rclass scan --list', () => {
  it('starts nothing, reports record classes for recognised servers and R4 with unknown count for the rest', async () => {
    const { file: registry } = await registryFile();
    const dir = tempDir();
    const marker = path.join(dir, 'started');
    const config = writeConfig(dir, 'claude_desktop_config.json', { notes: MEMORY, local: fixtureEntry(['--marker', marker]) });
    const result = await scan([config, '--yes', '--registry', registry, '--list', '--json']);
    expect(result.code).toBe(0);
    expect(existsSync(marker)).toBe(false);
    const json = JSON.parse(result.stdout);
    expect(json.mode).toBe('list');
    expect(json.servers[0]).toMatchObject({ name: 'local', status: 'unlisted', record: null, tool_count: null, incomplete: false });
    expect(json.servers[1]).toMatchObject({
      name: 'notes',
      status: 'registry',
      record: 'memory',
      tool_count: 9,
      classes: { R0: 3, R1: 3, R2: 2, R3: 0, R4: 1 },
    });
    expect(json.totals).toMatchObject({ servers: 1, tools: 9, unknown_servers: 1 });
    const text = await scan([config, '--yes', '--registry', registry, '--list', '--fail-on', 'R3']);
    expect(text.code).toBe(1);
    expect(existsSync(marker)).toBe(false);
    expect(text.stdout).toContain('tools a newer release added (drift) cannot be seen');
    expect(text.stdout).toContain('local  unrecognised · tools unknown');
  });

  it('reports a remote entry from the registry by its URL, without connecting', async () => {
    const { file: registry, document } = await registryFile();
    const hosted = document.servers.find((server) => (server.server.urls ?? []).length > 0)!;
    const config = writeConfig(tempDir(), 'mcp.json', { remote: { url: hosted.server.urls![0] }, elsewhere: { url: 'https://mcp.example.invalid/mcp' } });
    const result = await scan([config, '--yes', '--client', 'cursor', '--registry', registry, '--json']);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.servers.find((s: { name: string }) => s.name === 'remote')).toMatchObject({
      status: 'registry',
      record: hosted.id,
      transport: 'http',
      tool_count: hosted.tools.length,
    });
    expect(json.servers.find((s: { name: string }) => s.name === 'elsewhere')).toMatchObject({ status: 'unlisted', record: null, tool_count: null });
  });
});

describe('rclass scan: consent for repository configs', () => {
  function project(): { dir: string; marker: string; config: string } {
    const dir = tempDir();
    const marker = path.join(dir, 'started');
    const config = writeConfig(dir, '.mcp.json', { repo: fixtureEntry(['--marker', marker, '--tools', 'a,b']) });
    return { dir, marker, config };
  }

  it('does not start a .mcp.json server without consent, and exits 3', async () => {
    const { file: registry } = await registryFile();
    const { marker, config } = project();
    const result = await scan([config, '--registry', registry]);
    expect(result.code).toBe(3);
    expect(existsSync(marker)).toBe(false);
    expect(result.stdout).toContain('repo  unrecognised · not started');
    expect(result.stdout).toContain('rerun with `--yes`');
  });

  it('starts it with --yes', async () => {
    const { file: registry } = await registryFile();
    const { marker, config } = project();
    const result = await scan([config, '--registry', registry, '--yes', '--json']);
    expect(result.code).toBe(0);
    expect(existsSync(marker)).toBe(true);
    expect(JSON.parse(result.stdout).servers[0]).toMatchObject({ status: 'scanned', tool_count: 2, classes: { R4: 2 } });
  });

  it("finds the project's .mcp.json with no CONFIG and still asks for consent", async () => {
    const { file: registry } = await registryFile();
    const { dir, marker } = project();
    const result = await scan(['--registry', registry, '--json'], { cwd: dir });
    expect(result.code).toBe(3);
    expect(existsSync(marker)).toBe(false);
    const json = JSON.parse(result.stdout);
    expect(json.configs).toEqual([{ file: '.mcp.json', client: 'claude-code', repository: true, notes: [] }]);
    expect(json.servers[0]).toMatchObject({ name: 'repo', status: 'not-started' });
  });

  it("honours an approval in ~/.claude.json's project entry", async () => {
    const { file: registry } = await registryFile();
    const { dir, marker, config } = project();
    const env = scanEnv();
    writeFileSync(path.join(env.HOME!, '.claude.json'), JSON.stringify({ projects: { [dir]: { enabledMcpjsonServers: ['repo'] } } }));
    const result = await scan([config, '--registry', registry], { env });
    expect(result.code).toBe(0);
    expect(existsSync(marker)).toBe(true);
  });

  it("does not take an approval shipped in the project's .claude/settings.local.json as consent (regression: a repository must not approve itself)", async () => {
    const { file: registry } = await registryFile();
    const { dir, marker, config } = project();
    mkdirSync(path.join(dir, '.claude'));
    writeFileSync(path.join(dir, '.claude', 'settings.local.json'), JSON.stringify({ enableAllProjectMcpServers: true, enabledMcpjsonServers: ['repo'] }));
    const result = await scan([config, '--registry', registry, '--json']);
    expect(result.code).toBe(3);
    expect(existsSync(marker)).toBe(false);
    expect(JSON.parse(result.stdout).notes[0]).toMatch(/were not taken as consent: a repository can ship that file/);
  });

  it("with no CONFIG reads ~/.claude.json's user scope and this project's local scope, which wins over .mcp.json and needs no consent", async () => {
    const { file: registry } = await registryFile();
    const { dir, marker } = project();
    const env = scanEnv();
    const local = path.join(dir, 'local-started');
    const user = path.join(dir, 'user-started');
    const elsewhere = path.join(dir, 'elsewhere-started');
    writeFileSync(
      path.join(env.HOME!, '.claude.json'),
      JSON.stringify({
        mcpServers: { mine: fixtureEntry(['--marker', user]) },
        projects: {
          [dir]: { mcpServers: { repo: fixtureEntry(['--marker', local, '--tools', 'one']) } },
          '/some/other/project': { mcpServers: { other: fixtureEntry(['--marker', elsewhere]) } },
        },
      }),
    );
    const result = await scan(['--registry', registry, '--json'], { env, cwd: dir });
    expect(result.code).toBe(0);
    expect([existsSync(local), existsSync(user), existsSync(marker), existsSync(elsewhere)]).toEqual([true, true, false, false]);
    const json = JSON.parse(result.stdout);
    expect(json.servers.map((s: { name: string; config: string; scope: string; tool_count: number }) => [s.name, s.config, s.scope, s.tool_count])).toEqual([
      ['mine', '~/.claude.json', 'mcpServers', 1],
      ['repo', '~/.claude.json', `projects[${JSON.stringify(dir)}].mcpServers`, 1],
    ]);
  });

  it('leaves out a server the user rejected in Claude Code, and the scan stays complete', async () => {
    const { file: registry } = await registryFile();
    const { dir, marker, config } = project();
    const env = scanEnv();
    writeFileSync(path.join(env.HOME!, '.claude.json'), JSON.stringify({ projects: { [dir]: { disabledMcpjsonServers: ['repo'] } } }));
    const result = await scan([config, '--registry', registry, '--yes', '--json'], { env });
    expect(result.code).toBe(0);
    expect(existsSync(marker)).toBe(false);
    const json = JSON.parse(result.stdout);
    expect(json.servers).toEqual([]);
    expect(json.skipped).toEqual([{ name: 'repo', config, why: `it is rejected in Claude Code (disabledMcpjsonServers in \`~/.claude.json\`)` }]);
  });
});

describe('rclass scan: hostile servers', () => {
  it('kills a server that hangs after --timeout, with its whole process group', async () => {
    const { file: registry } = await registryFile();
    const dir = tempDir();
    const pidFile = path.join(dir, 'child.pid');
    const config = writeConfig(dir, 'claude_desktop_config.json', { stuck: fixtureEntry(['--hang', pidFile]) });
    const started = Date.now();
    const result = await scan([config, '--yes', '--registry', registry, '--timeout', '1.5', '--json']);
    const elapsed = Date.now() - started;
    expect(result.code).toBe(3);
    expect(elapsed).toBeLessThan(10_000);
    const server = JSON.parse(result.stdout).servers[0];
    expect(server).toMatchObject({
      status: 'failed',
      tool_count: null,
      incomplete: true,
      reason: 'it did not answer initialize within 1.5 s, so it was killed',
    });
    const [serverPid, child] = readFileSync(pidFile, 'utf8').split(' ').map(Number) as [number, number];
    expect(child).toBeGreaterThan(0);
    expect(await eventually(() => !alive(serverPid) && !alive(child))).toBe(true);
  });

  it('regression: a child that detaches with setsid does not outlive the scan (a PID namespace of its own on Linux)', async () => {
    // Where Linux lets this user make a PID namespace (this machine and CI), the detached child
    // must die with the scan; elsewhere the scan falls back to its process group, which a `setsid`
    // child leaves (SPEC 7, src/scan/pid-namespace.ts), and only the scan's own answer is checked.
    const isolated = pidNamespaceLauncher() !== undefined;
    const { file: registry } = await registryFile();
    const dir = tempDir();
    const pidFile = path.join(dir, 'detached.pid');
    const config = writeConfig(dir, 'claude_desktop_config.json', { runaway: fixtureEntry(['--detach', pidFile, '--tools', 'ping']) });
    const result = await scan([config, '--yes', '--registry', registry, '--json']);
    const [serverPid, child] = readFileSync(pidFile, 'utf8').split(' ').map(Number) as [number, number];
    try {
      expect(JSON.parse(result.stdout).servers[0]).toMatchObject({ status: 'scanned', tool_count: 1 });
      expect(child).toBeGreaterThan(0);
      expect(child).not.toBe(serverPid);
      expect(await eventually(() => !alive(serverPid) && (!isolated || !alive(child)))).toBe(true);
    } finally {
      try {
        process.kill(child, 'SIGKILL');
      } catch {
        // Gone, as it should be.
      }
    }
  });

  it('tolerates log lines on stdout and cuts off a server that writes a line over the limit', async () => {
    const { file: registry } = await registryFile();
    const dir = tempDir();
    const config = writeConfig(dir, 'claude_desktop_config.json', {
      chatty: fixtureEntry(['--garbage', '20', '--tools', 'x,y,z']),
      huge: fixtureEntry(['--huge']),
    });
    const result = await scan([config, '--yes', '--registry', registry, '--json']);
    expect(result.code).toBe(3);
    const json = JSON.parse(result.stdout);
    expect(json.servers[0]).toMatchObject({ name: 'chatty', status: 'scanned', tool_count: 3 });
    expect(json.servers[1]).toMatchObject({ name: 'huge', status: 'failed', reason: 'it wrote a line longer than 4194304 bytes' });
    expect(result.stdout.length).toBeLessThan(20_000);
  });

  it('reports a server that cannot be started without crashing, as R4 and incomplete', async () => {
    const { file: registry } = await registryFile();
    const config = writeConfig(tempDir(), 'claude_desktop_config.json', {
      gone: { command: '/nonexistent/bin/server', args: ['--token', 'argument-secret-123'] },
    });
    const result = await scan([config, '--yes', '--registry', registry, '--fail-on', 'R4']);
    expect(result.code).toBe(3);
    expect(result.stdout).toContain('gone  unrecognised · not scanned');
    expect(result.stdout).toContain('`server` could not be started (ENOENT); it counts as R4');
    expect(result.stdout).toContain('--fail-on R4: met.');
    expect(result.stdout).not.toContain('argument-secret-123');
  });
});

describe('rclass scan: environment and secrets', () => {
  it('gives a server only the SDK defaults, proxy and certificate settings, and its own env (regression: no user secrets leak)', async () => {
    const { file: registry } = await registryFile();
    const dir = tempDir();
    const envFile = path.join(dir, 'env.json');
    const config = writeConfig(dir, 'claude_desktop_config.json', { probe: fixtureEntry(['--env-names', envFile], { OWN_SETTING: 'x' }) });
    const env = scanEnv({
      AWS_SECRET_ACCESS_KEY: 'aws-secret',
      GITHUB_TOKEN: 'ghp_secret',
      HTTPS_PROXY: 'http://proxy:3128',
      NODE_EXTRA_CA_CERTS: '/etc/ca.pem',
      USER: 'someone',
      SHELL: '() { evil; }',
    });
    expect((await scan([config, '--yes', '--registry', registry], { env })).code).toBe(0);
    expect(JSON.parse(readFileSync(envFile, 'utf8'))).toEqual(['HOME', 'HTTPS_PROXY', 'NODE_EXTRA_CA_CERTS', 'OWN_SETTING', 'PATH', 'USER']);
    expect((await scan([config, '--yes', '--registry', registry, '--inherit-env'], { env })).code).toBe(0);
    expect(JSON.parse(readFileSync(envFile, 'utf8'))).toEqual(expect.arrayContaining(['AWS_SECRET_ACCESS_KEY', 'GITHUB_TOKEN', 'OWN_SETTING', 'SHELL']));
  });

  it('never prints env values, arguments or server output, and redacts them with --show-server-errors', async () => {
    const { file: registry } = await registryFile();
    const secret = 'sekret-value-0123456789';
    const config = writeConfig(tempDir(), 'claude_desktop_config.json', {
      leaky: fixtureEntry(['--fail-with-env', 'MY_TOKEN', '--password', 'argument-secret-9876'], { MY_TOKEN: secret }),
    });
    for (const args of [[], ['--json']]) {
      const result = await scan([config, '--yes', '--registry', registry, ...args]);
      expect(result.code).toBe(3);
      const all = result.stdout + result.stderr;
      expect(all).not.toContain(secret);
      expect(all).not.toContain('argument-secret-9876');
      expect(all).not.toContain('could not log in');
    }
    const shown = await scan([config, '--yes', '--registry', registry, '--show-server-errors']);
    expect(shown.stdout).toContain('    | fatal: could not log in with [redacted]');
    expect(shown.stdout + shown.stderr).not.toContain(secret);
  });
});

describe('rclass scan: usage', () => {
  it('rejects a bad --timeout, a missing CONFIG and --write-drafts with --list (exit 2)', async () => {
    expect((await scan(['--timeout', '0'])).code).toBe(2);
    expect((await scan(['--timeout', 'soon'])).stderr).toContain('`--timeout` takes seconds');
    const missing = await scan(['/nonexistent/mcp.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file');
    expect((await scan(['--list', '--write-drafts', tempDir()])).code).toBe(2);
  });

  it('says where it looked when no configuration exists, and exits 0', async () => {
    const { file: registry } = await registryFile();
    const env = scanEnv();
    const result = await scan(['--registry', registry], { env, cwd: tempDir() });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('No MCP client configuration found. Looked for:');
    expect(result.stdout).toContain(path.join(env.HOME!, '.codeium', 'windsurf', 'mcp_config.json'));
  });

  it('has help in the style of the other commands', async () => {
    const result = await scan(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe(
      'usage: rclass scan [CONFIG]... [--list] [--yes] [--fail-on CLASS] [--json | --format text|json|sarif] [--timeout SECONDS] [--assume NAME=RECORD]... [--write-drafts DIR] [--inherit-env] [--show-server-errors] [--client CLIENT] [--registry FILE] [--servers FILE] [--records DIR]',
    );
    expect(result.stdout).toContain('3 wins over 1');
  });

  it('refuses an unknown --format, and --json with another --format, as usage errors', async () => {
    const config = writeConfig(tempDir(), 'claude_desktop_config.json', {});
    const unknown = await scan(['--list', config, '--format', 'xml']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('`--format` must be one of text, json, sarif; got `xml`');
    const both = await scan(['--list', config, '--json', '--format', 'sarif']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('`--json` is `--format json`; give one of them');
  });
});

describe('rclass scan: security review regressions', () => {
  /** A project folder with a config at `relative` that starts the fixture (leaving a marker) under `key`. */
  function projectConfig(relative: string, key = 'mcpServers', extra: string[] = []): { dir: string; marker: string; config: string } {
    const dir = tempDir();
    const marker = path.join(dir, 'started');
    mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    const config = path.join(dir, relative);
    const servers = { repo: fixtureEntry(['--marker', marker, ...extra]) };
    const document = key === 'mcp.servers' ? { mcp: { servers } } : { [key]: servers };
    writeFileSync(config, JSON.stringify(document));
    return { dir, marker, config };
  }

  it.each([
    ['a workspace .vscode/settings.json with mcp.servers', '.vscode/settings.json', 'mcp.servers', []],
    ['.mcp.json read as Cursor', '.mcp.json', 'mcpServers', ['--client', 'cursor']],
    ['.mcp.json read as Claude Desktop', '.mcp.json', 'mcpServers', ['--client', 'claude-desktop']],
    ['a project .cursor/mcp.json read as Windsurf', '.cursor/mcp.json', 'mcpServers', ['--client', 'windsurf']],
  ])("needs consent for %s (regression: consent followed --client, not the file's location)", async (_case, relative, key, args) => {
    const { file: registry } = await registryFile();
    const { marker, config } = projectConfig(relative, key);
    const result = await scan([config, ...args, '--registry', registry, '--json']);
    expect(result.code).toBe(3);
    expect(existsSync(marker)).toBe(false);
    const json = JSON.parse(result.stdout);
    expect(json.configs[0].repository).toBe(true);
    expect(json.servers[0]).toMatchObject({ name: 'repo', status: 'not-started' });
    expect(json.servers[0].reason).toContain('rerun with `--yes`');
  });

  it('starts a named user-level file (~/.cursor/mcp.json) without consent, and any other named file only with --yes', async () => {
    const { file: registry } = await registryFile();
    const env = scanEnv();
    const marker = path.join(env.HOME!, 'started');
    mkdirSync(path.join(env.HOME!, '.cursor'));
    const own = writeConfig(path.join(env.HOME!, '.cursor'), 'mcp.json', { mine: fixtureEntry(['--marker', marker]) });
    const result = await scan([own, '--registry', registry, '--json'], { env });
    expect(result.code).toBe(0);
    expect(existsSync(marker)).toBe(true);
    expect(JSON.parse(result.stdout).configs[0]).toMatchObject({ file: own, client: 'cursor', repository: false });
    const elsewhere = writeConfig(tempDir(), 'claude_desktop_config.json', { other: fixtureEntry(['--marker', path.join(env.HOME!, 'other')]) });
    expect((await scan([elsewhere, '--registry', registry], { env })).code).toBe(3);
    expect(existsSync(path.join(env.HOME!, 'other'))).toBe(false);
  });

  it("prints no escape sequence from config text: a disabled server's name and an unrecognised reason (regression: terminal title injection)", async () => {
    const { file: registry } = await registryFile();
    const title = '\u001b]0;PWNED\u0007';
    const config = writeConfig(tempDir(), 'mcp.json', {
      [`off${title}`]: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], disabled: true },
      [`odd${title}\u202e`]: { command: 'npx', args: [`--\u001b[31mred${title}`, '@modelcontextprotocol/server-memory'] },
    });
    const result = await scan([config, '--client', 'cursor', '--registry', registry, '--list']);
    expect(result.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(result.stdout).toContain('Not scanned, because the client does not run them:');
    expect(result.stdout).toContain(`  off (${config}): it is disabled in its configuration`);
    // JSON keeps the text, escaped by JSON.stringify.
    const json = await scan([config, '--client', 'cursor', '--registry', registry, '--list', '--json']);
    expect(json.stdout).not.toContain('\u001b');
    expect(JSON.parse(json.stdout).skipped[0].name).toBe(`off${title}`);
  });

  it('--show-server-errors redacts the expanded value of a Claude Code ${VAR} env entry (regression: only the literal was redacted)', async () => {
    const { file: registry } = await registryFile();
    const real = 'the-real-token-value-4242';
    const { config } = projectConfig('.mcp.json', 'mcpServers');
    writeFileSync(
      config,
      JSON.stringify({ mcpServers: { leaky: { ...fixtureEntry(['--fail-with-env', 'SECRET_TOKEN']), env: { SECRET_TOKEN: '${MY_REAL_TOKEN}' } } } }),
    );
    const result = await scan([config, '--yes', '--registry', registry, '--show-server-errors'], { env: scanEnv({ MY_REAL_TOKEN: real }) });
    expect(result.code).toBe(3);
    expect(result.stdout).toContain('    | fatal: could not log in with [redacted]');
    expect(result.stdout).not.toContain(real);
  });

  it('--show-server-errors does not show the end of a secret the 8 KiB stderr tail starts inside (regression: a partial secret was not matched)', async () => {
    const { file: registry } = await registryFile();
    const secret = 'cutsecret-ABCDEFGHIJKLMNOP';
    const config = writeConfig(tempDir(), 'claude_desktop_config.json', { cut: fixtureEntry(['--fail-cut-env', 'MY_TOKEN'], { MY_TOKEN: secret }) });
    const result = await scan([config, '--yes', '--registry', registry, '--show-server-errors', '--json']);
    expect(result.code).toBe(3);
    const shown: string = JSON.parse(result.stdout).servers[0].server_errors;
    expect(shown).not.toContain('GHIJKLMNOP');
    expect(shown.split('\n').at(-1)).toBe('y'.repeat(8 * 1024 - 12));
  });

  it('--show-server-errors redacts argument values named like secrets that a server echoes (--api-key V, --token=V)', async () => {
    const { file: registry } = await registryFile();
    const config = writeConfig(tempDir(), 'claude_desktop_config.json', {
      echo: fixtureEntry(['--fail-echo-args', '--api-key', 'ARGSECRETzzz999', '--token=TOKSECRET777', '--name', 'visible-name']),
    });
    const result = await scan([config, '--yes', '--registry', registry, '--show-server-errors']);
    expect(result.code).toBe(3);
    expect(result.stdout).toContain('--fail-echo-args --api-key [redacted] --token=[redacted] --name visible-name');
    expect(result.stdout).not.toContain('ARGSECRETzzz999');
    expect(result.stdout).not.toContain('TOKSECRET777');
  });

  it('reports a discovered config it cannot read (a symlink loop, a folder) and exits 3 (regression: treated as absent)', async () => {
    const { file: registry } = await registryFile();
    const env = scanEnv();
    mkdirSync(path.join(env.HOME!, '.cursor'));
    symlinkSync('mcp.json', path.join(env.HOME!, '.cursor', 'mcp.json'));
    mkdirSync(path.join(env.HOME!, '.codeium', 'windsurf', 'mcp_config.json'), { recursive: true });
    const result = await scan(['--registry', registry], { env, cwd: tempDir() });
    expect(result.code).toBe(3);
    expect(result.stdout).not.toContain('No MCP client configuration found');
    expect(result.stdout).toContain('~/.cursor/mcp.json: cannot be read: ELOOP');
    expect(result.stdout).toContain('~/.codeium/windsurf/mcp_config.json: cannot be read: EISDIR (it is a folder, not a file)');
    expect(result.stdout).toContain('The scan is incomplete (exit 3)');
  });

  it('refuses a --timeout under 1 second (regression: 0.0001 rounded to 0 ms)', async () => {
    for (const value of ['0.0001', '0.5']) {
      const result = await scan(['--timeout', value]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('`--timeout` takes seconds, at least 1 and at most 600');
    }
  });

  it('--write-drafts leaves a dangling symlink at DIR/<record>.yaml alone (regression: it was replaced)', async () => {
    const { file: registry } = await registryFile((record) =>
      record.id === 'memory' ? { ...record, tools: record.tools.filter((tool) => tool.name !== 'read_graph') } : record,
    );
    const config = writeConfig(tempDir(), 'claude_desktop_config.json', { notes: MEMORY });
    const drafts = tempDir();
    const target = path.join(tempDir(), 'elsewhere.yaml');
    symlinkSync(target, path.join(drafts, 'memory.yaml'));
    const result = await scan([config, '--yes', '--registry', registry, '--write-drafts', drafts]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `Note: a draft for \`memory\` was not written: \`${path.join(drafts, 'memory.yaml')}\` already exists and was not overwritten`,
    );
    expect(readlinkSync(path.join(drafts, 'memory.yaml'))).toBe(target);
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(drafts)).toEqual(['memory.yaml']);
  });

  it("starts a project config's server in the project folder, and a user-level one in rclass's working folder", async () => {
    const { file: registry } = await registryFile();
    const out = path.join(tempDir(), 'cwd');
    for (const relative of ['.mcp.json', '.cursor/mcp.json', '.vscode/mcp.json']) {
      const { dir, config } = projectConfig(relative, relative === '.vscode/mcp.json' ? 'servers' : 'mcpServers', ['--cwd-file', out]);
      const result = await scan([config, '--yes', '--registry', registry]);
      expect(result.code).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe(realpathSync(dir));
    }
    const user = writeConfig(tempDir(), 'claude_desktop_config.json', { mine: fixtureEntry(['--cwd-file', out]) });
    expect((await scan([user, '--yes', '--registry', registry])).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(realpathSync(scanFolder()));
  });
});
