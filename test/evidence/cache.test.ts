/**
 * The evidence cache: `<dir>/<owner>/<repo>/<commit>/<path>`, bytes as
 * fetched, never expiring, and never written outside its directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cachePath, readCached, writeCached } from '../../scripts/evidence/cache.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'rclass-cache-test-'));
const ref = { owner: 'modelcontextprotocol', repo: 'servers', commit: '76d64c822f5125032f89eb71dbdb94e42b434821', path: 'src/time/server.py' };

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('evidence cache', () => {
  it('places a file under owner/repo/commit/path', () => {
    expect(path.relative(dir, cachePath(dir, ref)).split(path.sep)).toEqual(['modelcontextprotocol', 'servers', ref.commit, 'src', 'time', 'server.py']);
  });

  it('reads back the bytes it wrote, and nothing for a file never written', async () => {
    await writeCached(dir, ref, Buffer.from('line 1\nline 2\n'));
    expect((await readCached(dir, ref))?.toString('utf8')).toBe('line 1\nline 2\n');
    expect(await readCached(dir, { ...ref, path: 'src/time/other.py' })).toBeUndefined();
  });

  it('refuses a path that would leave the cache directory', () => {
    expect(() => cachePath(dir, { ...ref, path: '../../escape.txt' })).toThrow('unsafe path');
    expect(() => cachePath(dir, { ...ref, owner: '..' })).toThrow('unsafe path');
    expect(() => cachePath(dir, { ...ref, path: 'a//b' })).toThrow('unsafe path');
  });
});
