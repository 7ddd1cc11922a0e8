/**
 * `rclass proxy` in front of the real memory reference server
 * (@modelcontextprotocol/server-memory, started through npx from the
 * test servers' dependencies in test/servers), driven by the MCP SDK client over stdio, once
 * without and once with elicitation support: read_graph (R0) goes through,
 * delete_entities (R4) never reaches the server unless the user approves
 * it through elicitation, and every decision is in the audit log.
 *
 * Each proxy reads a registry of the memory record alone (test/export/registry.ts
 * `registryOf`): `--registry FILE` is validated whole on every start, about
 * 0.9 processor-seconds for every record, and these tests are about one
 * server. npx runs in a folder holding only the memory server
 * (test/npx-project.ts), not in test/servers, whose 887 installed packages npx
 * read on every start (issue 30).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { runCli, tempDir } from '../cli/harness.ts';
import { testedBin } from '../cli/tested-bin.ts';
import { SERVERS_MODULES } from '../servers/paths.ts';
import { npxProject } from '../npx-project.ts';
import { registryOf } from '../export/registry.ts';
import { logLines } from './support.ts';
import { alive, eventually } from '../scan/support.ts';

interface Proxy {
  client: Client;
  log: string;
  stderr: () => string;
}

const open: Client[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

async function startProxy(
  answer?: (message: string) => ElicitResult,
  extra: string[] = [],
  server: string[] = ['npx', '-y', '@modelcontextprotocol/server-memory'],
): Promise<Proxy> {
  const dir = tempDir();
  const registry = path.join(dir, 'registry.json');
  writeFileSync(registry, JSON.stringify(await registryOf(['memory'])));
  const log = path.join(dir, 'audit.jsonl');
  const client = new Client({ name: 'rclass-proxy-test', version: '0' }, answer === undefined ? {} : { capabilities: { elicitation: {} } });
  if (answer !== undefined) client.setRequestHandler(ElicitRequestSchema, async (request) => answer(request.params.message));
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [testedBin(), 'proxy', '--registry', registry, '--log', log, ...extra, '--', ...server],
    // npx finds the server installed in this folder (linked from test/servers), so nothing is downloaded (test/npx-project.ts).
    cwd: npxProject(['@modelcontextprotocol/server-memory']),
    env: { PATH: process.env.PATH ?? '', HOME: dir, MEMORY_FILE_PATH: path.join(dir, 'memory.jsonl') },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await client.connect(transport);
  open.push(client);
  return { client, log, stderr: () => stderr };
}

function text(result: unknown): string {
  return (((result as { content?: unknown }).content ?? []) as Array<{ text?: string }>).map((part) => part.text ?? '').join('');
}

const MEMORY_BIN = path.join(SERVERS_MODULES, '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');

const ADA = { entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }] };

describe('rclass proxy when its client goes away', () => {
  it('regression: ends, with the server it wraps, when its stdin closes (it used to outlive the client)', async () => {
    const dir = tempDir();
    const registry = path.join(dir, 'registry.json');
    writeFileSync(registry, JSON.stringify(await registryOf(['memory'])));
    const pidFile = path.join(dir, 'server.pid');
    // The wrapped server writes its pid, then runs the memory server in the same process.
    const server = ['-e', `require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); import(${JSON.stringify(MEMORY_BIN)})`];
    const proxy = spawn(process.execPath, [testedBin(), 'proxy', '--registry', registry, '--no-log', '--', process.execPath, ...server], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: dir, MEMORY_FILE_PATH: path.join(dir, 'memory.jsonl') },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => proxy.on('exit', (code) => resolve(code)));
    onTestFinished(() => {
      if (proxy.exitCode === null) proxy.kill('SIGKILL');
    });
    expect(await eventually(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '', 20_000)).toBe(true);
    const serverPid = Number(readFileSync(pidFile, 'utf8'));
    expect(alive(serverPid)).toBe(true);
    proxy.stdin.end();
    expect(await Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 20_000))])).toBe(0);
    expect(await eventually(() => !alive(serverPid), 10_000)).toBe(true);
  }, 60_000);
});

describe('rclass proxy in front of the memory server', () => {
  it('without elicitation: read_graph (R0) and create_entities (R1) run, delete_entities (R4) is a tool error naming its class and --allow-tool, and never reaches the server', async () => {
    const { client, log } = await startProxy();
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('delete_entities');
    expect((await client.callTool({ name: 'create_entities', arguments: ADA })).isError).not.toBe(true);
    const deleted = await client.callTool({ name: 'delete_entities', arguments: { entityNames: ['Ada'] } });
    expect(deleted.isError).toBe(true);
    expect(text(deleted)).toMatch(/^Not run: rclass: R4 Irreversible \(registry\) for memory\/delete_entities \[record memory/);
    expect(text(deleted)).toContain('restart the proxy with --allow-tool delete_entities');
    const graph = await client.callTool({ name: 'read_graph', arguments: {} });
    expect(graph.isError).not.toBe(true);
    expect(text(graph)).toContain('wrote the first program');
    const lines = logLines(log);
    expect(lines.filter((line) => line.event === 'decision').map((line) => [line.server, line.record, line.tool, line.class, line.decision])).toEqual([
      ['memory', 'memory', 'create_entities', 'R1', 'none'],
      ['memory', 'memory', 'delete_entities', 'R4', 'ask'],
      ['memory', 'memory', 'read_graph', 'R0', 'none'],
    ]);
    expect(lines.filter((line) => line.event === 'outcome').map((line) => [line.tool, line.outcome, line.detail])).toEqual([
      ['create_entities', 'ran', undefined],
      ['delete_entities', 'not_run', 'the client cannot be asked'],
      ['read_graph', 'ran', undefined],
    ]);
    expect(String(lines[0]!.session)).toMatch(/^proxy:/);
  }, 120_000);

  it('with elicitation: the user is asked about delete_entities; a decline keeps the entity, an approval deletes it', async () => {
    const questions: string[] = [];
    let approve = false;
    const { client, log } = await startProxy((message) => {
      questions.push(message);
      return approve ? { action: 'accept', content: { approve: true } } : { action: 'decline' };
    });
    await client.callTool({ name: 'create_entities', arguments: ADA });
    const declined = await client.callTool({ name: 'delete_entities', arguments: { entityNames: ['Ada'] } });
    expect(declined.isError).toBe(true);
    expect(text(declined)).toMatch(/^Not run: the user did not approve it\. rclass: R4 Irreversible/);
    expect(text(await client.callTool({ name: 'read_graph', arguments: {} }))).toContain('"name": "Ada"');
    approve = true;
    const deleted = await client.callTool({ name: 'delete_entities', arguments: { entityNames: ['Ada'] } });
    expect(deleted.isError).not.toBe(true);
    expect(text(await client.callTool({ name: 'read_graph', arguments: {} }))).not.toContain('"name": "Ada"');
    expect(questions).toHaveLength(2);
    expect(questions[0]).toMatch(/^rclass: R4 Irreversible \(registry\) for memory\/delete_entities/);
    const outcomes = logLines(log)
      .filter((line) => line.event === 'outcome')
      .map((line) => [line.tool, line.outcome]);
    expect(outcomes).toEqual([
      ['create_entities', 'ran'],
      ['delete_entities', 'not_run'],
      ['read_graph', 'ran'],
      ['delete_entities', 'ran'],
      ['read_graph', 'ran'],
    ]);
  }, 120_000);

  it('with --deny-from R4 refuses delete_entities without asking, even a client that can be asked', async () => {
    const questions: string[] = [];
    const { client } = await startProxy(
      (message) => {
        questions.push(message);
        return { action: 'accept', content: { approve: true } };
      },
      ['--deny-from', 'R4'],
    );
    const deleted = await client.callTool({ name: 'delete_entities', arguments: { entityNames: ['Ada'] } });
    expect(deleted.isError).toBe(true);
    expect(text(deleted)).toContain('It is blocked by --deny-from');
    expect(questions).toEqual([]);
  }, 120_000);

  it('regression: with --anchor-file the proxy writes the chain head on every append, and audit verify --anchor proves its log', async () => {
    const anchor = path.join(tempDir(), 'heads.jsonl');
    const { client, log } = await startProxy(undefined, ['--anchor-file', anchor]);
    expect((await client.callTool({ name: 'read_graph', arguments: {} })).isError).not.toBe(true);
    await client.callTool({ name: 'delete_entities', arguments: { entityNames: ['Ada'] } });
    const lines = logLines(log);
    expect(lines.map((line) => [line.event, line.tool, line.outcome])).toEqual([
      ['decision', 'read_graph', undefined],
      ['outcome', 'read_graph', 'ran'],
      ['decision', 'delete_entities', undefined],
      ['outcome', 'delete_entities', 'not_run'],
    ]);
    const heads = readFileSync(anchor, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as unknown);
    expect(heads).toEqual(lines.map((entry) => ({ seq: entry.seq, hash: entry.hash })));
    expect((await runCli(['audit', 'verify', '--log', log, '--anchor', anchor])).code).toBe(0);
  }, 120_000);

  it('regression: an anchor command that fails keeps read_graph (R0) from being forwarded unasked', async () => {
    const { client, stderr } = await startProxy(undefined, ['--anchor-command', 'exit 7']);
    const graph = await client.callTool({ name: 'read_graph', arguments: {} });
    expect(graph.isError).toBe(true);
    expect(text(graph)).toContain('rclass could not write its audit anchor');
    expect(stderr()).toContain('the anchor command exited 7');
  }, 120_000);

  it('a server it cannot identify (an absolute launcher) is R4 for every call, even read_graph; --record memory vouches for it', async () => {
    const direct = [process.execPath, MEMORY_BIN];
    const unknown = await startProxy(undefined, [], direct);
    const refused = await unknown.client.callTool({ name: 'read_graph', arguments: {} });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/^Not run: rclass: R4 Irreversible \(unknown\) for [^/]+\/read_graph: rclass cannot tell which server/);
    const vouched = await startProxy(undefined, ['--record', 'memory'], direct);
    const graph = await vouched.client.callTool({ name: 'read_graph', arguments: {} });
    expect(graph.isError).not.toBe(true);
    expect(logLines(vouched.log).map((line) => [line.record, line.tool, line.class, line.decision])[0]).toEqual(['memory', 'read_graph', 'R0', 'none']);
  }, 120_000);
});
