// Path corpus (SPEC 5.4.3): every case in test/corpora/paths.json.
//
// Cases with `pure: true` give already-resolved `{ target, root }` strings for
// isContained. The others are paths relative to a fixture root this test
// builds in a temp directory (unless `absolute: false`, which passes the input
// as is), checked with isPathWithin against the single root `allowed/dir`:
//
//   allowed/dir/file.txt
//   allowed/dir/sub/
//   allowed/dir/link-in       -> sub                       (stays inside)
//   allowed/dir/link-out      -> <fixture>/outside         (directory link out)
//   allowed/dir/link-file-out -> <fixture>/outside/secret.txt
//   allowed/dir/dangling      -> <fixture>/outside/new.txt (target absent)
//   allowed/dir/rel-out       -> ../../outside             (relative link out)
//   allowed/dir/up            -> <fixture>/outside/deep/er
//   allowed/dir/loop1 -> loop2, allowed/dir/loop2 -> loop1
//   allowed/dir/hard-out      == <fixture>/outside/hard.txt (a hard link: one file, two names)
//   allowed/dir-evil/secret.txt                            (common-prefix sibling)
//   outside/secret.txt, outside/deep/er/
//   outside/link-to-allowed   -> <fixture>/allowed/dir
import { linkSync, mkdtempSync, mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import corpus from '../corpora/paths.json' with { type: 'json' };
import { isContained } from '../../src/core/paths.ts';
import { isPathWithin } from '../../src/node/paths.ts';

interface PathCase {
  input: string | { target: string; root: string };
  expect: 'within' | 'outside';
  reason: string;
  pure?: boolean;
  absolute?: boolean;
  source?: string;
}

const cases = corpus as PathCase[];
let fixture = '';

beforeAll(() => {
  fixture = realpathSync(mkdtempSync(path.join(tmpdir(), 'rclass-paths-')));
  const p = (...parts: string[]) => path.join(fixture, ...parts);
  mkdirSync(p('allowed', 'dir', 'sub'), { recursive: true });
  mkdirSync(p('allowed', 'dir-evil'), { recursive: true });
  mkdirSync(p('outside', 'deep', 'er'), { recursive: true });
  writeFileSync(p('allowed', 'dir', 'file.txt'), 'in');
  writeFileSync(p('allowed', 'dir-evil', 'secret.txt'), 'sibling');
  writeFileSync(p('outside', 'secret.txt'), 'out');
  symlinkSync('sub', p('allowed', 'dir', 'link-in'));
  symlinkSync(p('outside'), p('allowed', 'dir', 'link-out'));
  symlinkSync(p('outside', 'secret.txt'), p('allowed', 'dir', 'link-file-out'));
  symlinkSync(p('outside', 'new.txt'), p('allowed', 'dir', 'dangling'));
  symlinkSync(path.join('..', '..', 'outside'), p('allowed', 'dir', 'rel-out'));
  symlinkSync(p('outside', 'deep', 'er'), p('allowed', 'dir', 'up'));
  symlinkSync('loop2', p('allowed', 'dir', 'loop1'));
  symlinkSync('loop1', p('allowed', 'dir', 'loop2'));
  symlinkSync(p('allowed', 'dir'), p('outside', 'link-to-allowed'));
  writeFileSync(p('outside', 'hard.txt'), 'out, by another name');
  linkSync(p('outside', 'hard.txt'), p('allowed', 'dir', 'hard-out'));
});

afterAll(() => {
  if (fixture) rmSync(fixture, { recursive: true, force: true });
});

function label(c: PathCase): string {
  const text = typeof c.input === 'string' ? JSON.stringify(c.input) : `${JSON.stringify(c.input.target)} in ${JSON.stringify(c.input.root)}`;
  return `${text} is ${c.expect}: ${c.reason}`;
}

describe('path corpus', () => {
  it('has at least 15 cases, each with an expectation and a reason', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15);
    for (const c of cases) {
      expect(['within', 'outside']).toContain(c.expect);
      expect(c.reason.length).toBeGreaterThan(5);
    }
  });

  it.each(cases.filter((c) => c.pure).map((c) => [label(c), c] as const))('isContained: %s', (_name, c) => {
    const { target, root } = c.input as { target: string; root: string };
    expect(isContained(target, root) ? 'within' : 'outside').toBe(c.expect);
  });

  it.each(cases.filter((c) => !c.pure).map((c) => [label(c), c] as const))('isPathWithin: %s', async (_name, c) => {
    const input = c.input as string;
    const target = c.absolute === false ? input : `${fixture}/${input}`;
    const v = await isPathWithin(target, [path.join(fixture, 'allowed', 'dir')]);
    expect(v.within ? 'within' : 'outside', v.reason).toBe(c.expect);
    expect(v.reason.length).toBeGreaterThan(0);
  });
});

