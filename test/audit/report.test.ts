/**
 * `rclass audit report`: every R3/R4 decision and everything that asked or
 * blocked, one line each, with what happened next.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportLines } from '../../src/audit/report.ts';
import { runCli, tempDir } from '../cli/harness.ts';
import { record, writeLog } from './support/entries.ts';

const outcome = (id: string, result: 'ran' | 'failed' = 'ran', session = 'S1') =>
  record({ event: 'outcome', session, tool_use_id: id, class: null, source: null, decision: null, outcome: result });

async function report(file: string, extra: string[] = []) {
  return runCli(['audit', 'report', '--log', file, ...extra], { env: { HOME: tempDir() } });
}

/** The report's lines without their leading time stamps. */
function withoutTimes(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replace(/^\S+ /, ''));
}

describe('rclass audit report', () => {
  it("regression: two Gemini CLI sessions stay apart: the session shows 8 characters after the agent's prefix", async () => {
    const file = await writeLog([
      record({ session: 'gemini:3f2a9c1e-0000-4000-8000-000000000001', tool_use_id: 'g1', decision: 'deny' }),
      record({ session: 'gemini:77b0e4d2-0000-4000-8000-000000000002', tool_use_id: 'g2', decision: 'deny' }),
    ]);
    const result = await report(file);
    expect(result.stdout).toContain('(session gemini:3f2a9c1e, ');
    expect(result.stdout).toContain('(session gemini:77b0e4d2, ');
  });

  it('says what happened after each R3/R4 decision and each prompt or block, and leaves the rest out', async () => {
    const file = await writeLog([
      record({ session: '3f2a9c1e77', tool_use_id: 'a' }),
      outcome('a', 'ran', '3f2a9c1e77'),
      record({ session: '3f2a9c1e77', server: 'web', tool: 'fetch', tool_use_id: 'b', source: 'session' }),
      record({ session: '3f2a9c1e77', tool_use_id: 'c', decision: 'deny' }),
      record({ session: '3f2a9c1e77', tool_use_id: 'd', class: 'R0', source: 'rule', decision: 'none' }),
      outcome('d', 'ran', '3f2a9c1e77'),
      record({ session: '3f2a9c1e77', tool_use_id: 'e', class: 'R2', decision: 'ask' }),
      outcome('e', 'failed', '3f2a9c1e77'),
      record({
        session: '3f2a9c1e77',
        server: null,
        tool: 'Bash',
        record: null,
        tool_use_id: 'f',
        class: null,
        source: 'builtin',
        detail: 'may write to a protected path: .claude/settings',
      }),
    ]);
    const result = await report(file);
    expect(result.code).toBe(0);
    expect(withoutTimes(result.stdout)).toEqual([
      'R4 pg/query ask: approved and ran (session 3f2a9c1e, alex@laptop)',
      'R4 web/fetch ask: not run (refused or cancelled) (session 3f2a9c1e, alex@laptop)',
      'R4 pg/query deny: blocked (session 3f2a9c1e, alex@laptop)',
      'R2 pg/query ask: approved, ran and failed (session 3f2a9c1e, alex@laptop)',
      '-- Bash ask: not run (refused or cancelled) [may write to a protected path: .claude/settings] (session 3f2a9c1e, alex@laptop)',
    ]);
    expect(result.stdout.split('\n')[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2} R4 /);
  });

  it('says no outcome was recorded when the session has no outcome lines at all (no PostToolUse hook)', () => {
    const { lines } = reportLines([record({ tool_use_id: 'x' })]);
    expect(lines[0]).toContain('no outcome recorded');
  });

  it("says not run, and why, for an ask whose outcome line is the proxy's not_run", () => {
    const { lines } = reportLines([
      record({ tool_use_id: 'x' }),
      record({ event: 'outcome', tool_use_id: 'x', class: null, source: null, decision: null, outcome: 'not_run', detail: 'the user declined' }),
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('R4 pg/query ask: not run (the user declined) (session S1, alex@laptop)');
  });

  it("a request the proxy refused before any decision (a forged or reused approval, a call under an id in flight) is a line of its own, in log order, never taken for a decision's outcome", async () => {
    const refused = (id: string, kind: 'approval' | 'duplicate_id', detail: string) =>
      record({
        event: 'outcome',
        session: 'proxy:9b1c7e2a-0000-4000-8000-000000000001',
        server: 'memory',
        record: undefined,
        tool: 'delete_entities',
        tool_use_id: id,
        class: null,
        source: null,
        decision: null,
        outcome: 'not_run',
        detail,
        refused: kind,
        permission_mode: null,
      });
    const file = await writeLog([
      record({ session: 'proxy:9b1c7e2a-0000-4000-8000-000000000001', server: 'memory', tool: 'delete_entities', tool_use_id: '7' }),
      // Under the asked call's own id, while it waits for the user: refused, and it must not read as that call's outcome.
      refused('7', 'duplicate_id', 'its request id is that of a request still in flight'),
      record({
        event: 'outcome',
        session: 'proxy:9b1c7e2a-0000-4000-8000-000000000001',
        tool_use_id: '7',
        class: null,
        source: null,
        decision: null,
        outcome: 'ran',
        approved_via: 'client',
      }),
      refused('9', 'approval', 'the approval is unknown or was used already'),
    ]);
    const result = await report(file);
    expect(result.code).toBe(0);
    expect(withoutTimes(result.stdout)).toEqual([
      'R4 memory/delete_entities ask: approved and ran (session proxy:9b1c7e2a, alex@laptop)',
      '-- memory/delete_entities refused a call under the id of a request in flight: not run (its request id is that of a request still in flight) (session proxy:9b1c7e2a, alex@laptop)',
      '-- memory/delete_entities refused an approval that names no pending question: not run (the approval is unknown or was used already) (session proxy:9b1c7e2a, alex@laptop)',
    ]);
    const times = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line).time as string);
    // --since applies to them as to decisions.
    expect((await report(file, ['--since', times[3]!])).stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect(
      reportLines(
        readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as unknown),
      ).refused,
    ).toBe(2);
    expect((await runCli(['audit', 'verify', '--log', file], { env: { HOME: tempDir() } })).code).toBe(0);
  });

  it('filters by --since (a date is local midnight; an RFC 3339 time is exact) and rejects a bad date', async () => {
    const file = await writeLog([record({ tool_use_id: 'old' }), record({ tool_use_id: 'new' })], Date.UTC(2026, 9, 25, 13, 0, 0));
    const times = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line).time as string);
    const after = await report(file, ['--since', times[1]!]);
    expect(after.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect((await report(file, ['--since', '2000-01-01'])).stdout.split('\n').filter(Boolean)).toHaveLength(2);
    expect((await report(file, ['--since', '2999-01-01'])).stderr).toContain('no R3 or R4 decisions and nothing asked or blocked among 0 decisions');
    expect((await report(file, ['--since', 'yesterday'])).code).toBe(2);
    expect((await report(file, ['--since', '2026-02-30'])).code).toBe(2);
  });

  it('regression (issue 14): reports the decisions still waiting in the pending folder', async () => {
    const file = await writeLog([record({ tool_use_id: 'chained' })]);
    mkdirSync(`${file}.pending`);
    writeFileSync(
      path.join(`${file}.pending`, '000000000000001-7-a.json'),
      `${JSON.stringify([{ ...record({ tool_use_id: 'waiting', decision: 'deny' }), time: '2026-12-01T10:00:00.000Z' }])}\n`,
    );
    const result = await report(file);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`note: 1 decision read waits in \`${file}.pending/\`, not yet chained into the log`);
    expect(result.stdout.split('\n').filter(Boolean)).toHaveLength(2);
    expect(result.stdout.split('\n').filter(Boolean)[1]).toBe('2026-12-01T10:00:00.000Z R4 pg/query deny: blocked (session S1, alex@laptop)');
  });

  it('regression (issue 14): with no log file yet, reports the decisions waiting in the pending folder, marked as waiting', async () => {
    const file = path.join(tempDir(), 'audit.jsonl');
    mkdirSync(`${file}.pending`);
    writeFileSync(
      path.join(`${file}.pending`, '000000000000001-7-a.json'),
      JSON.stringify([{ ...record({ decision: 'deny' }), time: '2026-12-01T10:00:00.000Z' }]),
    );
    const result = await report(file);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('2026-12-01T10:00:00.000Z R4 pg/query deny: blocked (session S1, alex@laptop)\n');
    expect(result.stderr).toContain('not yet chained into the log');
  });

  it('still reports a log that does not verify, warns, and exits 1; counts lines that are not JSON', async () => {
    const file = await writeLog([record({ tool_use_id: 'a' }), record({ tool_use_id: 'b' })]);
    appendFileSync(file, 'garbage\n');
    const result = await report(file);
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n').filter(Boolean)).toHaveLength(2);
    expect(result.stderr).toContain('1 line is not JSON');
    expect(result.stderr).toContain('does not verify');
    expect(result.stderr).toContain('line 3');
  });

  it('strips control characters a log line could carry to the terminal', () => {
    const { lines } = reportLines([record({ tool: 'evil\u001b[2Jtool' })]);
    expect(lines[0]).not.toContain('\u001b');
  });

  it('exits 3 for a log that cannot be read', async () => {
    const dir = tempDir();
    writeFileSync(`${dir}/x`, '');
    expect((await report(`${dir}/missing.jsonl`)).code).toBe(3);
  });

  it('exits 3 for a --log FILE that does not exist, naming it', async () => {
    const file = path.join(tempDir(), 'typo.jsonl');
    expect(await report(file)).toEqual({ code: 3, stdout: '', stderr: `rclass: no audit log at \`${file}\`\n` });
  });

  it('tells a first-time user no decisions are logged yet and exits 0 when the default log does not exist', async () => {
    const home = tempDir();
    const file = path.join(home, '.local', 'state', 'rclass', 'audit.jsonl');
    const result = await runCli(['audit', 'report'], { env: { HOME: home } });
    expect(result).toEqual({
      code: 0,
      stdout: '',
      stderr: `rclass: no decisions logged yet at \`${file}\`: \`rclass hook\` creates the log at its first decision (if your hook runs with \`--log FILE\`, pass the same \`--log FILE\` here)\n`,
    });
    expect(existsSync(file)).toBe(false);
  });
});
