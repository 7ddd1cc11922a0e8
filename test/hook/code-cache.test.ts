/**
 * The hook's code cache (src/node/code-cache.ts, issues 14 and 23): a bundle
 * run through it gives the same result whatever state the cache is in, and a
 * cache that is missing, corrupt, cut short, refused by V8, made for another
 * bundle's content or more writable than the bundle is ignored and
 * rewritten, never used. The cache sits beside the bundle.
 */
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import vm from 'node:vm';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMMONJS_WRAPPER, encodeCodeCache, runWithCodeCache } from '../../src/node/code-cache.ts';
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

function run(bundle: string, cache = true) {
  const result = runWithCodeCache({ bundle, cache, prefix: 'test-', env: {} });
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
    const cacheDir = root;
    const first = run(bundle);
    expect(first.status.cache).toBe('none');
    expect(first.answer).toBe(42);
    expect(first.exports.file).toBe(bundle);
    expect(first.exports.base).toBe(path.basename(root));
    noteCodePath('PreToolUse:builtin');
    first.save();
    expect(cacheFiles(cacheDir)).toHaveLength(1);
    const second = run(bundle);
    expect(second.status).toMatchObject({ cache: 'used', covered: ['PreToolUse:builtin'] });
    expect(second.answer).toBe(42);
  });

  it('a corrupt cache file (one byte changed) is ignored, the bundle still runs, and the file is rewritten', () => {
    const root = tempDir();
    const bundle = writeBundle(root);
    const cacheDir = root;
    run(bundle).save();
    const file = path.join(cacheDir, cacheFiles(cacheDir)[0]!);
    const bytes = readFileSync(file);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 10) ^ 0xff, bytes.length - 10);
    writeFileSync(file, bytes);
    const corrupt = run(bundle);
    expect(corrupt.status.cache).toBe('corrupt');
    expect(corrupt.answer).toBe(42);
    corrupt.save();
    expect(run(bundle).status.cache).toBe('used');
  });

  it('a bundle written inside the CommonJS wrapper (as the hook bundle is built) is compiled as read, with the same result and cache', () => {
    const root = tempDir();
    const bundle = writeBundle(root);
    const [head, tail] = COMMONJS_WRAPPER;
    writeFileSync(bundle, `${head}${readFileSync(bundle, 'latin1')}${tail}`);
    const first = run(bundle);
    expect(first.status.cache).toBe('none');
    expect([first.answer, first.exports.file, first.exports.base]).toEqual([42, bundle, path.basename(root)]);
    first.save();
    expect(run(bundle)).toMatchObject({ status: { cache: 'used' }, answer: 42 });
  });

  it('a bundle that starts and ends like the wrapper but does not compile to the function throws, so the launcher blocks the call', () => {
    const root = tempDir();
    const bundle = writeBundle(root);
    const [head, tail] = COMMONJS_WRAPPER;
    writeFileSync(bundle, `${head}}); 42; ({${tail}`);
    expect(() => run(bundle)).toThrow(`${bundle} is not a CommonJS module: it does not compile to the function Node's loader would run`);
    expect(() => run(bundle, false)).toThrow('is not a CommonJS module');
  });

  it('a cache file cut short, or not ours at all, is ignored', () => {
    const root = tempDir();
    const bundle = writeBundle(root);
    const cacheDir = root;
    run(bundle).save();
    const file = path.join(cacheDir, cacheFiles(cacheDir)[0]!);
    writeFileSync(file, readFileSync(file).subarray(0, 50));
    expect(run(bundle)).toMatchObject({ status: { cache: 'corrupt' }, answer: 42 });
    writeFileSync(file, 'not a cache');
    expect(run(bundle)).toMatchObject({ status: { cache: 'corrupt' }, answer: 42 });
    writeFileSync(file, '');
    expect(run(bundle)).toMatchObject({ status: { cache: 'corrupt' }, answer: 42 });
  });

  it('a well-formed file whose payload is not V8 code cache data is ignored (V8 refuses it), and the result is right', () => {
    const root = tempDir();
    const bundle = writeBundle(root);
    const cacheDir = root;
    const first = run(bundle);
    first.save();
    // A valid digest over bytes V8 cannot use. (A real cache of another script is refused only by a fresh
    // process: within one, V8 finds the script in its own compilation cache first; child.test.ts covers that.)
    writeFileSync(
      path.join(cacheDir, cacheFiles(cacheDir)[0]!),
      encodeCodeCache(createHash('sha256').update(readFileSync(bundle)).digest(), Buffer.alloc(4096, 0x5a), []),
    );
    const refused = run(bundle);
    expect(['rejected', 'used']).toContain(refused.status.cache);
    expect(refused.answer).toBe(42);
  });

  it('an edited bundle of the same length never meets the cache of the old one', () => {
    const root = tempDir();
    const bundle = writeBundle(root, 7);
    const cacheDir = root;
    run(bundle).save();
    const before = readFileSync(bundle, 'utf8');
    const edited = before.replace('n * 7', 'n * 8');
    expect(edited.length).toBe(before.length);
    writeFileSync(bundle, edited);
    const after = run(bundle);
    expect(after.status.cache).toBe('stale');
    expect(after.answer).toBe(48);
    after.save();
    // The old bundle's cache is removed when the new one is written.
    expect(cacheFiles(cacheDir)).toHaveLength(1);
  });

  it('a run that did something the cache does not cover rewrites it with both; a covered run leaves it', () => {
    const root = tempDir();
    const bundle = writeBundle(root);
    const cacheDir = root;
    noteCodePath('PreToolUse:builtin');
    run(bundle).save();
    const file = path.join(cacheDir, cacheFiles(cacheDir)[0]!);
    const written = readFileSync(file);
    runNotes().paths.clear();
    noteCodePath('PreToolUse:builtin');
    run(bundle).save();
    expect(readFileSync(file).equals(written)).toBe(true);
    noteCodePath('PreToolUse:mcp');
    const third = run(bundle);
    third.save();
    expect(run(bundle).status.covered).toEqual(['PreToolUse:builtin', 'PreToolUse:mcp']);
  });

  it('a process whose V8 flags changed writes no cache; with the cache off (RCLASS_CODE_CACHE=0) nothing is written', () => {
    const root = tempDir();
    const bundle = writeBundle(root);
    const cacheDir = root;
    const flagged = run(bundle);
    noteFlagsChanged();
    flagged.save();
    expect(cacheFiles(cacheDir)).toEqual([]);
    runNotes().flagsChanged = false;
    const none = run(bundle, false);
    expect(none.status).toEqual({ cache: 'none', file: undefined, covered: [] });
    none.save();
    expect(readdirSync(root)).toEqual(['bundle.cjs']);
  });

  it('issue 23: a cache compiled from other source of the same length, in a file others can write, is never run', () => {
    const root = tempDir();
    const bundle = writeBundle(root);
    chmodSync(bundle, 0o644);
    const good = run(bundle);
    good.save();
    const file = good.status.file!;
    // The repro's plant (review turn 3, plant-cache.cjs): V8 checks only the source's length, so bytecode of another
    // source with the same length would run in place of the bundle's. Here it answers 666 instead of 42.
    const source = readFileSync(bundle, 'latin1');
    const evil = `exports.answer = () => 666; exports.file = __filename; exports.base = '';/*`;
    const wrapper = (text: string) => `(function (exports, require, module, __filename, __dirname) { ${text}\n})`;
    const padded = `${evil}${'x'.repeat(source.length - evil.length - 2)}*/`;
    expect(wrapper(padded).length).toBe(wrapper(source).length);
    const planted = new vm.Script(wrapper(padded), { filename: bundle });
    planted.runInThisContext();
    const digest = createHash('sha256').update(readFileSync(bundle)).digest();
    // A file more writable than the bundle (anyone may write it) is refused before V8 sees it, even with the right digests.
    writeFileSync(file, encodeCodeCache(digest, planted.createCachedData(), ['PreToolUse:mcp']));
    chmodSync(file, 0o666);
    const refused = run(bundle);
    expect(refused.status.cache).toBe('unsafe');
    expect(refused.answer).toBe(42);
    // The repro's own layout (no bundle digest) and a cache made for other content are refused too.
    writeFileSync(file, encodeCodeCache(createHash('sha256').update('other content').digest(), planted.createCachedData(), []));
    chmodSync(file, 0o644);
    expect(run(bundle)).toMatchObject({ status: { cache: 'stale' }, answer: 42 });
  });
});
