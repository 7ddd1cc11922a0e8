/**
 * BR-25: concurrent writers must not fork the chain. One lock spans
 * reading the last line, appending and flushing, across processes.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AnchorWriteError } from '../../src/audit/anchor.ts';
import { GENESIS_HASH } from '../../src/audit/chain.ts';
import { appendAudit } from '../../src/audit/log.ts';
import { verifyAuditFile } from '../../src/audit/verify.ts';
import { ROOT, tempDir } from '../cli/harness.ts';
import { scriptBundle } from '../script-bundle.ts';
import { record } from './support/entries.ts';

/** The appender child, bundled once for this file (test/script-bundle.ts): a tsx start compiled the audit modules again in each of the 12 children. */
async function appendInChild(file: string, count: number, name: string, anchor?: string): Promise<number> {
  const appender = await scriptBundle('test/audit/support/appender.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [appender, file, String(count), name, ...(anchor !== undefined ? [anchor] : [])], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(code) : reject(new Error(`appender ${name} exited ${code}: ${stderr}`))));
  });
}

/** The BR-25 checks on a finished log. */
async function expectLinear(file: string, total: number): Promise<void> {
  const text = readFileSync(file, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  const lines = text.split('\n').slice(0, -1);
  expect(lines).toHaveLength(total);
  const entries = lines.map((line) => JSON.parse(line) as { seq: number; prev_hash: string; hash: string });
  expect(entries.map((entry) => entry.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
  expect(entries[0]!.prev_hash).toBe(GENESIS_HASH);
  for (let i = 1; i < total; i += 1) expect(entries[i]!.prev_hash).toBe(entries[i - 1]!.hash);
  expect(new Set(entries.map((entry) => entry.prev_hash)).size).toBe(total);
  expect(await verifyAuditFile(file)).toEqual({ ok: true, lines: total });
}

describe('BR-25: concurrent appends', () => {
  it('8 processes × 25 appends give 200 linear lines that verify', async () => {
    const file = path.join(tempDir(), 'audit.jsonl');
    await Promise.all(Array.from({ length: 8 }, (_, i) => appendInChild(file, 25, `writer-${i}`)));
    await expectLinear(file, 200);
    const perWriter = new Map<string, number>();
    for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
      const session = (JSON.parse(line) as { session: string }).session;
      perWriter.set(session, (perWriter.get(session) ?? 0) + 1);
    }
    expect([...perWriter.values()]).toEqual(Array(8).fill(25));
  }, 120_000);

  it("the anchor file written by 4 processes × 10 appends ends at the log's last head, in order", async () => {
    const dir = tempDir();
    const file = path.join(dir, 'audit.jsonl');
    const anchor = path.join(dir, 'anchor.jsonl');
    await Promise.all(Array.from({ length: 4 }, (_, i) => appendInChild(file, 10, `writer-${i}`, anchor)));
    await expectLinear(file, 40);
    const log = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { seq: number; hash: string });
    const heads = readFileSync(anchor, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as unknown);
    expect(heads).toEqual(log.map((entry) => ({ seq: entry.seq, hash: entry.hash })));
    expect(heads.at(-1)).toEqual({ seq: 40, hash: log.at(-1)!.hash });
  }, 120_000);

  it('2 async writers in one process, 50 appends each, give 100 linear lines', async () => {
    const file = path.join(tempDir(), 'audit.jsonl');
    const writer = async (name: string) => {
      for (let i = 0; i < 50; i += 1) await appendAudit(file, [record({ session: name, tool_use_id: `${name}-${i}` })], { deadline: Date.now() + 30_000 });
    };
    await Promise.all([writer('a'), writer('b')]);
    await expectLinear(file, 100);
  }, 60_000);

  it('appends several records under one lock in order', async () => {
    const file = path.join(tempDir(), 'audit.jsonl');
    const written = await appendAudit(file, [record({ tool_use_id: '1' }), record({ tool_use_id: '2' }), record({ tool_use_id: '3' })]);
    expect(written.map((entry) => entry.seq)).toEqual([1, 2, 3]);
    await expectLinear(file, 3);
  });

  it('regression (issue 14): a writer that cannot take the lock before its deadline loses no line: the next append chains it in', async () => {
    const { withFileLock } = await import('../../src/node/lock.ts');
    const file = path.join(tempDir(), 'audit.jsonl');
    await appendAudit(file, [record({ tool_use_id: 'first' })]);
    let release: () => void = () => undefined;
    const held = withFileLock(file, Date.now() + 5000, () => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Before: LockTimeoutError, and the decision's line was never written.
    await expect(appendAudit(file, [record({ tool_use_id: 'late-1' }), record({ tool_use_id: 'late-2' })], { deadline: Date.now() + 200 })).resolves.toEqual(
      [],
    );
    expect(readdirSync(`${file}.pending`)).toHaveLength(1);
    release();
    await held;
    const next = await appendAudit(file, [record({ tool_use_id: 'next' })]);
    expect(next.map((entry) => [entry.seq, entry.tool_use_id])).toEqual([
      [2, 'late-1'],
      [3, 'late-2'],
      [4, 'next'],
    ]);
    expect(readdirSync(`${file}.pending`)).toEqual([]);
    await expectLinear(file, 4);
    expect(await verifyAuditFile(file)).toMatchObject({ ok: true });
  });

  it('regression (issue 23): with an anchor, a writer that cannot take the lock still writes its pending file, then throws AnchorWriteError, as no head covers the file', async () => {
    const { withFileLock } = await import('../../src/node/lock.ts');
    const dir = tempDir();
    const file = path.join(dir, 'audit.jsonl');
    const anchor = path.join(dir, 'anchor.jsonl');
    await appendAudit(file, [record({ tool_use_id: 'first' })], { anchor: { file: anchor } });
    let release: () => void = () => undefined;
    const held = withFileLock(file, Date.now() + 5000, () => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Before: `[]`, as without an anchor, and the caller let the call run with its line unanchored.
    await expect(appendAudit(file, [record({ tool_use_id: 'late' })], { deadline: Date.now() + 200, anchor: { file: anchor } })).rejects.toThrow(
      AnchorWriteError,
    );
    expect(readdirSync(`${file}.pending`)).toHaveLength(1);
    // The head of the first append, then the pending mark of the decision that waits.
    expect(readFileSync(anchor, 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
    release();
    await held;
    const next = await appendAudit(file, [record({ tool_use_id: 'next' })], { anchor: { file: anchor } });
    expect(next.map((entry) => [entry.seq, entry.tool_use_id])).toEqual([
      [2, 'late'],
      [3, 'next'],
    ]);
    expect(readFileSync(anchor, 'utf8').split('\n').filter(Boolean).at(-1)).toBe(JSON.stringify({ seq: 3, hash: next.at(-1)!.hash }));
  });

  it('a damaged pending file is left alone and does not stop appends', async () => {
    const file = path.join(tempDir(), 'audit.jsonl');
    mkdirSync(`${file}.pending`);
    writeFileSync(path.join(`${file}.pending`, '000000000000001-1-x.json'), '[{"event":');
    await appendAudit(file, [record({ tool_use_id: 'a' })]);
    await expectLinear(file, 1);
    expect(readdirSync(`${file}.pending`)).toEqual(['000000000000001-1-x.json']);
  });
});
