/**
 * The pages `npm test` checks one by one (test/site/sample.ts): the first
 * and the largest of every kind, and the pages a change touched, found by
 * real git in a scratch repository.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { changedPages, type SampledPage, samplePages } from './sample.ts';

const page = (path: string, kind: string, bytes: number): SampledPage => ({ path, kind, bytes, reasons: [] });

const BUILD = [
  page('', 'home', 100),
  page('servers/a/', 'server', 300),
  page('servers/a/one/', 'tool', 50),
  page('servers/a/two/', 'tool', 90),
  page('servers/b/', 'server', 900),
  page('servers/b/three/', 'tool', 70),
];

describe('the sample of pages', () => {
  it('holds the first and the largest page of every kind, each once with both reasons when they are one page', () => {
    expect(samplePages(BUILD, []).map((chosen) => [chosen.path, chosen.reasons])).toEqual([
      ['', ['first of its kind', 'largest of its kind']],
      ['servers/a/', ['first of its kind']],
      ['servers/a/one/', ['first of its kind']],
      ['servers/a/two/', ['largest of its kind']],
      ['servers/b/', ['largest of its kind']],
    ]);
  });

  it('adds a changed page, and ignores a changed address the build has no page for', () => {
    const chosen = samplePages(BUILD, ['servers/b/three/', 'servers/gone/']);
    expect(chosen.map((sampled) => sampled.path)).toContain('servers/b/three/');
    expect(chosen.find((sampled) => sampled.path === 'servers/b/three/')?.reasons).toEqual(['changed']);
    expect(chosen.map((sampled) => sampled.path)).not.toContain('servers/gone/');
  });
});

describe('the pages a change touched', () => {
  let repo: string | undefined;
  afterEach(() => {
    if (repo !== undefined) rmSync(repo, { recursive: true, force: true });
    repo = undefined;
  });

  const git = (...args: string[]): void => {
    const run = spawnSync('git', ['-c', 'user.name=tests', '-c', 'user.email=tests@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
      cwd: repo,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  };
  const record = (tools: Array<{ name: string; class: string }>, reviewers: string[] = []) =>
    stringify({ id: 'demo', name: 'Demo', provenance: { status: 'draft', reviewers }, tools });
  const write = (text: string): void => writeFileSync(path.join(repo!, 'registry', 'demo.yaml'), text);

  /** A repository whose first commit holds the record, and a second commit that does not touch it. */
  function twoCommits(): void {
    repo = mkdtempSync(path.join(tmpdir(), 'rclass-sample-'));
    mkdirSync(path.join(repo, 'registry'));
    git('init', '-q', '-b', 'main');
    write(
      record([
        { name: 'read', class: 'R0' },
        { name: 'write', class: 'R1' },
      ]),
    );
    git('add', '.');
    git('commit', '-q', '-m', 'record');
    writeFileSync(path.join(repo, 'README.md'), 'x\n');
    git('add', '.');
    git('commit', '-q', '-m', 'readme');
  }

  it('a record whose one tool changed touches its server page and that tool’s page only', () => {
    twoCommits();
    write(
      record([
        { name: 'read', class: 'R0' },
        { name: 'write', class: 'R2' },
      ]),
    );
    expect(changedPages(repo)).toEqual(['servers/demo/', 'servers/demo/write/']);
  });

  it('a record whose provenance changed touches every one of its tool pages', () => {
    twoCommits();
    write(
      record(
        [
          { name: 'read', class: 'R0' },
          { name: 'write', class: 'R1' },
        ],
        ['someone'],
      ),
    );
    expect(changedPages(repo)).toEqual(['servers/demo/', 'servers/demo/read/', 'servers/demo/write/']);
  });

  it('a history of one commit has nothing to compare with, so nothing is touched', () => {
    repo = mkdtempSync(path.join(tmpdir(), 'rclass-sample-'));
    mkdirSync(path.join(repo, 'registry'));
    git('init', '-q', '-b', 'main');
    write(record([{ name: 'read', class: 'R0' }]));
    git('add', '.');
    git('commit', '-q', '-m', 'record');
    write(record([{ name: 'read', class: 'R4' }]));
    expect(changedPages(repo)).toEqual([]);
  });
});
