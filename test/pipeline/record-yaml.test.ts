/**
 * A record is one UTF-8 YAML document of plain data. Anything else (aliases,
 * tags, directives, several documents, bytes that are not UTF-8) is a
 * `file:line:col  error  [check]  message` problem like any other, never a
 * crash and never silently accepted (SPEC 5.9); `npm install` still does not
 * fail on it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkRecordText, demoRecord } from './demo-record.ts';
import { formatProblem } from '../../src/records/problems.ts';
import { loadRegistryDir } from '../../src/records/read-dir.ts';
import { decodeRecordText, firstInvalidUtf8, parseRecordSource } from '../../src/records/source.ts';

// The scripts run through tsx as `npm run check` (`tsx scripts/check.ts`) runs them, loaded with `node --import tsx`:
// `npx tsx` added an npm process and tsx's own launcher process to each start, about 0.65 processor-seconds (issue 30).
const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
const TIME = await readFile(new URL('../../registry/time.yaml', import.meta.url), 'utf8');
const ANNOTATIONS = '{ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }';

/** registry/time.yaml with the first tool's annotations anchored and the second's an alias of them (lines 32 and 38: 31 and 37 before provenance.live_listing). */
const TIME_WITH_ALIAS = TIME.replace(`annotations: ${ANNOTATIONS}`, `annotations: &ann ${ANNOTATIONS}`).replace(
  `annotations: ${ANNOTATIONS}`,
  'annotations: *ann',
);

const GOOD = demoRecord();

const problemsOf = (file: string, text: string): string[] => checkRecordText(file, text).problems;

/** Load one record file through the real directory loader; its problems, formatted, and the ids of the records that passed. */
async function loadFile(content: string | Uint8Array): Promise<{ problems: string[]; accepted: string[] }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rclass-yaml-'));
  await writeFile(path.join(dir, 'demo.yaml'), content);
  const { records, problems } = await loadRegistryDir(dir, 'DIR');
  return { problems: problems.map(formatProblem), accepted: records.map((record) => record.id) };
}

const bytes = (...parts: Array<string | number[]>): Uint8Array =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part))));

