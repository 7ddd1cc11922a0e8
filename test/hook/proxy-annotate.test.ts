/**
 * `rclass proxy --annotate` in front of the real memory reference server
 * (@modelcontextprotocol/server-memory from test/servers), driven by a
 * client that reads the raw JSON-RPC lines, so nothing a client SDK would
 * strip (SEP-2793's `reversibility`) is lost: every listed tool carries
 * its registry class's hints and action metadata (SPEC 7.4), the server's
 * own hints stay under the server-declared key, and a server rclass cannot
 * tie to a record gets R4's values for every tool.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it, onTestFinished } from 'vitest';
import { tempDir } from '../cli/harness.ts';
import { testedBin } from '../cli/tested-bin.ts';
import { registryOf } from '../export/registry.ts';
import { SERVERS_MODULES } from '../servers/paths.ts';
import { npxProject } from '../npx-project.ts';
import { renderToolMetadata } from '../../src/export/tool-metadata.ts';

const META = 'io.modelcontextprotocol/action-metadata';
const DECLARED = 'com.twomuchlabs.reversibility/server-declared';
const MEMORY_BIN = path.join(SERVERS_MODULES, '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');

type Tool = { name: string; annotations?: Record<string, unknown>; _meta?: Record<string, Record<string, unknown>> };

/**
 * Start a command speaking MCP over stdio, initialise it and list its tools.
 * @returns the `tools` of the `tools/list` result, exactly as the lines carried them
 */
async function listTools(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<Tool[]> {
  const child: ChildProcessWithoutNullStreams = spawn(command, args, { cwd, env, stdio: 'pipe' });
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as Record<string, unknown>;
    if (typeof message.id === 'number') waiting.get(message.id)?.(message);
  });
  const request = (id: number, method: string, params: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve) => {
      waiting.set(id, resolve);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  await request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'by-hand', version: '0' } });
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  const listed = await request(2, 'tools/list', {});
  child.stdin.end();
  return (listed.result as { tools: Tool[] }).tools;
}

/** The memory server's tools listed through `rclass proxy` with the given options and server command. */
async function throughProxy(extra: string[], server: string[]): Promise<Tool[]> {
  const dir = tempDir();
  const registry = path.join(dir, 'registry.json');
  writeFileSync(registry, JSON.stringify(await registryOf(['memory'])));
  const env = { PATH: process.env.PATH ?? '', HOME: dir, MEMORY_FILE_PATH: path.join(dir, 'memory.jsonl') };
  // npx finds the server installed in this folder (linked from test/servers), so nothing is downloaded (test/npx-project.ts).
  const cwd = npxProject(['@modelcontextprotocol/server-memory']);
  return listTools(process.execPath, [testedBin(), 'proxy', '--registry', registry, '--no-log', ...extra, '--', ...server], cwd, env);
}

/** The memory server's tools as it lists them itself, without the proxy. */
async function direct(): Promise<Tool[]> {
  const dir = tempDir();
  return listTools(process.execPath, [MEMORY_BIN], dir, { PATH: process.env.PATH ?? '', HOME: dir, MEMORY_FILE_PATH: path.join(dir, 'memory.jsonl') });
}

const byName = (tools: Tool[], name: string) => tools.find((tool) => tool.name === name)!;

describe('rclass proxy --annotate in front of the real memory server', () => {
  it("lists every tool with its registry class's hints and action metadata, and the server's own hints under the server-declared key", async () => {
    const [annotated, own] = await Promise.all([throughProxy(['--annotate'], ['npx', '-y', '@modelcontextprotocol/server-memory']), direct()]);
    expect(annotated.map((tool) => tool.name).sort()).toEqual(own.map((tool) => tool.name).sort());
    const exported = JSON.parse(await renderToolMetadata(await registryOf(['memory']))) as {
      tools: Array<{ server: string; tool: string; annotations: Record<string, unknown>; _meta: Record<string, unknown> }>;
    };
    for (const tool of annotated) {
      const expected = exported.tools.find((entry) => entry.server === 'memory' && entry.tool === tool.name)!;
      const title = own.find((entry) => entry.name === tool.name)?.annotations?.title;
      expect(tool.annotations).toEqual({ ...(title !== undefined ? { title } : {}), ...expected.annotations });
      expect(tool._meta?.[META]).toEqual(expected._meta[META]);
      expect(tool._meta?.[DECLARED]).toEqual({ annotations: byName(own, tool.name).annotations ?? null });
    }
    // The registry's word, not the server's: read_graph (R0) is read-only, delete_entities (R4) irreversible,
    // delete_observations (R2) needs review, create_entities (R1) does not.
    expect(byName(annotated, 'read_graph').annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, reversibility: 'auto' });
    expect(byName(annotated, 'delete_entities')._meta?.[META]).toMatchObject({ outcome: 'irreversible', requiresReview: true });
    expect(byName(annotated, 'delete_observations').annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, reversibility: 'manual' });
    expect(byName(annotated, 'create_entities')._meta?.[META]).toMatchObject({ outcome: 'consequential', requiresReview: false });
    expect(byName(annotated, 'create_entities')._meta?.[META]?.evidenceRef).toMatchObject({ type: 'rclass.tool-class.v1', canonicalization: 'jcs/rfc8785' });
  }, 120_000);

  it('annotates every tool of a server it cannot tie to a record as R4, with no evidenceRef', async () => {
    // The memory server started from an absolute path is not recognised (SPEC 6.2).
    const annotated = await throughProxy(['--annotate'], [process.execPath, MEMORY_BIN]);
    expect(annotated.length).toBeGreaterThan(0);
    for (const tool of annotated) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true, reversibility: 'none' });
      expect(tool._meta?.[META]).toEqual({ outcome: 'irreversible', requiresReview: true });
    }
  }, 120_000);

  it('without --annotate passes the listing through as the server wrote it', async () => {
    const [plain, own] = await Promise.all([throughProxy([], ['npx', '-y', '@modelcontextprotocol/server-memory']), direct()]);
    expect(plain).toEqual(own);
  }, 120_000);
});
