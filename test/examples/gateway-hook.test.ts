/**
 * examples/gateway-hook.ts, driven as an MCP client would drive it: the
 * SDK's client over stdio, through the proxy, to the real memory reference
 * server. Calls the class lets through reach the server; the rest come back
 * as tool errors and never reach it.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../cli/harness.ts';
import { registryOf } from '../export/registry.ts';

const MEMORY_BIN = path.join(ROOT, 'test', 'servers', 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');
const client = new Client({ name: 'rclass-example-test', version: '0' });
let stderr = '';

beforeAll(async () => {
  const dir = tempDir();
  const registry = path.join(dir, 'registry.json');
  writeFileSync(registry, JSON.stringify(await registryOf(['memory'])));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', path.join(ROOT, 'examples', 'gateway-hook.ts'), 'memory', process.execPath, MEMORY_BIN],
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: dir, RCLASS_REGISTRY: registry, MEMORY_FILE_PATH: path.join(dir, 'memory.jsonl') },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client.close();
});

function text(result: Awaited<ReturnType<typeof client.callTool>>): string {
  return (result.content as Array<{ type: string; text?: string }>).map((part) => part.text ?? '').join('');
}

describe('examples/gateway-hook.ts in front of the memory server', () => {
  it('passes tools/list through unchanged', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
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
  });

  it('runs an R1 call and notes it on stderr, then an R0 call that sees its effect', async () => {
    const created = await client.callTool({
      name: 'create_entities',
      arguments: { entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }] },
    });
    expect(created.isError).not.toBe(true);
    expect(stderr).toContain('rclass: ran memory/create_entities: R1 Restorable (registry)');
    const graph = await client.callTool({ name: 'read_graph', arguments: {} });
    expect(text(graph)).toContain('wrote the first program');
  });

  it('answers an R4 call with a tool error naming its class, and the server never deletes', async () => {
    const deleted = await client.callTool({ name: 'delete_entities', arguments: { entityNames: ['Ada'] } });
    expect(deleted.isError).toBe(true);
    expect(text(deleted)).toMatch(/^Not run: R4 Irreversible \(registry\): .+ Default policy: never_autonomous; ask a human to run it\.$/);
    const graph = await client.callTool({ name: 'read_graph', arguments: {} });
    expect(text(graph)).toContain('"name": "Ada"');
  });

  it('answers a tool the record does not list as R4 (unknown), without forwarding it', async () => {
    const unknown = await client.callTool({ name: 'drop_everything', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain('Not run: R4 Irreversible (unknown)');
  });
});
