/**
 * `rclass proxy`'s approval that the client's model cannot give (issue 28,
 * item 4; SPEC 8.7), end to end in front of the real memory reference
 * server, driven by the MCP SDK client: an R4 call (`delete_entities`) is
 * approved on the proxy's local page, which the client is sent as a URL-mode
 * question (the test plays the person by requesting the page and pressing
 * its button), in both elicitation styles: the `elicitation/create` request
 * (MCP 2025-11-25) and the 2026-07-28 retry (an `input_required` result,
 * then the call again with `inputResponses` and the echoed `requestState`).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type ElicitResult, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../cli/harness.ts';
import { testedBin } from '../cli/tested-bin.ts';
import { registryOf } from '../export/registry.ts';
import { MEMORY_BIN } from '../scan/support.ts';
import { report } from './proxy-session.ts';
import { logLines } from './support.ts';

const open: Client[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

/**
 * Starts a command in a new session (setsid(2), through Node's `detached`), so it has no controlling terminal
 * and opening `/dev/tty` fails with ENXIO, wherever the tests run.
 */
const WITHOUT_TERMINAL =
  "const c=require('node:child_process').spawn(process.argv[1],process.argv.slice(2),{detached:true,stdio:'inherit'});c.on('exit',(code)=>process.exit(code??1))";

/**
 * The proxy, vouched for as the memory record, in front of the memory server; the client declares `capabilities` in `initialize`.
 * With `approveTty`, the proxy runs with `--approve-tty` and without a controlling terminal.
 */
async function startProxy(capabilities: Record<string, unknown>, answer?: (params: Record<string, unknown>) => Promise<ElicitResult>, approveTty = false) {
  const dir = tempDir();
  const registry = path.join(dir, 'registry.json');
  writeFileSync(registry, JSON.stringify(await registryOf(['memory'])));
  const log = path.join(dir, 'audit.jsonl');
  const client = new Client({ name: 'rclass-approval-test', version: '0' }, { capabilities });
  if (answer !== undefined) client.setRequestHandler(ElicitRequestSchema, (request) => answer(request.params as Record<string, unknown>));
  const proxy = [testedBin(), 'proxy', '--registry', registry, '--log', log, '--record', 'memory'];
  if (approveTty) proxy.push('--approve-tty');
  proxy.push('--', process.execPath, MEMORY_BIN);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: approveTty ? ['-e', WITHOUT_TERMINAL, process.execPath, ...proxy] : proxy,
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: dir, MEMORY_FILE_PATH: path.join(dir, 'memory.jsonl') },
    stderr: 'pipe',
  });
  await client.connect(transport);
  open.push(client);
  return { client, log };
}

/** The person opens the page and presses its button; returns the page's HTML. */
async function approveOnPage(url: string): Promise<string> {
  const html = await (await fetch(url)).text();
  const secret = /name="secret" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const pressed = await fetch(url, { method: 'POST', body: new URLSearchParams({ secret }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(pressed.status).toBe(200);
  return html;
}

function text(result: unknown): string {
  return (((result as { content?: unknown }).content ?? []) as Array<{ text?: string }>).map((part) => part.text ?? '').join('');
}

const ADA = { entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }] };
const BOB = { entities: [{ name: 'Bob', entityType: 'person', observations: ['reads the manual'] }] };

/** The `_meta` of a 2026-07-28 request (schema/2026-07-28/schema.ts, RequestMetaObject). */
function meta2026(elicitation: Record<string, unknown>): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': { elicitation },
  };
}

/** A raw `tools/call`, so the 2026-07-28 fields reach the proxy and its `input_required` result comes back unparsed. */
function call(client: Client, params: Record<string, unknown>) {
  return client.request({ method: 'tools/call', params }, ResultSchema);
}

async function graph(client: Client): Promise<string> {
  return text(await client.callTool({ name: 'read_graph', arguments: {} }));
}

function outcomes(log: string): unknown[] {
  return logLines(log)
    .filter((line) => line.event === 'outcome' && line.tool === 'delete_entities')
    .map((line) => [line.outcome, line.detail, line.approved_via]);
}

function verify(log: string): string {
  return execFileSync(process.execPath, [testedBin(), 'audit', 'verify', '--log', log], {
    env: { PATH: process.env.PATH ?? '', HOME: tempDir() },
    encoding: 'utf8',
  });
}

