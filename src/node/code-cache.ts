/**
 * Running a CommonJS bundle with V8's code cache kept on disk (issue 14):
 * the hook's bundle (`build/cli/hook.cjs`) is compiled through `vm.Script`
 * with the bytecode a previous run left (`cachedData`), so a hook process
 * neither parses the bundle nor compiles the functions a decision runs.
 * Node 20 has no `module.enableCompileCache` (Node >= 22.1), so this is
 * done by hand, the way Node's own CommonJS loader wraps a file.
 *
 * Safety: the cache only saves time and never decides anything.
 * - The cache file is named by a key of the Node version, the platform, the
 *   V8 options of this process (`execArgv`, `NODE_OPTIONS`) and the bundle's
 *   path, size, inode and modification and change times, so a rebuilt or
 *   edited bundle never meets the cache of another one (V8 checks only the
 *   source's length and whether it is a module: `SerializedCodeData::SourceHash`
 *   in Node's copy of V8, `deps/v8/src/snapshot/code-serializer.cc`).
 * - V8 verifies no checksum of a code cache in release builds
 *   (`--verify-snapshot-checksum` is off by default, `node --v8-options`),
 *   so the file carries the SHA-256 of its payload, checked before use: a
 *   cut or corrupted file is ignored (and rewritten).
 * - A cache V8 rejects (`script.cachedDataRejected`: another V8 version or
 *   flags) is ignored and rewritten; the bundle then compiles from source.
 * - It is written (by `save`, at exit) to a temporary file renamed over the old one
 *   (atomic on POSIX), mode 600 in a folder of mode 700; a write that fails
 *   only costs speed. A process that changed V8 flags while running (the
 *   SQL parser's WebAssembly options) writes none: its cache would carry
 *   other flags and be rejected by the next process.
 *
 * Coverage: the cache holds the functions compiled in the run that wrote
 * it (those it loaded from a cache included). The bundle names what each
 * run did (`noteCodePath` in `code-cache-notes.ts`: `PreToolUse:builtin`, `PreToolUse:mcp`, …); a run that
 * did something the cache does not cover rewrites it, so after a few calls
 * the cache covers every kind of decision. Node-only.
 */
import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { runNotes } from './code-cache-notes.ts';

/** The first bytes of a cache file; a file without them is not ours (or of an older layout). */
const MAGIC = Buffer.from('RCLSCC01');

/** Bytes of the SHA-256 of the payload, after {@link MAGIC}. */
const DIGEST_BYTES = 32;

/** Cache files are named `<prefix><key>.v8cache`; older ones of the same prefix are removed when a new one is written. */
const SUFFIX = '.v8cache';

/** What {@link runWithCodeCache} found and did, for tests and the benchmark. */
export interface CodeCacheStatus {
  /** `used`: V8 took the cache; `none`: there was none; `rejected`: V8 refused it; `corrupt`: its digest or layout was wrong. */
  cache: 'used' | 'none' | 'rejected' | 'corrupt';
  /** The cache file for this bundle and process, or undefined without a cache folder. */
  file: string | undefined;
  /** The kinds of work the cache covers (empty unless it was used). */
  covered: string[];
}

/** Options for {@link runWithCodeCache}. */
export interface CodeCacheOptions {
  /** The CommonJS bundle (absolute). */
  bundle: string;
  /** The folder for cache files (absolute), or undefined to run without a cache. */
  cacheDir: string | undefined;
  /** Names this bundle's cache files, e.g. `hook-`. */
  prefix: string;
  /** The environment whose `NODE_OPTIONS` is part of the key. */
  env: Readonly<Record<string, string | undefined>>;
}

function keyOf(bundle: string, fd: number, env: Readonly<Record<string, string | undefined>>): string {
  const s = fstatSync(fd, { bigint: true });
  const parts = [
    process.version,
    process.platform,
    process.arch,
    process.execArgv.join('\0'),
    env.NODE_OPTIONS ?? '',
    bundle,
    String(s.size),
    String(s.ino),
    String(s.mtimeNs),
    String(s.ctimeNs),
  ];
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32);
}

