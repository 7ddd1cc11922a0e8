/**
 * `npm run check` reports each bad record as `file:line:col  error  [check]
 * message`, all problems in one run, and exits 1 (SPEC 5.9).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkRecordText, demoRecord } from './demo-record.ts';
import { EFFECT_IDS } from '../../src/core/effects.ts';

// The scripts run through tsx as `npm run check` (`tsx scripts/check.ts`) runs them, loaded with `node --import tsx`:
// `npx tsx` added an npm process and tsx's own launcher process to each start, about 0.65 processor-seconds (issue 30).
const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;

const GOOD = demoRecord({ beta: true });

const problemsOf = (file: string, text: string): string[] => checkRecordText(file, text).problems;

describe('check report positions', () => {
  it('a good record has no problems', () => {
    expect(problemsOf('registry/demo.yaml', GOOD)).toEqual([]);
  });

  it('bad class points at the class value', () => {
    const text = GOOD.replace('class: R0', 'class: R7');
    expect(problemsOf('registry/demo.yaml', text)).toContain(
      'registry/demo.yaml:14:12  error  [schema]  `tools[0].class` must be one of `R0`, `R1`, `R2`, `R3`, `R4`; got `"R7"`',
    );
  });

  it('a rule that raises the class points at the rule class', () => {
    const text = GOOD.replace(
      '    evidence: { path: src/index.ts, line: 10 }\n',
      '    evidence: { path: src/index.ts, line: 10 }\n    rules:\n      - id: up\n        class: R2\n        effects: [read]\n        when: [{ absent: { arg: x } }]\n        reason: Raises it.\n',
    );
    expect(problemsOf('registry/demo.yaml', text)).toEqual([
      'registry/demo.yaml:19:16  error  [class-derived]  rule `up` of `alpha` states R2, but its effects [read] derive R0',
      "registry/demo.yaml:19:16  error  [rules-only-lower]  rule `up` of `alpha` gives R2, which is not below the tool's class R0; rules may only lower a class",
    ]);
  });

  it('a duplicated tool points at the second name', () => {
    const text = GOOD.replace('name: beta', 'name: alpha');
    const problems = problemsOf('registry/demo.yaml', text);
    expect(problems).toContain('registry/demo.yaml:18:11  error  [unique-tools]  tool `alpha` is listed twice (also tools[0])');
  });

  it('malformed evidence points at the bad field', () => {
    const text = GOOD.replace('line: 20', 'line: -3').replace('0123456789abcdef0123456789abcdef01234567', 'HEAD');
    expect(problemsOf('registry/demo.yaml', text)).toEqual([
      'registry/demo.yaml:11:11  error  [schema]  `provenance.commit` must be a full 40-character lowercase hex commit; got `"HEAD"`',
      'registry/demo.yaml:21:43  error  [schema]  `tools[1].evidence.line` must be at least 1; got `-3`',
    ]);
  });

  it('a provenance with neither a commit nor a package gets one message naming both evidence bases, at provenance', () => {
    const text = GOOD.replace('  commit: 0123456789abcdef0123456789abcdef01234567\n', '');
    expect(problemsOf('registry/demo.yaml', text)).toEqual([
      "registry/demo.yaml:7:3  error  [schema]  `provenance` must name exactly one evidence base: `commit` (a commit of the repository), `package` (a published npm package at a version) or `documentation` (the vendor's published tool reference)",
    ]);
  });

  it('a provenance with both a commit and a package gets the same one message, at the package key, and a package alone is accepted', () => {
    const pinned = `  package: { registry: npm, name: demo-mcp, version: 1.2.3, integrity: "sha512-${'A'.repeat(86)}==" }\n`;
    const commit = '  commit: 0123456789abcdef0123456789abcdef01234567\n';
    expect(problemsOf('registry/demo.yaml', GOOD.replace(commit, `${commit}${pinned}`))).toEqual([
      "registry/demo.yaml:12:3  error  [schema]  `provenance` must name exactly one evidence base: `commit` (a commit of the repository), `package` (a published npm package at a version) or `documentation` (the vendor's published tool reference)",
    ]);
    expect(checkRecordText('registry/demo.yaml', GOOD.replace(commit, pinned))).toEqual({ problems: [], accepted: 1 });
  });

  it('a YAML syntax error is reported with its position', () => {
    const problems = problemsOf('registry/demo.yaml', GOOD.replace('name: Demo', 'name: [Demo'));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/^registry\/demo\.yaml:\d+:\d+ {2}error {2}\[yaml-syntax\] {2}/);
  });
});

describe('npm run check and build as commands', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rclass-check-'));
    await writeFile(path.join(dir, 'demo.yaml'), GOOD.replace('class: R0', 'class: R7').replace('name: beta', 'name: alpha'));
    await writeFile(path.join(dir, 'other.yaml'), GOOD);
  });

  it('reports every problem of every file in one run and exits 1', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'scripts/check.ts', dir], { cwd: root }).then(
      () => undefined,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failure?.code).toBe(1);
    const lines = failure!.stdout.split('\n').filter((line) => line.includes('  error  '));
    const shown = dir.replace(/\/+$/, '');
    expect(lines.map((line) => line.replaceAll(shown, 'DIR'))).toEqual([
      'DIR/demo.yaml:14:12  error  [class-derived]  `alpha` states R7, but its effects [read] derive R0; fix the effects or the class, or give an override with a reason',
      'DIR/demo.yaml:14:12  error  [schema]  `tools[0].class` must be one of `R0`, `R1`, `R2`, `R3`, `R4`; got `"R7"`',
      'DIR/demo.yaml:18:11  error  [unique-tools]  tool `alpha` is listed twice (also tools[0])',
      'DIR/other.yaml:1:5  error  [id-matches-file]  id `demo` does not match the file name `other`',
      'DIR/other.yaml:1:5  error  [unique-ids]  id `demo` is already used by DIR/demo.yaml',
    ]);
  });

  it('build writes nothing when a record is bad', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'rclass-build-'));
    const failure = await run(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
      cwd: root,
      env: { ...process.env, RCLASS_REGISTRY_DIR: dir, RCLASS_BUILD_DIR: out },
    }).then(
      () => undefined,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain('nothing was written');
    expect(await readdir(out)).toEqual([]);
  });

  it('build of a good registry writes a registry.json valid for its schema', async () => {
    const good = await mkdtemp(path.join(tmpdir(), 'rclass-good-'));
    await writeFile(path.join(good, 'demo.yaml'), GOOD);
    const out = await mkdtemp(path.join(tmpdir(), 'rclass-build-'));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
      cwd: root,
      env: { ...process.env, RCLASS_REGISTRY_DIR: good, RCLASS_BUILD_DIR: out, RCLASS_SKIP_SITE: '1' },
    });
    expect(stdout).toContain('1 servers, 2 tools.');
    const document = JSON.parse(await readFile(path.join(out, 'registry.json'), 'utf8'));
    expect(document.totals).toEqual({
      servers: 1,
      tools: 2,
      classes: { R0: 1, R1: 0, R2: 0, R3: 0, R4: 1 },
      effects: { ...Object.fromEntries(EFFECT_IDS.map((id) => [id, 0])), read: 1, delete: 1 },
    });
    expect(document.servers[0].tools[0].evidence.url).toBe('https://github.com/example/demo/blob/0123456789abcdef0123456789abcdef01234567/src/index.ts#L10');
  });
});
