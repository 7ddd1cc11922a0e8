/**
 * `rclass proxy` and the client's request ids, in front of the real memory
 * reference server (from test/servers), driven line by line so a test can
 * send what no SDK client sends: a second `tools/call` under the id of one
 * still in flight. JSON-RPC 2.0 makes ids unique among a client's
 * outstanding requests; the proxy refuses the second call with a JSON-RPC
 * error and runs nothing of it, and the first keeps its id, its approval
 * and its outcome line (SPEC 8.7, 10.1).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../cli/harness.ts';
import { MEMORY_BIN } from '../scan/support.ts';
import { ACCEPT, isQuestion, type Message, report, type Session, startSession, text } from './proxy-session.ts';
import { logLines } from './support.ts';

const ADA = { entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }] };
const MALLORY = { entities: [{ name: 'Mallory', entityType: 'person', observations: ['slipped in under a used id'] }] };

/** The proxy in front of the real memory server, with Ada in its graph; the folder holds `memory.jsonl` and the log. */
async function memorySession(): Promise<{ session: Session; dir: string }> {
  const dir = tempDir();
  const session = await startSession([], dir, [process.execPath, MEMORY_BIN]);
  session.send({ id: 2, method: 'tools/call', params: { name: 'create_entities', arguments: ADA } });
  expect((await session.next((m) => m.id === 2)).result?.isError).not.toBe(true);
  return { session, dir };
}

describe('rclass proxy: a tools/call under the id of a request in flight', () => {
  it('is refused with a JSON-RPC error and never reaches the server; the call in flight keeps its approval and its outcome line says how it was approved', async () => {
    const { session, dir } = await memorySession();
    // delete_entities (R4) waits for the user's answer: id 7 is in flight.
    session.send({ id: 7, method: 'tools/call', params: { name: 'delete_entities', arguments: { entityNames: ['Ada'] } } });
    const question = await session.next(isQuestion('rclass'));
    // A second call under id 7, which would run without a question (create_entities is R1).
    session.send({ id: 7, method: 'tools/call', params: { name: 'create_entities', arguments: MALLORY } });
    const refused: Message = await session.next((m) => m.id === 7 && m.error !== undefined);
    expect(refused.error).toEqual({
      code: -32600,
      message:
        "rclass: not run: its request id is that of a request still in flight; JSON-RPC request ids must be unique among a client's outstanding requests, so rclass refused this call without deciding or running it (SPEC 8.7).",
    });
    // The user approves the first call, which runs.
    session.send({ id: question.id, result: ACCEPT });
    const deleted = await session.next((m) => m.id === 7);
    expect(deleted.result?.isError).not.toBe(true);
    session.send({ id: 8, method: 'tools/call', params: { name: 'read_graph', arguments: {} } });
    expect(JSON.parse(text(await session.next((m) => m.id === 8)))).toEqual({ entities: [], relations: [] });
    await session.end();
    expect(readFileSync(path.join(dir, 'memory.jsonl'), 'utf8')).not.toContain('Mallory');
    const outcomes = logLines(session.log)
      .filter((line) => line.event === 'outcome')
      .map((line) => [line.tool, line.tool_use_id, line.outcome, line.approved_via, line.refused, line.detail]);
    expect(outcomes).toEqual([
      ['create_entities', '2', 'ran', undefined, undefined, undefined],
      ['create_entities', '7', 'not_run', undefined, 'duplicate_id', 'its request id is that of a request still in flight'],
      ['delete_entities', '7', 'ran', 'client', undefined, undefined],
      ['read_graph', '8', 'ran', undefined, undefined, undefined],
    ]);
    expect(await report(session.log)).toEqual([
      'R4 memory/delete_entities ask: approved and ran',
      '-- memory/create_entities refused a call under the id of a request in flight: not run (its request id is that of a request still in flight)',
    ]);
    const verified = await runCli(['audit', 'verify', '--log', session.log], { env: { HOME: tempDir() } });
    expect(verified.stdout).toMatch(/^ok: 7 lines, the hash chain holds/);
  }, 60_000);

  it('an id is free again once its call was answered: the same id for a later call runs it', async () => {
    const { session, dir } = await memorySession();
    session.send({ id: 2, method: 'tools/call', params: { name: 'create_entities', arguments: MALLORY } });
    expect((await session.next((m) => m.id === 2)).result?.isError).not.toBe(true);
    await session.end();
    expect(readFileSync(path.join(dir, 'memory.jsonl'), 'utf8')).toContain('Mallory');
    expect(logLines(session.log).filter((line) => line.refused !== undefined)).toEqual([]);
  }, 60_000);
});