describe('rclass proxy: R4 approval on the local page, request style (elicitation/create)', () => {
  it('a client that declared URL mode is sent the local page; the call runs once the person approves there, and the outcome line says the page approved it', async () => {
    const urls: string[] = [];
    const { client, log } = await startProxy({ elicitation: { url: {} } }, async (params) => {
      expect(params.mode).toBe('url');
      const url = String(params.url);
      urls.push(url);
      // A POST without the page's form secret confirms nothing.
      expect((await fetch(url, { method: 'POST', body: 'secret=guess' })).status).toBe(403);
      const html = await approveOnPage(url);
      expect(html).toContain('delete_entities');
      expect(html).toContain('&#34;Ada&#34;');
      return { action: 'accept' };
    });
    await client.callTool({ name: 'create_entities', arguments: ADA });
    const deleted = await client.callTool({ name: 'delete_entities', arguments: { entityNames: ['Ada'] } });
    expect(deleted.isError).not.toBe(true);
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/approve\/[A-Za-z0-9_-]{43}$/);
    expect(await graph(client)).not.toContain('Ada');
    // The page is single-use: once approved and redeemed, it is gone.
    expect((await fetch(urls[0]!)).status).toBe(404);
    expect(outcomes(log)).toEqual([['ran', undefined, 'page']]);
    expect(await report(log)).toEqual(['R4 memory/delete_entities ask: approved on the local page and ran']);
    expect(verify(log)).toMatch(/^ok: \d+ lines, the hash chain holds/);
  }, 120_000);

  it('the page shows a right-to-left override and a zero-width space in the arguments as marked escapes, and the call runs with them as they were', async () => {
    // On screen, unescaped, this name reads "invoice_exe.pdf".
    const disguised = 'invoice_\u202Efdp.exe\u200B';
    const pages: string[] = [];
    const { client } = await startProxy({ elicitation: { url: {} } }, async (params) => {
      pages.push(await approveOnPage(String(params.url)));
      return { action: 'accept' };
    });
    await client.callTool({ name: 'create_entities', arguments: { entities: [{ name: disguised, entityType: 'file', observations: [] }] } });
    const deleted = await client.callTool({ name: 'delete_entities', arguments: { entityNames: [disguised] } });
    expect(deleted.isError).not.toBe(true);
    expect(pages).toHaveLength(1);
    const html = pages[0]!;
    expect(html).toContain('&#34;invoice_<mark title="U+202E">\\u202e</mark>fdp.exe<mark title="U+200B">\\u200b</mark>&#34;');
    expect(html).toContain('<strong>2 characters you would not see (U+202E, U+200B) are shown as marked \\u escapes.</strong>');
    expect(html).not.toMatch(/[\u202E\u200B]/u);
    expect(await graph(client)).not.toContain('invoice_');
  }, 120_000);

  it("the client's own accept to the URL question, without anyone opening the page, does not run the call", async () => {
    const { client, log } = await startProxy({ elicitation: { url: {} } }, async () => ({ action: 'accept' }));
    await client.callTool({ name: 'create_entities', arguments: ADA });
    const deleted = await client.callTool({ name: 'delete_entities', arguments: { entityNames: ['Ada'] } });
    expect(deleted.isError).toBe(true);
    expect(text(deleted)).toMatch(/^Not run: the user did not approve it\. rclass: R4 Irreversible \(registry\) for memory\/delete_entities/);
    expect(await graph(client)).toContain('Ada');
    expect(outcomes(log)).toEqual([['not_run', 'nobody approved it on the local page', undefined]]);
  }, 120_000);
});

