/**
 * The on-disk cache of files fetched for the online evidence check:
 * `<dir>/<owner>/<repo>/<commit>/<path>`, holding the file's bytes as
 * fetched. A commit's content never changes, so entries never expire; only
 * files that exist are cached.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileRef } from './citations.ts';

/**
 * Where a file at a commit is cached.
 * @throws if the reference would leave the cache directory (an owner, repo,
 *   commit or path segment that is empty, `.` or `..`)
 */
export function cachePath(dir: string, ref: FileRef): string {
  const segments = [ref.owner, ref.repo, ref.commit, ...ref.path.split('/')];
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || segment.includes('\\'))) {
    throw new Error(`cannot cache ${ref.owner}/${ref.repo}@${ref.commit}:${ref.path}: unsafe path`);
  }
  return path.join(dir, ...segments);
}

/**
 * Read a cached file.
 * @returns its bytes, or undefined when it is not cached
 * @throws on read errors other than the file being absent
 */
export async function readCached(dir: string, ref: FileRef): Promise<Buffer | undefined> {
  try {
    return await readFile(cachePath(dir, ref));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/**
 * Cache a file's bytes. The file is written under a temporary name and
 * renamed, so a concurrent reader never sees half a file.
 * @throws on write errors
 */
export async function writeCached(dir: string, ref: FileRef, bytes: Buffer): Promise<void> {
  const target = cachePath(dir, ref);
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, target);
}
