/**
 * Reading files at a commit from a folder of local git mirrors
 * (`RCLASS_GITHUB_MIRRORS`, scripts/evidence/mirror.ts): a real bare
 * repository made with git in a temporary folder, named `<owner>+<repo>/repo`
 * as the mirrors are laid out; GitHub is asked only for what no mirror holds.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileRef } from '../../scripts/evidence/citations.ts';
import type { GitHub } from '../../scripts/evidence/github.ts';
import { createMirrorGitHub } from '../../scripts/evidence/mirror.ts';

let folder: string;
let commit: string;
const asked: string[] = [];
const fallback: GitHub = {
  async getFile(ref) {
    asked.push(`file ${ref.owner}/${ref.repo}@${ref.commit}:${ref.path}`);
    return { kind: 'file', bytes: Buffer.from('from the API\n') };
  },
  async commitExists(ref) {
    asked.push(`commit ${ref.owner}/${ref.repo}@${ref.commit}`);
    return false;
  },
};

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.org', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.org' },
  }).trim();
}

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'rclass-mirrors-'));
  const work = path.join(folder, 'work');
  mkdirSync(path.join(work, 'src'), { recursive: true });
  writeFileSync(path.join(work, 'src', 'index.ts'), 'server.tool(\n  "read_file",\n);\n');
  symlinkSync('index.ts', path.join(work, 'src', 'link.ts'));
  git(work, 'init', '-q');
  git(work, 'add', '-A');
  git(work, 'commit', '-qm', 'one');
  commit = git(work, 'rev-parse', 'HEAD');
  git(folder, 'clone', '-q', '--bare', work, path.join('Acme+Tools', 'repo'));
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

function ref(filePath: string, over: Partial<FileRef> = {}): FileRef {
  return { owner: 'acme', repo: 'tools', commit, path: filePath, ...over };
}

describe('createMirrorGitHub', () => {
  it('reads a file at the commit from the mirror, matching owner and name without regard to case', async () => {
    asked.length = 0;
    const github = createMirrorGitHub(folder, fallback);
    const fetched = await github.getFile(ref('src/index.ts'));
    expect(fetched.kind === 'file' && fetched.bytes.toString('utf8')).toBe('server.tool(\n  "read_file",\n);\n');
    expect(await github.commitExists(ref(''))).toBe(true);
    expect(asked).toEqual([]);
  });

  it('tells a missing path, a directory and a symbolic link apart, as the contents API does', async () => {
    const github = createMirrorGitHub(folder, fallback);
    expect(await github.getFile(ref('src/missing.ts'))).toEqual({ kind: 'missing' });
    expect(await github.getFile(ref('src'))).toEqual({ kind: 'not-file', type: 'dir' });
    expect(await github.getFile(ref('src/link.ts'))).toEqual({ kind: 'not-file', type: 'symlink', target: 'index.ts' });
  });

  it('asks GitHub for a commit the mirror lacks and for a repository with no mirror', async () => {
    asked.length = 0;
    const github = createMirrorGitHub(folder, fallback);
    const absent = 'f'.repeat(40);
    await github.getFile(ref('src/index.ts', { commit: absent }));
    expect(await github.commitExists(ref('', { repo: 'other' }))).toBe(false);
    expect(asked).toEqual([`file acme/tools@${absent}:src/index.ts`, `commit acme/other@${commit}`]);
  });
});
