/**
 * An anchored audit log whose lock cannot be taken (issue 23, item 5a;
 * review turn 3, F4): the decision goes to the log's pending folder, where
 * no anchored head covers it, so deleting that file would go unseen by
 * `audit verify --anchor`. The call must then be asked about, never run
 * unasked. Through `rclass proxy` as a child process, whose log wait (5 s)
 * has no other deadline to race, behind a lock held by a "process" that
 * never lets go, hence the integration tier.
 */
import { mkdirSync, readdirSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../cli/harness.ts';
import { isQuestion, type Message, startSession } from './proxy-session.ts';

describe('rclass proxy --anchor-file behind a held log lock', () => {
  it('regression (issue 23): an R0 call whose decision went to the pending folder, where no anchored head covers it, is asked about instead of run', async () => {
    const dir = tempDir();
    const anchor = path.join(dir, 'anchor', 'heads.jsonl');
    // A lock that is never stale: its modification time lies in the future.
    const lock = path.join(dir, 'audit.jsonl.lock');
    mkdirSync(lock);
    const future = new Date('2030-01-01T00:00:00Z');
    utimesSync(lock, future, future);
    const session = await startSession(['--anchor-file', anchor], dir);
    await session.next(isQuestion('server'));
    session.send({ id: 2, method: 'tools/call', params: { name: 'read_graph', arguments: {} } });
    // Before: read_graph (R0) was forwarded at once and ran, with its decision only in the pending folder.
    const first = await session.next((m: Message) => m.id === 2 || isQuestion('rclass')(m));
    expect(first.method).toBe('elicitation/create');
    const question = String(first.params?.message);
    expect(question).toContain('memory/read_graph');
    expect(question).toContain('rclass could not write its audit anchor');
    expect(question).toContain('the decision waits in `audit.jsonl.pending/`, where no anchored head covers it yet');
    session.send({ id: first.id, result: { action: 'decline' } });
    expect((await session.next((m: Message) => m.id === 2)).result?.isError).toBe(true);
    await session.end();
    expect(session.executed()).toEqual([]);
    // The decision and its not_run outcome wait in the pending folder; the anchor holds no head for them.
    expect(readdirSync(`${path.join(dir, 'audit.jsonl')}.pending`)).toHaveLength(2);
  }, 90_000);
});
