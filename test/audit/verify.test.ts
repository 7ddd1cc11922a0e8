/**
 * `rclass audit verify` (SPEC 10.3): a changed, removed, inserted or
 * reordered line fails, naming the first bad line (exit 1); an intact log
 * passes (exit 0); no log yet at the default location is exit 0 with a
 * note; a missing `--log FILE` is exit 3.
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { UNANCHORED_LIMITS } from '../../src/cli/commands/audit.ts';
import { describe, expect, it } from 'vitest';
import { appendAudit, type AuditRecord } from '../../src/audit/log.ts';
import { verifyAuditFile } from '../../src/audit/verify.ts';
import { runCli, tempDir } from '../cli/harness.ts';
import { record, writeLog } from './support/entries.ts';

const five = () => writeLog([1, 2, 3, 4, 5].map((i) => record({ tool_use_id: `toolu_${i}` })));

function lines(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
}

function rewrite(file: string, next: string[]): void {
  writeFileSync(file, `${next.join('\n')}\n`);
}

async function verify(file: string) {
  return runCli(['audit', 'verify', '--log', file], { env: { HOME: tempDir() } });
}

describe('rclass audit verify', () => {
  it('regression: a log cut at the end still verifies, and verify says that it cannot detect that without an anchor', async () => {
    const file = await five();
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    rewrite(file, lines.slice(0, 3));
    const result = await verify(file);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('it cannot show that lines were cut from the end or that the whole chain was rewritten');
  });

  it('passes an intact log, and an empty one', async () => {
    const file = await five();
    expect(await verify(file)).toEqual({
      code: 0,
      stdout: `ok: 5 lines, the hash chain holds (\`${file}\`)\n`,
      stderr: `rclass: note: ${UNANCHORED_LIMITS}\n`,
    });
    const empty = path.join(tempDir(), 'audit.jsonl');
    writeFileSync(empty, '');
    expect((await verify(empty)).code).toBe(0);
  });

  it.each([
    ['a changed field', (l: string[]) => [l[0]!, l[1]!, l[2]!.replace('"class":"R4"', '"class":"R0"'), l[3]!, l[4]!], 3, 'the line was changed'],
    ['a removed line', (l: string[]) => [l[0]!, l[1]!, l[3]!, l[4]!], 3, 'removed, inserted or reordered'],
    ['the first line removed', (l: string[]) => l.slice(1), 1, 'removed, inserted or reordered'],
    ['an inserted copy', (l: string[]) => [l[0]!, l[1]!, l[1]!, l[2]!, l[3]!, l[4]!], 3, 'removed, inserted or reordered'],
    ['two lines swapped', (l: string[]) => [l[0]!, l[2]!, l[1]!, l[3]!, l[4]!], 2, 'removed, inserted or reordered'],
    ['a line cut short', (l: string[]) => [l[0]!, l[1]!, l[2]!, l[3]!, l[4]!.slice(0, 40)], 5, 'not JSON'],
    ['a blank line', (l: string[]) => [l[0]!, '', l[1]!, l[2]!], 2, 'empty'],
    ['spaces added', (l: string[]) => [l[0]!, l[1]!.replace('","', '", "'), l[2]!], 2, 'not written as rclass writes a line'],
    ['a repeated key', (l: string[]) => [l[0]!, l[1]!.replace('"class":"R4"', '"class":"R0","class":"R4"'), l[2]!], 2, 'not written as rclass writes a line'],
  ])('fails on %s, naming the first bad line', async (_label, edit, line, why) => {
    const file = await five();
    rewrite(file, edit(lines(file)));
    const result = await verify(file);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`line ${line}:`);
    expect(result.stderr).toContain(why);
  });

  it('passes a chain rewritten in full: verification proves consistency, not authenticity (SPEC 10.3)', async () => {
    const file = await five();
    const original = lines(file);
    // Rewriting every line consistently is possible for anyone who can write the file (SPEC 10.3).
    const forged = path.join(tempDir(), 'audit.jsonl');
    for (const text of original) {
      const entry = JSON.parse(text) as Record<string, unknown>;
      const { seq: _s, time: _t, prev_hash: _p, hash: _h, ...rest } = entry;
      await appendAudit(forged, [{ ...(rest as unknown as AuditRecord), class: 'R0' }]);
    }
    expect((await verify(forged)).code).toBe(0);
  });

  it('appends after a torn last line on a new line, so the damage stays visible and later lines still chain', async () => {
    const file = await five();
    appendFileSync(file, '{"seq":6,"time":"2026');
    await appendAudit(file, [record({ tool_use_id: 'after' })]);
    const all = readFileSync(file, 'utf8').split('\n');
    expect(all[5]).toBe('{"seq":6,"time":"2026');
    expect(JSON.parse(all[6]!)).toMatchObject({ seq: 7, tool_use_id: 'after' });
    expect(await verifyAuditFile(file)).toMatchObject({ ok: false, bad: { line: 6 } });
  });

  it('regression (issue 14): says how many decisions wait in the pending folder, and names pending files it cannot read', async () => {
    const file = await five();
    mkdirSync(`${file}.pending`);
    writeFileSync(
      path.join(`${file}.pending`, '000000000000001-7-a.json'),
      `${JSON.stringify([
        { ...record({ tool_use_id: 'late-1' }), time: '2026-12-01T10:00:00.000Z' },
        { ...record({ tool_use_id: 'late-2' }), time: '2026-12-01T10:00:00.000Z' },
      ])}\n`,
    );
    writeFileSync(path.join(`${file}.pending`, '000000000000002-8-b.json'), '[{"event":');
    const result = await verify(file);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`ok: 5 lines, the hash chain holds (\`${file}\`)\n`);
    expect(result.stderr.split('\n').slice(0, 2)).toEqual([
      `rclass: note: 2 decisions wait in \`${file}.pending/\`, written while another hook process held the log's lock; the next logged decision chains them in, and until then no hash covers them`,
      `rclass: note: 1 file in \`${file}.pending/\` cannot be read as decisions and is kept for you to look at: 000000000000002-8-b.json`,
    ]);
  });

  it('regression (issue 14): a pending file of JSON that is not a list of records is kept as damaged, never counted or chained in', async () => {
    const file = await five();
    mkdirSync(`${file}.pending`);
    const damaged = {
      '000000000000001-1-a.json': '[null]',
      '000000000000002-1-b.json': '[1,"x"]',
      '000000000000003-1-c.json': '[{"foo":1}]',
      '000000000000004-1-d.json': '[]',
    };
    for (const [name, text] of Object.entries(damaged)) writeFileSync(path.join(`${file}.pending`, name), text);
    const result = await verify(file);
    expect(result.stderr.split('\n')[0]).toBe(
      `rclass: note: 4 files in \`${file}.pending/\` cannot be read as decisions and are kept for you to look at: ${Object.keys(damaged).join(', ')}`,
    );
    await appendAudit(file, [record({ tool_use_id: 'next' })]);
    expect(lines(file)).toHaveLength(6);
    expect(readdirSync(`${file}.pending`)).toHaveLength(4);
  });

  it('regression (issue 14): with no log file yet but decisions waiting, verify says nothing is chained yet and how many wait: exit 0', async () => {
    const file = path.join(tempDir(), 'audit.jsonl');
    mkdirSync(`${file}.pending`);
    writeFileSync(path.join(`${file}.pending`, '000000000000001-7-a.json'), JSON.stringify([{ ...record(), time: '2026-12-01T10:00:00.000Z' }]));
    const result = await verify(file);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`nothing chained yet at \`${file}\`\n`);
    expect(result.stderr).toContain(`1 decision waits in \`${file}.pending/\``);
  });

  it('exits 3 for a missing --log FILE and 2 for a usage error', async () => {
    const file = path.join(tempDir(), 'nope.jsonl');
    const missing = await verify(file);
    expect(missing).toEqual({ code: 3, stdout: '', stderr: `rclass: no audit log at \`${file}\`\n` });
    expect((await runCli(['audit'], { env: { HOME: tempDir() } })).code).toBe(2);
    expect((await runCli(['audit', 'check'], { env: { HOME: tempDir() } })).code).toBe(2);
    expect((await runCli(['audit', 'verify', '--since', '2026-01-01'], { env: { HOME: tempDir() } })).code).toBe(2);
  });

  it('says there is nothing to verify and exits 0 when the default log does not exist yet (first run)', async () => {
    const home = tempDir();
    const file = path.join(home, '.local', 'state', 'rclass', 'audit.jsonl');
    const result = await runCli(['audit', 'verify'], { env: { HOME: home } });
    expect(result).toEqual({
      code: 0,
      stdout: `nothing to verify: no decisions logged yet at \`${file}\`: \`rclass hook\` creates the log at its first decision (if your hook runs with \`--log FILE\`, pass the same \`--log FILE\` here)\n`,
      stderr: '',
    });
    const xdg = tempDir();
    const underXdg = await runCli(['audit', 'verify'], { env: { HOME: home, XDG_STATE_HOME: xdg } });
    expect(underXdg.code).toBe(0);
    expect(underXdg.stdout).toContain(`no decisions logged yet at \`${path.join(xdg, 'rclass', 'audit.jsonl')}\``);
  });

  it('still exits 3 when the default log exists but cannot be read (a folder in its place)', async () => {
    const home = tempDir();
    const file = path.join(home, '.local', 'state', 'rclass', 'audit.jsonl');
    mkdirSync(file, { recursive: true });
    const result = await runCli(['audit', 'verify'], { env: { HOME: home } });
    expect(result).toEqual({ code: 3, stdout: '', stderr: `rclass: cannot read the audit log \`${file}\`: EISDIR\n` });
  });

  it('reads the default log under XDG_STATE_HOME, then HOME', async () => {
    const home = tempDir();
    const file = path.join(home, '.local', 'state', 'rclass', 'audit.jsonl');
    await appendAudit(file, [record()]);
    expect((await runCli(['audit', 'verify'], { env: { HOME: home } })).stdout).toContain('ok: 1 line,');
    const xdg = tempDir();
    await appendAudit(path.join(xdg, 'rclass', 'audit.jsonl'), [record(), record()]);
    expect((await runCli(['audit', 'verify'], { env: { HOME: home, XDG_STATE_HOME: xdg } })).stdout).toContain('ok: 2 lines,');
  });
});
