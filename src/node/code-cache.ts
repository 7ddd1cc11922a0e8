/**
 * Running a CommonJS bundle with V8's code cache kept beside it (issue 14,
 * issue 23 item 2): the hook's bundle (`build/cli/hook.cjs`) is compiled
 * through `vm.Script` with the bytecode a previous run left (`cachedData`),
 * so a hook process neither parses the bundle nor compiles the functions a
 * decision runs. Node 20 has no `module.enableCompileCache` (Node >= 22.1),
 * so this is done by hand, the way Node's own CommonJS loader wraps a file.
 *
 * The cache decides what code runs: V8 checks only the source's length and
 * flags (`SerializedCodeData::SourceHash` in Node's copy of V8,
 * `deps/v8/src/snapshot/code-serializer.cc`), so bytecode compiled from
 * other source of the same length runs as if it were the bundle, and
 * corrupted bytecode crashes the process. So the cache must never be more
 * writable than the bundle:
 * - It lives in the bundle's own folder (`build/cli/`), where the build
 *   (`npm run build`, `npm pack`) writes it (`scripts/steps/hook-cache.ts`)
 *   and where a hook process may rewrite it only if it can write that
 *   folder, that is if it could rewrite the bundle too. Never in the
 *   user's state folder, which the agent writes through a shell command.
 * - A cache file is used only if it has the bundle's owner and no write
 *   permission the bundle lacks (POSIX; a 0666 file in a 0755 folder is
 *   ignored), and if it was made for this bundle's content: it carries the
 *   SHA-256 of the bundle's bytes, checked against the bytes read (not only
 *   size or times), and the SHA-256 of its own payload, which catches a cut
 *   or damaged file.
 * - The file is named by a key of the Node version, the platform and the V8
 *   options of this process (`execArgv`, `NODE_OPTIONS`); a cache V8 rejects
 *   (`script.cachedDataRejected`: another V8 version or flags) is ignored.
 * - It is written (by `save`, at exit) to a temporary file renamed over the
 *   old one (atomic on POSIX), with the bundle's own permission bits; a
 *   write that fails only costs speed. A process that changed V8 flags while
 *   running (the SQL parser's WebAssembly options) writes none: its cache
 *   would carry other flags and be rejected by the next process.
 *
 * Coverage: the cache holds the functions compiled in the run that wrote
 * it (those it loaded from a cache included). The bundle names what each
 * run did (`noteCodePath` in `code-cache-notes.ts`: `PreToolUse:builtin`, `PreToolUse:mcp`, …); a run that
 * did something the cache does not cover rewrites it where it may, so the
 * build's warm-up runs leave a cache that covers every kind of decision.
 * Node-only.
 */
import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, renameSync, rmSync, type Stats, writeFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { runNotes } from './code-cache-notes.ts';

/** The first bytes of a cache file; a file without them is not ours (or of an older layout: `RCLSCC01` had no bundle digest). */
const MAGIC = Buffer.from('RCLSCC02');

/** Bytes of a SHA-256. */
const DIGEST_BYTES = 32;

/**
 * The function a CommonJS file's text is wrapped in, as Node's loader wraps it: the start, and the end. A bundle
 * built with them already around its text (the hook's, `scripts/steps/cli-bundle.ts`) is compiled as it is read;
 * joining them to a 0.5 MB text made V8 copy it into one string before compiling (about 0.8 ms of a hook process).
 */
export const COMMONJS_WRAPPER = ['(function (exports, require, module, __filename, __dirname) { ', '\n})'] as const;

/** Cache files are named `<prefix><key>.v8cache`; older ones of the same prefix are removed when a new one is written. */
const SUFFIX = '.v8cache';

/** What {@link runWithCodeCache} found and did, for tests and the benchmark. */
export interface CodeCacheStatus {
  /**
   * `used`: V8 took the cache; `none`: there was none; `rejected`: V8 refused it; `corrupt`: its digest or layout
   * was wrong; `stale`: it was made for other bundle content; `unsafe`: it is more writable than the bundle.
   */
  cache: 'used' | 'none' | 'rejected' | 'corrupt' | 'stale' | 'unsafe';
  /** The cache file for this bundle and process, or undefined without a cache. */
  file: string | undefined;
  /** The kinds of work the cache covers (empty unless it was used). */
  covered: string[];
}