describe('anchors, aliases, tags and directives', () => {
  it('the alias copy of time.yaml really has an anchor on line 32 and an alias on line 38', () => {
    const lines = TIME_WITH_ALIAS.split('\n');
    expect(lines[31]).toBe(`    annotations: &ann ${ANNOTATIONS}`);
    expect(lines[37]).toBe('    annotations: *ann');
  });

  it('an alias in a copy of time.yaml is a yaml-syntax problem at the alias (and its anchor), not a crash', () => {
    expect(problemsOf('registry/time.yaml', TIME_WITH_ALIAS)).toEqual([
      "registry/time.yaml:32:18  error  [yaml-syntax]  anchor `&ann` is not allowed: records don't use YAML anchors or aliases; write the value out in full",
      "registry/time.yaml:38:18  error  [yaml-syntax]  alias `*ann` is not allowed: records don't use YAML anchors or aliases; write the value out in full",
    ]);
  });

  it('a merge key through an alias is reported at the alias', () => {
    const text = GOOD.replace(
      '    evidence: { path: src/index.ts, line: 10 }\n',
      '    evidence: &ev { path: src/index.ts, line: 10 }\n    annotations:\n      <<: *ev\n',
    );
    expect(problemsOf('registry/demo.yaml', text)).toEqual([
      "registry/demo.yaml:16:15  error  [yaml-syntax]  anchor `&ev` is not allowed: records don't use YAML anchors or aliases; write the value out in full",
      "registry/demo.yaml:18:11  error  [yaml-syntax]  alias `*ev` is not allowed: records don't use YAML anchors or aliases; write the value out in full",
    ]);
  });

  it('an alias bomb (many aliases of aliases) is reported, not expanded', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x]',
      ...Array.from(
        { length: 9 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9)
            .fill(`*${String.fromCharCode(97 + i)}`)
            .join(', ')}]`,
      ),
    ].join('\n');
    const parsed = parseRecordSource('registry/bomb.yaml', `${bomb}\n`);
    expect(parsed.source.data).toBeUndefined();
    expect(parsed.problems).toHaveLength(10 + 81);
    expect(new Set(parsed.problems.map((p) => p.check))).toEqual(new Set(['yaml-syntax']));
  });

  it('a !!js/function tag is a yaml-syntax problem at the tag', () => {
    expect(problemsOf('registry/demo.yaml', GOOD.replace('name: Demo', 'name: !!js/function "function () {}"'))).toEqual([
      'registry/demo.yaml:2:7  error  [yaml-syntax]  tag `!!js/function` is not allowed: records are plain YAML data, without tags',
    ]);
  });

  it('unknown local tags and the YAML 1.1 tags (!!binary, !!timestamp, !!set) are problems at each tag', () => {
    const text = GOOD.replace('name: Demo', 'name: !custom Demo')
      .replace('last_verified: 2026-11-30', 'last_verified: !!timestamp 2026-11-30')
      .replace('description: A record used by the tests.', 'description: !!binary QSByZWNvcmQ=');
    expect(problemsOf('registry/demo.yaml', text)).toEqual([
      'registry/demo.yaml:2:7  error  [yaml-syntax]  tag `!custom` is not allowed: records are plain YAML data, without tags',
      'registry/demo.yaml:3:14  error  [yaml-syntax]  tag `!!binary` is not allowed: records are plain YAML data, without tags',
      'registry/demo.yaml:10:18  error  [yaml-syntax]  tag `!!timestamp` is not allowed: records are plain YAML data, without tags',
    ]);
    expect(problemsOf('registry/demo.yaml', GOOD.replace('reviewers: []', 'reviewers: !!set { a, b }'))).toEqual([
      'registry/demo.yaml:9:14  error  [yaml-syntax]  tag `!!set` is not allowed: records are plain YAML data, without tags',
    ]);
  });

  it('a %YAML 1.1 directive, which would turn `yes` and dates into other types, is a problem', () => {
    expect(problemsOf('registry/demo.yaml', `%YAML 1.1\n---\n${GOOD}`)).toEqual([
      'registry/demo.yaml:1:1  error  [yaml-syntax]  directive `%YAML 1.1` is not allowed: records are plain YAML 1.2 data, without directives',
    ]);
  });

  it('a mapping used as a key is a problem at the key', () => {
    expect(problemsOf('registry/demo.yaml', `${GOOD}? [a, b]\n: c\n`)).toEqual([
      'registry/demo.yaml:18:3  error  [yaml-syntax]  a mapping key must be a plain value, not a mapping or a sequence',
    ]);
  });

  it('nesting too deep for the parser is a problem, not a crash', () => {
    const parsed = parseRecordSource('registry/deep.yaml', `${'['.repeat(100_000)}${']'.repeat(100_000)}\n`);
    expect(parsed.source.data).toBeUndefined();
    expect(parsed.problems.length).toBeGreaterThan(0);
    expect(parsed.problems.map((p) => p.check)).toEqual(parsed.problems.map(() => 'yaml-syntax'));
  });
});

describe('one document per record', () => {
  it('a second document is reported in own words at its `---`, with the count', () => {
    expect(problemsOf('registry/demo.yaml', `${GOOD}---\nid: other\n---\nid: third\n`)).toEqual([
      'registry/demo.yaml:18:1  error  [yaml-syntax]  a record is one YAML document; this file has 3',
    ]);
  });

  it('a leading `---` alone is still one document', () => {
    expect(problemsOf('registry/demo.yaml', `---\n${GOOD}`)).toEqual([]);
  });
});

describe('UTF-8', () => {
  it('an invalid byte is reported at its line and column, and the record is not accepted', async () => {
    const text = bytes(GOOD.slice(0, GOOD.indexOf('\ndescription')).replace('name: Demo', 'name: Démo '), [0xff], GOOD.slice(GOOD.indexOf('\ndescription')));
    expect(await loadFile(text)).toEqual({
      problems: ['DIR/demo.yaml:2:12  error  [encoding]  invalid UTF-8: byte 0xFF does not start a valid UTF-8 sequence here; records are UTF-8 text'],
      accepted: [],
    });
  });

  it('a truncated sequence, an overlong form and an encoded surrogate each give the offset of their first byte', () => {
    expect(firstInvalidUtf8(bytes('ab', [0xe2, 0x82], 'c'))).toBe(2);
    expect(firstInvalidUtf8(bytes('a', [0xc0, 0xaf]))).toBe(1);
    expect(firstInvalidUtf8(bytes([0xed, 0xa0, 0x80]))).toBe(0);
    expect(firstInvalidUtf8(bytes([0xf4, 0x90, 0x80, 0x80]))).toBe(0);
    expect(firstInvalidUtf8(bytes('€😀 ok', [0xef, 0xbf, 0xbd]))).toBe(-1);
  });

  it('a real U+FFFD in the text is not mistaken for an invalid byte', async () => {
    expect(await loadFile(GOOD.replace('name: Demo', 'name: Demo \uFFFD'))).toEqual({ problems: [], accepted: ['demo'] });
  });

  it('columns after the invalid byte count characters like YAML positions do', () => {
    expect(decodeRecordText(bytes('a: 1\nb: "😀é', [0x80], '"\n'))).toEqual({
      bytes: bytes('a: 1\nb: "😀é', [0x80], '"\n'),
      invalid: { line: 2, column: 8, byte: 0x80 },
    });
  });

  it('a byte order mark is accepted silently and does not shift line 1 columns', async () => {
    const withBom = bytes([0xef, 0xbb, 0xbf], GOOD);
    expect(await loadFile(withBom)).toEqual({ problems: [], accepted: ['demo'] });
    expect((await loadFile(bytes([0xef, 0xbb, 0xbf], GOOD.replace('id: demo', 'id: Demo')))).problems).toEqual([
      'DIR/demo.yaml:1:5  error  [id-matches-file]  id `Demo` does not match the file name `demo`',
      'DIR/demo.yaml:1:5  error  [schema]  `id` must be lowercase letters, digits and hyphens, starting with a letter or digit; got `"Demo"`',
    ]);
    expect((await loadFile(bytes([0xef, 0xbb, 0xbf], 'id: ', [0xfe]))).problems).toEqual([
      'DIR/demo.yaml:1:5  error  [encoding]  invalid UTF-8: byte 0xFE does not start a valid UTF-8 sequence here; records are UTF-8 text',
    ]);
  });
});

describe('check, build and prepare on a record with an alias', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rclass-alias-'));
    await writeFile(path.join(dir, 'time.yaml'), TIME_WITH_ALIAS);
  });

  const fail = (error: { code: number; stdout: string; stderr: string }) => error;

  it('npm run check reports the alias and exits 1', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'scripts/check.ts', dir], { cwd: root }).then(() => undefined, fail);
    expect(failure?.code).toBe(1);
    expect(failure!.stderr).not.toContain('ReferenceError');
    const lines = failure!.stdout
      .split('\n')
      .filter((line) => line.includes('  error  '))
      .map((line) => line.replaceAll(dir.replace(/\/+$/, ''), 'DIR'));
    expect(lines).toEqual([
      "DIR/time.yaml:32:18  error  [yaml-syntax]  anchor `&ann` is not allowed: records don't use YAML anchors or aliases; write the value out in full",
      "DIR/time.yaml:38:18  error  [yaml-syntax]  alias `*ann` is not allowed: records don't use YAML anchors or aliases; write the value out in full",
    ]);
  });

  it('build reports it, exits 1 and writes nothing', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'rclass-build-'));
    const failure = await run(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
      cwd: root,
      env: { ...process.env, RCLASS_REGISTRY_DIR: dir, RCLASS_BUILD_DIR: out },
    }).then(() => undefined, fail);
    expect(failure?.code).toBe(1);
    expect(failure!.stdout).toContain('time.yaml:38:18  error  [yaml-syntax]  alias `*ann`');
    expect(failure!.stdout).toContain('2 errors in 1 file; nothing was written');
    expect(await readdir(out)).toEqual([]);
  });

  it('prepare (npm install) warns, exits 0 and writes nothing', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'rclass-prepare-'));
    const { stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/prepare.ts'], {
      cwd: root,
      env: { ...process.env, RCLASS_REGISTRY_DIR: dir, RCLASS_BUILD_DIR: out },
    });
    expect(stderr).toContain('rclass: the registry has 2 problems; run `npm run check`. The CLI was not bundled.');
    expect(stderr).not.toContain('ReferenceError');
    expect(await readdir(out)).toEqual([]);
  });
});
