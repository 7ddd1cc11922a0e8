/**
 * The live-listing client itself (scan's shipped `listTools` and transport,
 * as the live checks use them), against a tiny stdio MCP server written
 * inline: pages are followed through `nextCursor`, input schemas a strict
 * client would reject are accepted, the deadline holds, and the whole process
 * group (grandchildren included) is gone afterwards.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readToolsPage } from '../../src/scan/list-tools.ts';
import { listServerTools } from './support/list-tools.ts';
import { makeScratch, serverEnv } from './support/server-env.ts';

/** A stdio MCP server: two pages of tools (schemas without `type: "object"`), optionally a grandchild, optionally silent. */
const FAKE_SERVER = `
const { spawn } = require('node:child_process');
const readline = require('node:readline');
const send = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
let grandchild = 0;
if (process.env.FAKE_MODE === 'grandchild') {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  // The pid as the machine's /proc numbers it: scan may run the server in a PID namespace of its own, where child.pid is the namespace's.
  try {
    const fs = require('node:fs');
    const own = fs.readlinkSync('/proc/self');
    grandchild = Number(fs.readFileSync('/proc/' + own + '/task/' + own + '/children', 'utf8').trim().split(/\\s+/).pop()) || child.pid;
  } catch {
    grandchild = child.pid;
  }
}
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (process.env.FAKE_MODE === 'silent') return;
  if (message.method === 'initialize') {
    send({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'fake', version: String(grandchild) } } });
  } else if (message.method === 'tools/list') {
    const first = !(message.params && message.params.cursor);
    send({ jsonrpc: '2.0', id: message.id, result: first
      ? { tools: [{ name: 'alpha', inputSchema: { properties: { q: { type: 'string' } } } }], nextCursor: 'page-2' }
      : { tools: [{ name: 'beta', inputSchema: {} }, { name: 'gamma' }] } });
  }
});
`;

async function listFake(mode: string, timeoutMs = 20_000) {
  const scratch = makeScratch();
  try {
    return await listServerTools(
      { command: process.execPath, args: ['-e', FAKE_SERVER], env: serverEnv(scratch, { FAKE_MODE: mode }), cwd: scratch.root },
      timeoutMs,
    );
  } finally {
    scratch.remove();
  }
}

/** True once the process no longer runs (gone, or a zombie waiting to be reaped). */
function isDead(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? false;
  } catch {
    return true;
  }
}

describe('listServerTools', () => {
  it('follows nextCursor and accepts input schemas without type object', async () => {
    const listed = await listFake('plain');
    expect(listed.names).toEqual(['alpha', 'beta', 'gamma']);
    expect(listed.serverInfo?.name).toBe('fake');
  });

  it("kills the server's whole process group, grandchildren included", async () => {
    const listed = await listFake('grandchild');
    const pid = Number(listed.serverInfo?.version);
    expect(pid).toBeGreaterThan(0);
    // SIGKILL has been sent to the group; wait for the kernel to finish it off.
    for (let tries = 0; tries < 100 && !isDead(pid); tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(isDead(pid)).toBe(true);
  });

  it('gives up at the deadline on a server that never answers, naming the stage', async () => {
    await expect(listFake('silent', 1_500)).rejects.toThrow(/^it did not answer initialize within 1\.5 s, so it was killed/);
  });

  it('rejects a tools/list result whose tool has no name', () => {
    expect(() => readToolsPage({ tools: [{ name: 'a' }, { title: 'b' }] })).toThrow('tool 2 of its tools/list reply has no name');
    expect(() => readToolsPage({})).toThrow('its tools/list reply has no `tools` list');
  });
});