/** Options for {@link runWithCodeCache}. */
export interface CodeCacheOptions {
  /** The CommonJS bundle (absolute); its cache files sit in its folder. */
  bundle: string;
  /** False to run without a cache (`RCLASS_CODE_CACHE=0`). */
  cache: boolean;
  /** Names this bundle's cache files, e.g. `hook-`. */
  prefix: string;
  /** The environment whose `NODE_OPTIONS` is part of the key. */
  env: Readonly<Record<string, string | undefined>>;
  /**
   * The bundle's `require`: one that resolves from the bundle's folder, as the launcher's own does when it sits
   * beside the bundle (loading `node:module` for `createRequire` was about 0.3 ms of a hook process). Default:
   * `createRequire(bundle)`.
   */
  require?: NodeJS.Require;
}

/** The cache file's key: what V8 needs to be the same for a cache to be accepted (the bundle's content is checked inside the file). */
function keyOf(env: Readonly<Record<string, string | undefined>>): string {
  const parts = [process.version, process.platform, process.arch, process.execArgv.join('\0'), env.NODE_OPTIONS ?? ''];
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32);
}

/**
 * Whether a cache file is no more writable than the bundle: the same owner,
 * and no write permission for group or others that the bundle lacks. POSIX
 * permission bits only; on Windows (no owner ids in `fs.Stats`) the folder's
 * ACL, shared with the bundle, is what protects both.
 */
function noMoreWritable(cache: Stats, bundle: Stats): boolean {
  if (process.platform === 'win32') return true;
  return cache.uid === bundle.uid && (cache.mode & 0o022 & ~bundle.mode) === 0 && cache.isFile();
}

/** The payload and covered paths of a cache file, or why it is unusable. */
function readCache(file: string, bundleStats: Stats, bundleDigest: Buffer): { payload: Buffer; covered: string[] } | 'none' | 'corrupt' | 'stale' | 'unsafe' {
  let data: Buffer;
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return 'none';
  }
  try {
    if (!noMoreWritable(fstatSync(fd), bundleStats)) return 'unsafe';
    data = readFileSync(fd);
  } catch {
    return 'none';
  } finally {
    closeSync(fd);
  }
  const head = MAGIC.length + 2 * DIGEST_BYTES + 4;
  if (data.length < head || !data.subarray(0, MAGIC.length).equals(MAGIC)) return 'corrupt';
  const body = data.subarray(MAGIC.length + DIGEST_BYTES);
  if (
    !createHash('sha256')
      .update(body)
      .digest()
      .equals(data.subarray(MAGIC.length, MAGIC.length + DIGEST_BYTES))
  )
    return 'corrupt';
  if (!body.subarray(0, DIGEST_BYTES).equals(bundleDigest)) return 'stale';
  const labelsLength = body.readUInt32LE(DIGEST_BYTES);
  if (head + labelsLength > data.length) return 'corrupt';
  let covered: string[];
  try {
    const parsed: unknown = JSON.parse(data.subarray(head, head + labelsLength).toString('utf8'));
    if (!Array.isArray(parsed) || !parsed.every((label) => typeof label === 'string')) return 'corrupt';
    covered = parsed;
  } catch {
    return 'corrupt';
  }
  const payload = data.subarray(head + labelsLength);
  return payload.length === 0 ? 'corrupt' : { payload, covered };
}

/**
 * A cache file's bytes: {@link MAGIC}, the SHA-256 of the rest, the
 * SHA-256 of the bundle's bytes it was made from, the length of the covered
 * paths' JSON (4 bytes, little-endian), that JSON, and V8's payload.
 * @param bundleDigest the SHA-256 of the bundle's bytes (32 bytes)
 * @param payload what `script.createCachedData()` returned
 * @param covered the kinds of work the payload covers
 */
