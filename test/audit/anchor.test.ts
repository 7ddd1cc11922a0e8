/**
 * `rclass audit verify --anchor` (SPEC 10.3): with the chain head written
 * to an anchor on every append, a log cut at the end and a chain rewritten
 * after an edit both fail (exit 1, saying which); a clean log passes. Heads
 * only move forward: a head appended with a lower `seq` fails too. A
 * decision that went to the pending folder leaves a pending mark in the
 * anchor, so deleting its file before it is chained in fails as well.
 */
import { appendFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryHash } from '../../src/audit/chain.ts';
import { appendAudit, type AuditRecord } from '../../src/audit/log.ts';
import { AnchorWriteError, readAnchorHeads } from '../../src/audit/anchor.ts';
import { withFileLock } from '../../src/node/lock.ts';
import { runCli, tempDir } from '../cli/harness.ts';
import { record } from './support/entries.ts';

/** A log of five lines appended with an anchor file, as the hook writes them. */
async function anchoredLog(): Promise<{ log: string; anchor: string }> {
  const dir = tempDir();
  const log = path.join(dir, 'audit.jsonl');
  const anchor = path.join(dir, 'safe', 'anchor.jsonl');
  for (let i = 1; i <= 5; i += 1) await appendAudit(log, [record({ tool_use_id: `toolu_${i}` })], { anchor: { file: anchor } });
  return { log, anchor };
}

function lines(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
}

const verify = (log: string, anchor: string) => runCli(['audit', 'verify', '--log', log, '--anchor', anchor], { env: { HOME: tempDir() } });

