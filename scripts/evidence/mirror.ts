/**
 * Files at a commit read from local git mirrors instead of GitHub's API
 * (`RCLASS_GITHUB_MIRRORS`, see run.ts): a folder holding one bare git
 * directory per repository, at `<folder>/<owner>+<repo>/repo` or
 * `<folder>/<owner>+<repo>` (owner and name matched without regard to case,
 * as GitHub matches them). Read with the `git` command: `git ls-tree` for
 * what a path is at a commit, `git cat-file` for its bytes and for whether a
 * commit exists. A repository without a mirror, or a mirror without the
 * commit, is asked of `fallback` (GitHub's API), since a mirror that lacks a
 * commit does not show the commit does not exist.
 */
import { execFile } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FileRef } from './citations.ts';
import type { Fetched } from './fetched.ts';
import type { GitHub } from './github.ts';

const run = promisify(execFile);

/** Largest file read from a mirror, in bytes (git's output is buffered). */
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * Wrap a GitHub client so that repositories found in a folder of mirrors are read locally.
 * @param folder the folder of mirrors
 * @param fallback where a repository or commit the mirrors lack is read
 */
export function createMirrorGitHub(folder: string, fallback: GitHub): GitHub {
  const gitDirs = new Map<string, Promise<string | undefined>>();

  const gitDirOf = (owner: string, repo: string): Promise<string | undefined> => {
    const key = `${owner}/${repo}`.toLowerCase();
    let found = gitDirs.get(key);
    if (found === undefined) {
      found = findGitDir(folder, owner, repo);
      gitDirs.set(key, found);
    }
    return found;
  };

  /** The mirror holding the commit, or undefined when none does. */
  const mirrorWith = async (ref: Pick<FileRef, 'owner' | 'repo' | 'commit'>): Promise<string | undefined> => {
    if (!/^[0-9a-f]{40}$/.test(ref.commit)) return undefined;
    const gitDir = await gitDirOf(ref.owner, ref.repo);
    if (gitDir === undefined) return undefined;
    return (await git(gitDir, ['cat-file', '-e', `${ref.commit}^{commit}`])) === undefined ? undefined : gitDir;
  };

  return {
    async getFile(ref) {
      const gitDir = await mirrorWith(ref);
      if (gitDir === undefined) return fallback.getFile(ref);
      return readAt(gitDir, ref.commit, ref.path);
    },
    async commitExists(ref) {
      return (await mirrorWith(ref)) !== undefined || fallback.commitExists(ref);
    },
  };
}

/** The bare git directory of a repository in the folder, or undefined. */
async function findGitDir(folder: string, owner: string, repo: string): Promise<string | undefined> {
  let entries: string[];
  try {
    entries = await readdir(folder);
  } catch {
    return undefined;
  }
  const wanted = `${owner}+${repo}`.toLowerCase();
  const entry = entries.find((name) => name === `${owner}+${repo}`) ?? entries.find((name) => name.toLowerCase() === wanted);
  if (entry === undefined) return undefined;
  for (const candidate of [path.join(folder, entry, 'repo'), path.join(folder, entry)]) {
    const isDir = await stat(path.join(candidate, 'objects')).then(
      (stats) => stats.isDirectory(),
      () => false,
    );
    if (isDir) return candidate;
  }
  return undefined;
}

/**
 * Run git on a bare directory.
 * @returns its standard output, or undefined when it exits non-zero
 */
async function git(gitDir: string, args: string[], encoding: 'utf8' | 'buffer' = 'utf8'): Promise<string | Buffer | undefined> {
  try {
    const { stdout } = await run('git', [`--git-dir=${gitDir}`, ...args], { encoding, maxBuffer: MAX_BYTES });
    return stdout;
  } catch (error) {
    if (typeof (error as { code?: unknown }).code === 'number') return undefined;
    throw error;
  }
}

/**
 * What a commit holds at a path: `git ls-tree` gives its mode (a file, a
 * link, a directory, a submodule), `git cat-file` a file's bytes.
 * @throws if git cannot be run
 */
async function readAt(gitDir: string, commit: string, filePath: string): Promise<Fetched> {
  const listed = (await git(gitDir, ['ls-tree', '-z', commit, '--', filePath])) as string | undefined;
  const entry = (listed ?? '').split('\0').find((line) => line.endsWith(`\t${filePath}`));
  if (entry === undefined) return { kind: 'missing' };
  const [mode, type, object] = entry.slice(0, entry.indexOf('\t')).split(' ') as [string, string, string];
  if (type === 'tree') return { kind: 'not-file', type: 'dir' };
  if (type === 'commit') return { kind: 'not-file', type: 'submodule' };
  const bytes = (await git(gitDir, ['cat-file', 'blob', object], 'buffer')) as Buffer | undefined;
  if (bytes === undefined) throw new Error(`git could not read ${filePath} at ${commit} in ${gitDir}`);
  if (mode === '120000') return { kind: 'not-file', type: 'symlink', target: bytes.toString('utf8') };
  return { kind: 'file', bytes };
}
