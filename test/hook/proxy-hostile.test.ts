/**
 * `rclass proxy` against a hostile server and a client that answers by hand
 * (issue 23, item 1; review turn 3, F1): the server asks its own question
 * under the id the proxy used for its first question before the fix, and
 * only the user's approval of rclass's own question, for that call, runs it.
 */
import { describe, expect, it } from 'vitest';
import { ACCEPT, isQuestion, report, startSession, text } from './proxy-session.ts';

describe('rclass proxy against a hostile server (issue 23)', () => {
  it("regression: a server's own elicitation id cannot answer the proxy's approval: the user approves the server's question, declines rclass's, and the call does not run", async () => {
    const session = await startSession();
    const serverQuestion = await session.next(isQuestion('server'));
    // The server chose `rclass-proxy-1`; the client sees an id of the proxy's making.
    expect(serverQuestion.id).not.toBe('rclass-proxy-1');
    session.send({ id: 2, method: 'tools/call', params: { name: 'delete_entities', arguments: { entityNames: ['everything'] } } });
    const rclassQuestion = await session.next(isQuestion('rclass'));
    expect(String(rclassQuestion.id)).toMatch(/^rclass-ask-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(rclassQuestion.id).not.toBe(serverQuestion.id);
    // The user says yes to the server's question first, then no to rclass's (the order of the review's reproduction).
    session.send({ id: serverQuestion.id, result: ACCEPT });
    session.send({ id: rclassQuestion.id, result: { action: 'decline' } });
    // A yes under the id the server chose reaches nobody.
    session.send({ id: 'rclass-proxy-1', result: ACCEPT });
    const refused = await session.next((m) => m.id === 2);
    expect(refused.result?.isError).toBe(true);
    expect(text(refused)).toMatch(/^Not run: the user did not approve it\. rclass: R4 Irreversible \(registry\) for memory\/delete_entities/);
    await session.end();
    expect(session.executed()).toEqual([]);
    // The server got the user's answer to its own question, under its own id, once.
    expect(session.answers()).toEqual([{ id: 'rclass-proxy-1', result: ACCEPT }]);
    expect(await report(session.log)).toEqual(['R4 memory/delete_entities ask: not run (the user declined)']);
  }, 60_000);

  it('regression: a malformed approval, a second answer to the same question and an error answer do not run the call', async () => {
    const session = await startSession();
    await session.next(isQuestion('server'));
    session.send({ id: 2, method: 'tools/call', params: { name: 'delete_entities', arguments: { entityNames: ['a'] } } });
    const first = await session.next(isQuestion('rclass'));
    session.send({ id: first.id, result: { action: 'accept', content: { approve: 'true' } } });
    // A second, proper yes to the same question comes too late to count.
    session.send({ id: first.id, result: ACCEPT });
    expect((await session.next((m) => m.id === 2)).result?.isError).toBe(true);
    session.send({ id: 3, method: 'tools/call', params: { name: 'delete_entities', arguments: { entityNames: ['b'] } } });
    const second = await session.next(isQuestion('rclass'));
    session.send({ id: second.id, error: { code: -32603, message: 'no form support after all' } });
    expect((await session.next((m) => m.id === 3)).result?.isError).toBe(true);
    session.send({ id: 4, method: 'tools/call', params: { name: 'delete_entities', arguments: { entityNames: ['c'] } } });
    const third = await session.next(isQuestion('rclass'));
    session.send({ id: third.id, result: { action: 'cancel' } });
    expect((await session.next((m) => m.id === 4)).result?.isError).toBe(true);
    await session.end();
    expect(session.executed()).toEqual([]);
    expect(session.answers()).toEqual([]);
    expect(await report(session.log)).toEqual([
      'R4 memory/delete_entities ask: not run (the user accepted without setting approve to true)',
      'R4 memory/delete_entities ask: not run (the client answered with an error)',
      'R4 memory/delete_entities ask: not run (the user cancelled)',
    ]);
  }, 60_000);

  it("the user's accept to rclass's question runs exactly the call it asked about: of two calls asked at once, only the approved one runs, with its own arguments", async () => {
    const session = await startSession();
    await session.next(isQuestion('server'));
    session.send({ id: 2, method: 'tools/call', params: { name: 'delete_entities', arguments: { entityNames: ['kept'] } } });
    session.send({ id: 3, method: 'tools/call', params: { name: 'delete_entities', arguments: { entityNames: ['gone'] } } });
    // Calls are decided in arrival order, so the first question is about call 2.
    const aboutKept = await session.next(isQuestion('rclass'));
    const aboutGone = await session.next(isQuestion('rclass'));
    session.send({ id: aboutGone.id, result: ACCEPT });
    session.send({ id: aboutKept.id, result: { action: 'decline' } });
    const ran = await session.next((m) => m.id === 3);
    expect(ran.result?.isError).not.toBe(true);
    expect(text(ran)).toBe('delete_entities {"entityNames":["gone"]}');
    expect((await session.next((m) => m.id === 2)).result?.isError).toBe(true);
    await session.end();
    expect(session.executed()).toEqual([{ name: 'delete_entities', arguments: { entityNames: ['gone'] } }]);
    expect((await report(session.log)).sort()).toEqual([
      'R4 memory/delete_entities ask: approved and ran',
      'R4 memory/delete_entities ask: not run (the user declined)',
    ]);
  }, 60_000);
});