describe('rclass audit verify --anchor', () => {
  it('a clean anchored log verifies and names the anchored head', async () => {
    const { log, anchor } = await anchoredLog();
    expect(lines(anchor)).toHaveLength(5);
    const result = await verify(log, anchor);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`ok: 5 lines, the hash chain holds and reaches the anchor's last head, seq 5 (\`${log}\`)\n`);
  });

  it('regression: lines cut from the end are detected with an anchor (exit 1, truncated)', async () => {
    const { log, anchor } = await anchoredLog();
    writeFileSync(log, `${lines(log).slice(0, 3).join('\n')}\n`);
    expect((await runCli(['audit', 'verify', '--log', log], { env: { HOME: tempDir() } })).code).toBe(0);
    const result = await verify(log, anchor);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("the log ends at line 3 but the anchor's last head is seq 5: 2 lines were cut from the end");
  });

  it('regression: a whole chain rewritten after an edit is detected with an anchor (exit 1, rewritten)', async () => {
    const { log, anchor } = await anchoredLog();
    const entries = lines(log).map((line) => JSON.parse(line) as Record<string, unknown>);
    entries[1]!.decision = 'allow';
    let previous = '0'.repeat(64);
    const rewritten = entries.map((entry) => {
      const { hash: _hash, ...rest } = entry;
      const next: Record<string, unknown> = { ...rest, prev_hash: previous };
      const hash = entryHash(next);
      previous = hash;
      const ordered: Record<string, unknown> = {};
      for (const key of Object.keys(entry)) ordered[key] = key === 'hash' ? hash : key === 'prev_hash' ? next.prev_hash : next[key];
      return JSON.stringify(ordered);
    });
    writeFileSync(log, `${rewritten.join('\n')}\n`);
    expect((await runCli(['audit', 'verify', '--log', log], { env: { HOME: tempDir() } })).code).toBe(0);
    const result = await verify(log, anchor);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("line 2's hash is not the one the anchor recorded for seq 2: the chain was rewritten from line 2 or earlier");
  });

  it('lines after the last anchored head pass with a note that cutting them is not detected', async () => {
    const { log, anchor } = await anchoredLog();
    await appendAudit(log, [record({ tool_use_id: 'toolu_6' })]);
    const result = await verify(log, anchor);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("the last 1 line came after the anchor's last head, so cutting it off would not be detected");
  });

  it('reads heads out of syslog lines, and an anchor with no head fails', async () => {
    const { log, anchor } = await anchoredLog();
    const syslog = path.join(tempDir(), 'syslog');
    writeFileSync(
      syslog,
      `${lines(anchor)
        .map((line) => `Dec  1 16:00:00 host rclass: ${line}`)
        .join('\n')}\nDec  1 16:00:01 host other: hello\n`,
    );
    expect(await readAnchorHeads(syslog)).toMatchObject({ ignored: 1 });
    expect((await verify(log, syslog)).code).toBe(0);
    const empty = path.join(tempDir(), 'empty');
    writeFileSync(empty, '');
    const result = await verify(log, empty);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the anchor holds no chain head');
  });

  it('regression (issue 23): a log cut back to one line verifies no more after one head with a lower seq is appended to the anchor', async () => {
    const { log, anchor } = await anchoredLog();
    const [first] = lines(log);
    writeFileSync(log, `${first}\n`);
    expect((await verify(log, anchor)).code).toBe(1);
    // Before: this head started a "new run", the earlier five were dropped, and the one-line log verified (exit 0).
    appendFileSync(anchor, `${JSON.stringify({ seq: 1, hash: (JSON.parse(first!) as { hash: string }).hash })}\n`);
    const result = await verify(log, anchor);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("the anchor's heads go back: line 6 holds seq 1 after a head with seq 5; heads only move forward");
  });

  it('regression (issue 23): a lower head forged into a syslog anchor (any local user can run logger -t rclass) fails, never passes', async () => {
    const { log, anchor } = await anchoredLog();
    const [first] = lines(log);
    writeFileSync(log, `${first}\n`);
    const syslog = path.join(tempDir(), 'syslog');
    const forged = JSON.stringify({ seq: 1, hash: (JSON.parse(first!) as { hash: string }).hash });
    writeFileSync(syslog, `${[...lines(anchor), forged].map((line) => `Dec  1 16:00:00 host rclass: ${line}`).join('\n')}\n`);
    const result = await verify(log, syslog);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("the anchor's heads go back: line 6 holds seq 1 after a head with seq 5");
  });

  it('a new log over the same anchor fails, and verifies against a new anchor of its own', async () => {
    const { log, anchor } = await anchoredLog();
    writeFileSync(log, '');
    await appendAudit(log, [record({ tool_use_id: 'fresh' })], { anchor: { file: anchor } });
    const result = await verify(log, anchor);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('a new log was started over the same anchor (start a new anchor with a new log, SPEC 10.3)');
    const fresh = path.join(tempDir(), 'new-anchor.jsonl');
    await appendAudit(log, [record({ tool_use_id: 'next' })], { anchor: { file: fresh } });
    expect((await verify(log, fresh)).code).toBe(0);
  });

  it('an exact repeat of the last head lowers nothing and still verifies', async () => {
    const { log, anchor } = await anchoredLog();
    appendFileSync(anchor, `${lines(anchor).at(-1)}\n`);
    const result = await verify(log, anchor);
    expect(result.code).toBe(0);
    expect(await readAnchorHeads(anchor)).toMatchObject({ heads: { length: 5 } });
  });

  describe('pending marks (issue 23, item 5)', () => {
    /** An anchored log of five lines, then one decision written to the pending folder while another process holds the lock. */
    async function withPending(): Promise<{ log: string; anchor: string }> {
      const { log, anchor } = await anchoredLog();
      let release: () => void = () => undefined;
      const held = withFileLock(log, Date.now() + 5000, () => new Promise<void>((resolve) => (release = resolve)));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await expect(appendAudit(log, [record({ tool_use_id: 'waiting' })], { deadline: Date.now() + 200, anchor: { file: anchor } })).rejects.toThrow(
        AnchorWriteError,
      );
      release();
      await held;
      return { log, anchor };
    }

    it('a decision written to the pending folder leaves a pending mark in the anchor', async () => {
      const { anchor } = await withPending();
      expect(lines(anchor).at(-1)).toMatch(/^\{"pending":"[0-9a-f]{64}"\}$/);
      expect((await readAnchorHeads(anchor)).pending).toHaveLength(1);
    });

    it('regression (issue 23): a pending file deleted before it is chained in fails verify --anchor (exit 1), where it passed before', async () => {
      const { log, anchor } = await withPending();
      for (const name of readdirSync(`${log}.pending`)) rmSync(path.join(`${log}.pending`, name));
      const result = await verify(log, anchor);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('1 decision the anchor recorded as waiting in the pending folder is neither in the log nor in');
      expect(result.stderr).toContain('its pending file was deleted before being chained in');
    });

    it('a pending decision that still waits verifies, with the note that it waits', async () => {
      const { log, anchor } = await withPending();
      const result = await verify(log, anchor);
      expect(result.code).toBe(0);
      expect(result.stderr).toContain(`1 decision waits in \`${log}.pending/\``);
    });

    it('a pending decision chained in by the next append verifies', async () => {
      const { log, anchor } = await withPending();
      await appendAudit(log, [record({ tool_use_id: 'next' })], { anchor: { file: anchor } });
      expect(readdirSync(`${log}.pending`)).toEqual([]);
      const result = await verify(log, anchor);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('ok: 7 lines');
    });

    it('regression (issue 23): a pending decision edited in its file before it is chained in fails, since its digest no longer matches the mark', async () => {
      const { log, anchor } = await withPending();
      const [name] = readdirSync(`${log}.pending`);
      const file = path.join(`${log}.pending`, name!);
      writeFileSync(file, readFileSync(file, 'utf8').replace('"waiting"', '"changed"'));
      await appendAudit(log, [record({ tool_use_id: 'next' })], { anchor: { file: anchor } });
      const result = await verify(log, anchor);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('neither in the log nor in');
    });

    it('with no log left, a pending mark whose file is gone fails instead of reading as "nothing logged yet"', async () => {
      const { log, anchor } = await withPending();
      rmSync(log);
      rmSync(`${log}.pending`, { recursive: true });
      writeFileSync(anchor, `${lines(anchor).at(-1)}\n`);
      const result = await verify(log, anchor);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('is not there');
    });
  });

  describe('the line of a decision no anchored head covers (brief agents3, item 5)', () => {
    /** What the hook does with a decision it asks about instead: the line says ask, and why. */
    const asked = (entry: AuditRecord, why: string): AuditRecord => ({ ...entry, decision: 'ask', detail: `asked: ${why}` });

    it('regression: when the anchor cannot be written, the line says what unanchored makes it (ask), not the decision it would have been (none)', async () => {
      const { log, anchor } = await anchoredLog();
      const blocked = path.join(path.dirname(anchor), 'anchor.jsonl', 'not-a-folder');
      await expect(
        appendAudit(log, [record({ tool_use_id: 'toolu_6', decision: 'none' })], { anchor: { file: blocked }, unanchored: (entry, why) => asked(entry, why) }),
      ).rejects.toThrow(AnchorWriteError);
      const last = JSON.parse(lines(log).at(-1)!) as Record<string, unknown>;
      expect(last).toMatchObject({ seq: 6, tool_use_id: 'toolu_6', decision: 'ask' });
      expect(String(last.detail)).toMatch(/^asked: the anchor file could not be written: E/);
      // The good anchor's heads still match the chain; the sixth line is past its last head, as before.
      const result = await verify(log, anchor);
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('1 line');
    });

    it('regression: a decision that goes to the pending folder (lock not taken) is written as unanchored makes it, and its pending mark is of that line', async () => {
      const { log, anchor } = await anchoredLog();
      let release: () => void = () => undefined;
      const held = withFileLock(log, Date.now() + 5000, () => new Promise<void>((resolve) => (release = resolve)));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await expect(
        appendAudit(log, [record({ tool_use_id: 'waiting', decision: 'none' })], {
          deadline: Date.now() + 200,
          anchor: { file: anchor },
          unanchored: (entry, why) => asked(entry, why),
        }),
      ).rejects.toThrow(AnchorWriteError);
      release();
      await held;
      const [name] = readdirSync(`${log}.pending`);
      const [waiting] = JSON.parse(readFileSync(path.join(`${log}.pending`, name!), 'utf8')) as Array<Record<string, unknown>>;
      expect(waiting).toMatchObject({ tool_use_id: 'waiting', decision: 'ask' });
      expect(String(waiting!.detail)).toContain('where no anchored head covers it yet');
      await appendAudit(log, [record({ tool_use_id: 'next' })], { anchor: { file: anchor } });
      expect(JSON.parse(lines(log)[5]!)).toMatchObject({ tool_use_id: 'waiting', decision: 'ask' });
      expect((await verify(log, anchor)).code).toBe(0);
    });

    it('a head that is written leaves the line as the caller gave it', async () => {
      const { log, anchor } = await anchoredLog();
      await appendAudit(log, [record({ tool_use_id: 'toolu_6', decision: 'none' })], {
        anchor: { file: anchor },
        unanchored: (entry, why) => asked(entry, why),
      });
      expect(JSON.parse(lines(log).at(-1)!)).toMatchObject({ decision: 'none' });
      expect(JSON.parse(lines(log).at(-1)!).detail).toBeUndefined();
      expect((await verify(log, anchor)).code).toBe(0);
    });
  });
});