describe('rclass proxy: the 2026-07-28 retry style (input_required, then inputResponses)', () => {
  it('a call of a form-only 2026-07-28 client gets an input_required result; the retry with the approval runs it once, and a replay of the same answer does not', async () => {
    const { client, log } = await startProxy({});
    await client.callTool({ name: 'create_entities', arguments: ADA });
    const params = { name: 'delete_entities', arguments: { entityNames: ['Ada'] }, _meta: meta2026({}) };
    const first = await call(client, params);
    expect(first.resultType).toBe('input_required');
    const question = (first.inputRequests as Record<string, { method: string; params: Record<string, unknown> }>)['rclass-approval']!;
    expect(question.method).toBe('elicitation/create');
    expect(question.params.mode).toBe('form');
    expect(String(question.params.message)).toMatch(/^rclass: R4 Irreversible \(registry\) for memory\/delete_entities/);
    const retry = { ...params, inputResponses: { 'rclass-approval': { action: 'accept', content: { approve: true } } }, requestState: first.requestState };
    expect(text(await call(client, retry))).not.toMatch(/^Not run/);
    expect(await graph(client)).not.toContain('Ada');
    // Ada again, and the same approval replayed under a new id: refused, Ada stays.
    await client.callTool({ name: 'create_entities', arguments: ADA });
    const replayed = await call(client, retry);
    expect(replayed.isError).toBe(true);
    expect(text(replayed)).toBe('Not run: the approval is unknown or was used already, so rclass did not run it (SPEC 8.7).');
    // A made-up nonce in the proxy's own form fares no better.
    const forged = await call(client, { ...retry, requestState: `rclass-approval.${'A'.repeat(43)}` });
    expect(text(forged)).toBe('Not run: the approval is unknown or was used already, so rclass did not run it (SPEC 8.7).');
    expect(await graph(client)).toContain('Ada');
    expect(outcomes(log)).toEqual([
      ['ran', undefined, 'client'],
      ['not_run', 'the approval is unknown or was used already', undefined],
      ['not_run', 'the approval is unknown or was used already', undefined],
    ]);
    // The outcome of the approved retry names the call that was asked about (its decision line's id).
    const lines = logLines(log).filter((line) => line.tool === 'delete_entities');
    expect(lines[1]!.tool_use_id).toBe(lines[0]!.tool_use_id);
    // The replay and the forgery name no pending approval, so no decision: their lines are marked refused, and the report shows each.
    expect(lines.slice(2).map((line) => [line.event, line.refused])).toEqual([
      ['outcome', 'approval'],
      ['outcome', 'approval'],
    ]);
    const refusal = '-- memory/delete_entities refused an approval that names no pending question: not run (the approval is unknown or was used already)';
    expect(await report(log)).toEqual(['R4 memory/delete_entities ask: approved and ran', refusal, refusal]);
    expect(verify(log)).toMatch(/^ok: \d+ lines, the hash chain holds/);
  }, 120_000);

  it('an approval given on the page for one call does not run a retry with other arguments', async () => {
    const { client, log } = await startProxy({});
    await client.callTool({ name: 'create_entities', arguments: ADA });
    await client.callTool({ name: 'create_entities', arguments: BOB });
    const params = { name: 'delete_entities', arguments: { entityNames: ['Ada'] }, _meta: meta2026({ url: {} }) };
    const first = await call(client, params);
    const question = (first.inputRequests as Record<string, { params: Record<string, unknown> }>)['rclass-approval']!;
    expect(question.params.mode).toBe('url');
    expect(question.params).not.toHaveProperty('elicitationId');
    await approveOnPage(String(question.params.url));
    const other = await call(client, {
      ...params,
      arguments: { entityNames: ['Bob'] },
      inputResponses: { 'rclass-approval': { action: 'accept' } },
      requestState: first.requestState,
    });
    expect(other.isError).toBe(true);
    expect(text(other)).toBe('Not run: the approval was for another call, so rclass did not run it (SPEC 8.7).');
    const after = await graph(client);
    expect(after).toContain('Ada');
    expect(after).toContain('Bob');
    expect(outcomes(log)).toEqual([['not_run', 'the approval was for another call', undefined]]);
  }, 120_000);
});

describe('rclass proxy --approve-tty without a terminal', () => {
  it("regression: with --approve-tty and no terminal, an R4 call of a client that declared form and URL modes goes to the local page, and the client's own form accept does not run it", async () => {
    const modes: unknown[] = [];
    const { client, log } = await startProxy(
      { elicitation: { form: {}, url: {} } },
      async (params) => {
        modes.push(params.mode);
        // The client (the agent's side) says yes by itself, as a form answer would.
        return { action: 'accept', content: { approve: true } };
      },
      true,
    );
    await client.callTool({ name: 'create_entities', arguments: ADA });
    const deleted = await client.callTool({ name: 'delete_entities', arguments: { entityNames: ['Ada'] } });
    expect(modes).toEqual(['url']);
    expect(deleted.isError).toBe(true);
    expect(text(deleted)).toMatch(/^Not run: the user did not approve it\. rclass: R4 Irreversible \(registry\) for memory\/delete_entities/);
    expect(await graph(client)).toContain('Ada');
    expect(outcomes(log)).toEqual([['not_run', 'nobody approved it on the local page', undefined]]);
  }, 120_000);
});