/** The payload and covered paths of a cache file, or why it is unusable. */
function readCache(file: string): { payload: Buffer; covered: string[] } | 'none' | 'corrupt' {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch {
    return 'none';
  }
  const head = MAGIC.length + DIGEST_BYTES + 4;
  if (data.length < head || !data.subarray(0, MAGIC.length).equals(MAGIC)) return 'corrupt';
  const labelsLength = data.readUInt32LE(MAGIC.length + DIGEST_BYTES);
  if (head + labelsLength > data.length) return 'corrupt';
  const body = data.subarray(MAGIC.length + DIGEST_BYTES);
  const digest = createHash('sha256').update(body).digest();
  if (!digest.equals(data.subarray(MAGIC.length, MAGIC.length + DIGEST_BYTES))) return 'corrupt';
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
 * A cache file's bytes: {@link MAGIC}, the SHA-256 of the rest, the length
 * of the covered paths' JSON (4 bytes, little-endian), that JSON, and V8's
 * payload.
 * @param payload what `script.createCachedData()` returned
 * @param covered the kinds of work the payload covers
 */
export function encodeCodeCache(payload: Buffer, covered: readonly string[]): Buffer {
  const labels = Buffer.from(JSON.stringify([...covered].sort()), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(labels.length);
  const body = Buffer.concat([length, labels, payload]);
  return Buffer.concat([MAGIC, createHash('sha256').update(body).digest(), body]);
}

/**
 * Write a cache file atomically: a temporary file in the same folder, then
 * a rename. Removes older cache files of the same prefix. Never throws.
 */
function writeCache(file: string, prefix: string, payload: Buffer, covered: string[]): void {
  const dir = path.dirname(file);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(temp, encodeCodeCache(payload, covered), { mode: 0o600 });
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
 * cache in `cacheDir` when there is a usable one.
 * @returns the bundle's `module.exports`, what happened to the cache, and
 *   `save`, to call once the bundle's work is done (at exit): it (re)writes the
 *   cache if it was missing, rejected or corrupt, or does not cover what this
 *   process did, unless V8 flags changed; it never throws
 * @throws whatever reading or evaluating the bundle throws (the cache never causes a throw)
 */
export function runWithCodeCache(options: CodeCacheOptions): { exports: unknown; status: CodeCacheStatus; save: () => void } {
  const { bundle, cacheDir, prefix, env } = options;
  const fd = openSync(bundle, 'r');
  let source: string;
  let file: string | undefined;
  try {
    // The build writes the bundle in ASCII (esbuild `charset: 'ascii'`), which reads faster as Latin-1 than as
    // UTF-8; any other bytes are read as UTF-8, as Node's loader would.
    const bytes = readFileSync(fd);
    source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
    file = cacheDir === undefined ? undefined : path.join(cacheDir, `${prefix}${keyOf(bundle, fd, env)}${SUFFIX}`);
  } finally {
    closeSync(fd);
  }
  const found = file === undefined ? 'none' : readCache(file);
  const wrapper = `(function (exports, require, module, __filename, __dirname) { ${source}\n})`;
  const script = new vm.Script(wrapper, { filename: bundle, ...(typeof found === 'object' ? { cachedData: found.payload } : {}) });
  const cache: CodeCacheStatus['cache'] = typeof found === 'object' ? (script.cachedDataRejected === true ? 'rejected' : 'used') : found;
  const covered = cache === 'used' && typeof found === 'object' ? found.covered : [];
  const run = runNotes();
  const save = (): void => {
    if (file === undefined || run.flagsChanged) return;
    if (cache === 'used' && [...run.paths].every((label) => covered.includes(label))) return;
    try {
      writeCache(file, prefix, script.createCachedData(), [...new Set([...covered, ...run.paths])]);
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
  compiled.call(module.exports, module.exports, createRequire(bundle), module, bundle, path.dirname(bundle));
  return { exports: module.exports, status: { cache, file, covered }, save };
}
