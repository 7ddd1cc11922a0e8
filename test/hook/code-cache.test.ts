/**
 * The hook's code cache (src/node/code-cache.ts, issue 14): a bundle run
 * through it gives the same result whatever state the cache is in, and a
 * cache that is missing, corrupt, cut short, refused by V8 or made for
 * another bundle is ignored and rewritten, never used.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { encodeCodeCache, runWithCodeCache } from '../../src/node/code-cache.ts';
import { noteCodePath, noteFlagsChanged, runNotes } from '../../src/node/code-cache-notes.ts';
import { tempDir } from '../cli/harness.ts';

/** A CommonJS bundle with enough functions for V8 to cache, whose `answer(n)` is known. */
function writeBundle(dir: string, factor = 7): string {
  const file = path.join(dir, 'bundle.cjs');
  const helpers = Array.from({ length: 40 }, (_, i) => `function helper${i}(x) { return x + ${i}; }`).join('\n');
  writeFileSync(
    file,
    `${helpers}\nconst path = require('node:path');\nexports.answer = (n) => helper0(n * ${factor});\nexports.file = __filename;\nexports.base = path.basename(__dirname);\n`,
  );
  return file;
}

function run(bundle: string, cacheDir: string | undefined) {
  const result = runWithCodeCache({ bundle, cacheDir, prefix: 'test-', env: {} });
  const exports = result.exports as { answer(n: number): number; file: string; base: string };
  return { ...result, answer: exports.answer(6), exports };
}

function cacheFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.v8cache'));
  } catch {
    return [];
  }
}

describe('the hook code cache', () => {
  beforeEach(() => {
    runNotes().paths.clear();
    runNotes().flagsChanged = false;
  });

  it('runs the bundle as CommonJS, writes the cache once, then uses it with the same result', () => {
    const root = tempDir();
    const bundle = writeBundle(root);
    const cacheDir = path.join(root, 'cache');
    const first = run(bundle, cacheDir);
    expect(first.status.cache).toBe('none');
    expect(first.answer).toBe(42);
    expect(first.exports.file).toBe(bundle);
    expect(first.exports.base).toBe(path.basename(root));
    noteCodePath('PreToolUse:builtin');
    first.save();
    expect(cacheFiles(cacheDir)).toHaveLength(1);
    const second = run(bundle, cacheDir);
    expect(second.status).toMatchObject({ cache: 'used', covered: ['PreToolUse:builtin'] });
    expect(second.answer).toBe(42);
  });

  it('a corrupt cache file (one byte changed) is ignored, the bundle still runs, and the file is rewritten', () => {
    const root = tempDir();
    const bundle = writeBundle(root);
    const cacheDir = path.join(root, 'cache');
    run(bundle, cacheDir).save();
    const file = path.join(cacheDir, cacheFiles(cacheDir)[0]!);
    const bytes = readFileSync(file);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 10) ^ 0xff, bytes.length - 10);
    writeFileSync(file, bytes);
    const corrupt = run(bundle, cacheDir);
    expect(corrupt.status.cache).toBe('corrupt');
    expect(corrupt.answer).toBe(42);
    corrupt.save();
    expect(run(bundle, cacheDir).status.cache).toBe('used');
  });

  it('a cache file cut short, or not ours at all, is ignored', () => {
    const root = tempDir();
    const bundle = writeBundle(root);
    const cacheDir = path.join(root, 'cache');
    run(bundle, cacheDir).save();
    const file = path.join(cacheDir, cacheFiles(cacheDir)[0]!);
    writeFileSync(file, readFileSync(file).subarray(0, 50));
    expect(run(bundle, cacheDir)).toMatchObject({ status: { cache: 'corrupt' }, answer: 42 });
    writeFileSync(file, 'not a cache');
    expect(run(bundle, cacheDir)).toMatchObject({ status: { cache: 'corrupt' }, answer: 42 });
    writeFileSync(file, '');
    expect(run(bundle, cacheDir)).toMatchObject({ status: { cache: 'corrupt' }, answer: 42 });
  });

  it('a well-formed file whose payload is not V8 code cache data is ignored (V8 refuses it), and the result is right', () => {
    const root = tempDir();
    const bundle = writeBundle(root);
    const cacheDir = path.join(root, 'cache');
    const first = run(bundle, cacheDir);
    first.save();
    // A valid digest over bytes V8 cannot use. (A real cache of another script is refused only by a fresh
    // process: within one, V8 finds the script in its own compilation cache first; child.test.ts covers that.)
    writeFileSync(path.join(cacheDir, cacheFiles(cacheDir)[0]!), encodeCodeCache(Buffer.alloc(4096, 0x5a), []));
    const refused = run(bundle, cacheDir);
    expect(['rejected', 'used']).toContain(refused.status.cache);
    expect(refused.answer).toBe(42);
  });

  it('an edited bundle of the same length never meets the cache of the old one', () => {
    const root = tempDir();
    const bundle = writeBundle(root, 7);
    const cacheDir = path.join(root, 'cache');
    run(bundle, cacheDir).save();
    const before = readFileSync(bundle, 'utf8');
    const edited = before.replace('n * 7', 'n * 8');
    expect(edited.length).toBe(before.length);
    writeFileSync(bundle, edited);
    const after = run(bundle, cacheDir);
    expect(after.status.cache).toBe('none');
    expect(after.answer).toBe(48);
    after.save();
    // The old bundle's cache is removed when the new one is written.
    expect(cacheFiles(cacheDir)).toHaveLength(1);
  });

  it('a run that did something the cache does not cover rewrites it with both; a covered run leaves it', () => {
    const root = tempDir();
    const bundle = writeBundle(root);
    const cacheDir = path.join(root, 'cache');
    noteCodePath('PreToolUse:builtin');
    run(bundle, cacheDir).save();
    const file = path.join(cacheDir, cacheFiles(cacheDir)[0]!);
    const written = readFileSync(file);
    runNotes().paths.clear();
    noteCodePath('PreToolUse:builtin');
    run(bundle, cacheDir).save();
    expect(readFileSync(file).equals(written)).toBe(true);
    noteCodePath('PreToolUse:mcp');
    const third = run(bundle, cacheDir);
    third.save();
    expect(run(bundle, cacheDir).status.covered).toEqual(['PreToolUse:builtin', 'PreToolUse:mcp']);
  });

  it('a process whose V8 flags changed writes no cache; without a cache folder nothing is written', () => {
    const root = tempDir();
    const bundle = writeBundle(root);
    const cacheDir = path.join(root, 'cache');
    const flagged = run(bundle, cacheDir);
    noteFlagsChanged();
    flagged.save();
    expect(cacheFiles(cacheDir)).toEqual([]);
    runNotes().flagsChanged = false;
    const none = run(bundle, undefined);
    expect(none.status).toEqual({ cache: 'none', file: undefined, covered: [] });
    none.save();
    expect(readdirSync(root)).toEqual(['bundle.cjs']);
  });
});