export function encodeCodeCache(bundleDigest: Buffer, payload: Buffer, covered: readonly string[]): Buffer {
  const labels = Buffer.from(JSON.stringify([...covered].sort()), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(labels.length);
  const body = Buffer.concat([bundleDigest, length, labels, payload]);
  return Buffer.concat([MAGIC, createHash('sha256').update(body).digest(), body]);
}

/**
 * Write a cache file atomically: a temporary file in the same folder, then
 * a rename, with the bundle's permission bits. Removes older cache files of
 * the same prefix. Never throws.
 */
function writeCache(file: string, prefix: string, bytes: Buffer, mode: number): void {
  const dir = path.dirname(file);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, bytes, { mode: mode & 0o666, flag: 'wx' });
    renameSync(temp, file);
    for (const name of readdirSync(dir)) {
      if (name.startsWith(prefix) && name !== path.basename(file) && (name.endsWith(SUFFIX) || name.endsWith('.tmp')))
        rmSync(path.join(dir, name), { force: true });
    }
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // Nothing more to do: a missing cache only costs speed.
    }
  }
}

/**
 * Load a CommonJS bundle as Node's loader would (its own `require`,
 * `module`, `exports`, `__filename`, `__dirname`), compiled with the code
 * cache beside it when there is a usable one.
 * @returns the bundle's `module.exports`, what happened to the cache, and
 *   `save`, to call once the bundle's work is done (at exit): it (re)writes the
 *   cache if it was missing, rejected, corrupt, stale or unsafe, or does not cover
 *   what this process did, unless V8 flags changed; it never throws (a folder
 *   it cannot write only costs speed)
 * @throws whatever reading or evaluating the bundle throws (the cache never causes a throw), and Error when a
 *   bundle written inside the wrapper does not compile to a function
 */
export function runWithCodeCache(options: CodeCacheOptions): { exports: unknown; status: CodeCacheStatus; save: () => void } {
  const { bundle, prefix, env } = options;
  const fd = openSync(bundle, 'r');
  let bytes: Buffer;
  let stats: Stats;
  try {
    bytes = readFileSync(fd);
    stats = fstatSync(fd);
  } finally {
    closeSync(fd);
  }
  // The build writes the bundle in ASCII (esbuild `charset: 'ascii'`), which reads faster as Latin-1 than as
  // UTF-8; any other bytes are read as UTF-8, as Node's loader would.
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const file = options.cache ? path.join(path.dirname(bundle), `${prefix}${keyOf(env)}${SUFFIX}`) : undefined;
  const digest = file === undefined ? undefined : createHash('sha256').update(bytes).digest();
  const found = file === undefined || digest === undefined ? 'none' : readCache(file, stats, digest);
  const [head, tail] = COMMONJS_WRAPPER;
  const wrapper = source.startsWith(head) && source.endsWith(tail) ? source : `${head}${source}${tail}`;
  const script = new vm.Script(wrapper, { filename: bundle, ...(typeof found === 'object' ? { cachedData: found.payload } : {}) });
  const cache: CodeCacheStatus['cache'] = typeof found === 'object' ? (script.cachedDataRejected === true ? 'rejected' : 'used') : found;
  const covered = cache === 'used' && typeof found === 'object' ? found.covered : [];
  const run = runNotes();
  const save = (): void => {
    if (file === undefined || digest === undefined || run.flagsChanged) return;
    if (cache === 'used' && [...run.paths].every((label) => covered.includes(label))) return;
    try {
      writeCache(file, prefix, encodeCodeCache(digest, script.createCachedData(), [...new Set([...covered, ...run.paths])]), stats.mode);
    } catch {
      // A cache that cannot be made only costs speed.
    }
  };
  const module = { exports: {} as unknown };
  const compiled = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: { exports: unknown },
    filename: string,
    dirname: string,
  ) => void;
  // A text that starts and ends like the wrapper is compiled as it is, so it need not evaluate to the function.
  if (typeof compiled !== 'function') throw new Error(`${bundle} is not a CommonJS module: it does not compile to the function Node's loader would run`);
  const bundleRequire = options.require ?? process.getBuiltinModule('node:module').createRequire(bundle);
  compiled.call(module.exports, module.exports, bundleRequire, module, bundle, path.dirname(bundle));
  return { exports: module.exports, status: { cache, file, covered }, save };
}