describe('path analysis outside the corpus', () => {
  it('names an escaping symlink as the reason', async () => {
    const v = await isPathWithin(`${fixture}/allowed/dir/link-out/secret.txt`, [`${fixture}/allowed/dir`]);
    expect(v).toMatchObject({ within: false, reason: 'a symlink leads outside the allowed roots', resolved: `${fixture}/outside/secret.txt` });
  });

  it('reports the resolved path of a new file', async () => {
    const v = await isPathWithin(`${fixture}/allowed/dir/link-in/new.txt`, [`${fixture}/allowed/dir`]);
    expect(v).toMatchObject({ within: true, resolved: `${fixture}/allowed/dir/sub/new.txt` });
  });

  it('accepts a target under any one of several roots, and refuses with no existing root', async () => {
    expect((await isPathWithin(`${fixture}/outside/secret.txt`, [`${fixture}/allowed/dir`, `${fixture}/outside`])).within).toBe(true);
    expect(await isPathWithin(`${fixture}/outside/secret.txt`, [`${fixture}/missing`, 'relative/root'])).toEqual({
      within: false,
      reason: 'no allowed root exists',
    });
  });

  it('resolves a root given through a symlink', async () => {
    const v = await isPathWithin(`${fixture}/allowed/dir/file.txt`, [`${fixture}/outside/link-to-allowed`]);
    expect(v.within).toBe(true);
  });

  it("refuses /proc/self/cwd even when the checking process works inside the root (it names the tool's folder, not ours)", async () => {
    const cwd = realpathSync(process.cwd());
    const v = await isPathWithin('/proc/self/cwd/package.json', [cwd]);
    expect(v).toEqual({ within: false, reason: "a path under /proc names another process's view of the file system" });
    expect((await isPathWithin('/proc/1/root/etc/passwd', ['/'])).within).toBe(false);
    expect((await isPathWithin('/tmp/../proc/self/cwd', ['/'])).within).toBe(false);
  });

  it('refuses /dev/fd and /dev/stdin paths, and a link that leads into /proc', async () => {
    expect(await isPathWithin('/dev/fd/0', ['/'])).toEqual({ within: false, reason: "/dev/fd is a process's open file, not a place in the folder" });
    expect((await isPathWithin('/dev//stdin', ['/dev'])).within).toBe(false);
    symlinkSync('/proc/self/cwd', `${fixture}/allowed/dir/to-proc`);
    const v = await isPathWithin(`${fixture}/allowed/dir/to-proc/x`, [`${fixture}/allowed/dir`]);
    expect(v.within).toBe(false);
    expect(v.reason).toMatch(/\/proc/);
  });

  it('refuses a hard link inside the root to a file outside it, naming the link count', async () => {
    const v = await isPathWithin(`${fixture}/allowed/dir/hard-out`, [`${fixture}/allowed/dir`]);
    expect(v).toEqual({
      within: false,
      resolved: `${fixture}/allowed/dir/hard-out`,
      reason: 'the file has 2 hard links, so another name outside the allowed roots may reach it',
    });
  });

  it('refuses a device file inside the root', async () => {
    expect(await isPathWithin('/dev/null', ['/dev'])).toMatchObject({
      within: false,
      reason: 'a device file, FIFO or socket acts outside the folder it sits in',
    });
  });

  it('isContained refuses /proc and /dev/fd paths as text', () => {
    expect(isContained('/proc/self/cwd/x', '/proc/self/cwd')).toBe(false);
    expect(isContained('/dev/fd/3', '/dev')).toBe(false);
    expect(isContained('/process/x', '/process')).toBe(true);
    expect(isContained('/dev/null2/x', '/dev')).toBe(true);
  });

  it('never rejects on odd input', async () => {
    for (const t of [undefined, 42, '', 'x'.repeat(5000), '/\u0000']) {
      const v = await isPathWithin(t as unknown as string, [fixture]);
      expect(v.within).toBe(false);
    }
  });
});
