/**
 * Published npm packages for the evidence check (SPEC 5.1, 5.2), fetched
 * with pacote: the version's manifest from the registry's packument, then
 * the archive, held to the record's pinned integrity (pacote fails with
 * `EINTEGRITY` when the archive's bytes differ) and extracted into a work
 * directory. Packuments and archives are cached in a private cache
 * directory, never the user's `~/.npm`. Each archive is fetched and
 * extracted once per run, however many citations name it.
 */
import { lstat, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';
import pacote from 'pacote';
import type { PublishedPackage } from '../../src/core/record.ts';
import { messageOf } from '../../src/core/errors.ts';
import { safeText } from '../../src/core/safe-text.ts';
import { packageKey } from './citations.ts';
import { type Fetched, IncompleteError } from './fetched.ts';

/** One archive, extracted: read a file by its path inside the package (without the archive's `package/` prefix). */
interface ExtractedPackage {
  kind: 'package';
  /**
   * What the package holds at a path.
   * @throws if the path would leave the package, or on read errors other than the file being absent
   */
  read(filePath: string): Promise<Fetched>;
}

/**
 * What the registry has for a pinned package: its extracted archive, or why
 * no file of it can be read: no such package (`E404`), no such version
 * (`ETARGET`), a published integrity other than the pinned one (`published`
 * is the registry's `dist.integrity`), or an archive whose bytes do not
 * match the integrity (`EINTEGRITY`).
 */
export type OpenedPackage =
  | ExtractedPackage
  | { kind: 'no-package' }
  | { kind: 'no-version' }
  | { kind: 'integrity'; published: string }
  | { kind: 'archive-integrity' };

/** How to reach the registry and where to keep what it sends. */
export interface NpmOptions {
  /** The registry's base URL, e.g. `https://registry.npmjs.org/`. */
  registry: string;
  /** The private cache directory for packuments and archives (`.cache/evidence/npm`). */
  cacheDir: string;
  /** An empty directory to extract archives into, one subdirectory each; the caller removes it. */
  workDir: string;
  /** Retries of a request that failed with a server error or no answer (0 for none). */
  retries: number;
}

/** Read access to the npm registry for the evidence check. */
export interface Npm {
  /**
   * The pinned package version, fetched and extracted on the first call for
   * it and the same answer on every later call.
   * @throws IncompleteError when the registry could not answer; once it is
   *   unreachable, rate-limits or refuses, every later call throws the same
   *   error without a request
   */
  open(pkg: PublishedPackage): Promise<OpenedPackage>;
}

/** Codes of errors that mean the registry cannot be reached at all. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ERR_SOCKET_TIMEOUT']);

/** Create an npm registry client. */
export function createNpm(options: NpmOptions): Npm {
  const opened = new Map<string, Promise<OpenedPackage>>();
  const settings = {
    registry: options.registry,
    cache: options.cacheDir,
    // pacote would put its signature-verification cache under ~/.npm; no signature is checked here, but nothing goes there either.
    tufCache: path.join(options.cacheDir, '_tuf'),
    // Shared by every call of this run, so each packument is requested once.
    packumentCache: new Map(),
    // The fetch library (make-fetch-happen) retries with this backoff on a server error, no answer, and also an
    // archive whose bytes fail the integrity check (about 14 s with 3 retries before pacote gives up with EINTEGRITY).
    retry: { retries: options.retries, factor: 2, minTimeout: 1000, maxTimeout: 10_000 },
    timeout: 60_000,
  };
  let stopped: IncompleteError | undefined;

  const fetchPackage = async (pkg: PublishedPackage, dir: string): Promise<OpenedPackage> => {
    if (stopped !== undefined) throw stopped;
    const spec = `${pkg.name}@${pkg.version}`;
    let published: string;
    let resolved: string;
    try {
      const manifest = await pacote.manifest(spec, settings);
      published = manifest._integrity;
      resolved = manifest._resolved;
    } catch (error) {
      const code = codeOf(error);
      if (code === 'ETARGET') return { kind: 'no-version' };
      if (code === 'E404') return { kind: 'no-package' };
      throw failure(error, spec);
    }
    if (published !== pkg.integrity) return { kind: 'integrity', published: oneLine(String(published)) };
    try {
      await pacote.extract(spec, dir, { ...settings, integrity: pkg.integrity, resolved });
    } catch (error) {
      if (codeOf(error) === 'EINTEGRITY') return { kind: 'archive-integrity' };
      throw failure(error, spec);
    }
    return { kind: 'package', read: (filePath) => readPackageFile(dir, filePath) };
  };

  /** Turn a failed request into an IncompleteError, and stop all further requests when the registry is out of reach. */
  const failure = (error: unknown, spec: string): IncompleteError => {
    if (error instanceof IncompleteError) return error;
    const code = codeOf(error);
    const status = (error as { statusCode?: unknown } | undefined)?.statusCode;
    const type = (error as { type?: unknown } | undefined)?.type;
    const message = oneLine(messageOf(error));
    let result: IncompleteError;
    if ((code !== undefined && UNREACHABLE.has(code)) || type === 'system' || type === 'request-timeout')
      result = new IncompleteError(`cannot reach ${options.registry}: ${message}`, true);
    else if (status === 429) result = new IncompleteError(`the npm registry ${options.registry} limits requests (429); try again later`, true);
    else if (status === 401 || status === 403) result = new IncompleteError(`the npm registry ${options.registry} refused ${spec} (${status})`, true);
    else result = new IncompleteError(`npm package ${spec} could not be read from ${options.registry}: ${message}`, false);
    if (result.abort) stopped ??= result;
    return result;
  };

  return {
    open(pkg) {
      const key = packageKey(pkg);
      let promise = opened.get(key);
      if (promise === undefined) {
        promise = fetchPackage(pkg, path.join(options.workDir, String(opened.size)));
        opened.set(key, promise);
      }
      return promise;
    },
  };
}

/** Text from the registry (an error message, a digest from its packument) as one safe line for the terminal. */
function oneLine(text: string): string {
  return safeText(text, { replacement: ' ', runs: true }).trim();
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * What an extracted package holds at a path. pacote leaves out the links an
 * archive may hold, so a path is a file, a directory or nothing.
 * @throws if the path would leave the package directory, or on read errors other than the file being absent
 */
async function readPackageFile(dir: string, filePath: string): Promise<Fetched> {
  const segments = filePath.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || segment.includes('\\')))
    throw new Error(`cannot read \`${filePath}\` in a package: unsafe path`);
  const target = path.join(dir, ...segments);
  let stats: Awaited<ReturnType<typeof lstat>>;
  try {
    stats = await lstat(target);
  } catch (error) {
    const code = codeOf(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    throw error;
  }
  if (stats.isFile()) return { kind: 'file', bytes: await readFile(target) };
  if (stats.isDirectory()) return { kind: 'not-file', type: 'dir' };
  if (stats.isSymbolicLink()) return { kind: 'not-file', type: 'symlink', target: await readlink(target) };
  return { kind: 'not-file', type: 'special file' };
}
