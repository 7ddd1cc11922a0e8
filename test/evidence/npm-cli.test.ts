/**
 * `npm run evidence` on records whose evidence base is a published npm
 * package (SPEC 5.1, 5.2): the command fetches the archive of exactly
 * `name@version` from the registry, held to the record's integrity, reads
 * each cited file inside it (paths without the archive's `package/` prefix)
 * and looks for each tool's name within 3 lines of the cited line.
 *
 * Against the real npm registry: @modelcontextprotocol/server-memory
 * 2026.8.31, whose `dist/index.js` (506 lines) registers `create_entities`
 * at line 238, `delete_entities` at 316 and `read_graph` at 394, and whose
 * `dist.integrity` is {@link MEMORY}'s (`npm view
 * @modelcontextprotocol/server-memory@2026.8.31 dist.integrity`). Against a
 * loopback stand-in in the registry's shape: how often a package is
 * fetched, and a registry that answers 500.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeNpm, integrityOf, startFakeNpm } from './support/fake-npm.ts';
import { runEvidenceCli } from './support/run-cli.ts';

/** A published version and the integrity a record pins it to. */
interface Pin {
  name: string;
  version: string;
  integrity: string;
}

/** One tool of a test record, with its citation. */
interface Tool {
  name: string;
  class: string;
  effects: string;
  rationale: string;
  path: string;
  line: number;
  /** The original file a source map at `path` embeds. */
  source?: string;
}

const MEMORY: Pin = {
  name: '@modelcontextprotocol/server-memory',
  version: '2026.8.31',
  integrity: 'sha512-ljj/3S4aGjxdNSQWw6gucKKGnTLdBPWxzapyY/MT2tOVyZwvxChvevXSLPwx59nKJAlVpUVW+cOlnVRXRwiqMQ==',
};
const DIST = 'dist/index.js';
const MEMORY_TOOLS: Tool[] = [
  {
    name: 'create_entities',
    class: 'R1',
    effects: 'create-private',
    rationale: 'It adds new entities to the local store and returns them.',
    path: DIST,
    line: 238,
  },
  { name: 'delete_entities', class: 'R4', effects: 'delete', rationale: 'It removes entities and their relations with no copy kept.', path: DIST, line: 316 },
  { name: 'read_graph', class: 'R0', effects: 'read', rationale: 'It returns the whole graph and changes nothing.', path: DIST, line: 394 },
];
const WHOLE_MEMORY = '3 citations of 1 records in 1 files of 1 npm packages, each tool name looked for within 3 lines of its cited line';

/** A synthetic package for the stand-in, made with `npm pack`: `dist/tools.js` names `alpha` at line 2 and `beta` at line 4. */
const DEMO = { name: '@rclass-test/demo-server', version: '1.0.0' };
const DEMO_TOOLS: Tool[] = [
  { name: 'alpha', class: 'R0', effects: 'read', rationale: 'Reads and changes nothing.', path: 'dist/tools.js', line: 2 },
  { name: 'beta', class: 'R0', effects: 'read', rationale: 'Reads and changes nothing.', path: 'dist/tools.js', line: 4 },
];

const run = promisify(execFile);
/** A well-formed integrity no archive here has. */
const ALTERED = `sha512-${'B'.repeat(86)}==`;
const scratch: string[] = [];
let fake: FakeNpm;
let demo: Pin;

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

/** A record pinned to `pin`, citing `tools`, as YAML text. */
function packageRecord(id: string, pin: Pin, tools: readonly Tool[]): string {
  return [
    `id: ${id}`,
    `name: ${id}`,
    'description: A record pinned to a published npm package, for the tests.',
    'server:',
    '  repository: modelcontextprotocol/servers',
    'provenance:',
    '  status: draft',
    '  author: tests',
    '  reviewers: []',
    '  last_verified: 2026-12-01',
    `  package: { registry: npm, name: "${pin.name}", version: "${pin.version}", integrity: "${pin.integrity}" }`,
    'tools:',
    ...tools.flatMap((tool) => [
      `  - name: ${tool.name}`,
      `    class: ${tool.class}`,
      `    effects: [${tool.effects}]`,
      `    rationale: ${tool.rationale}`,
      `    evidence: { path: ${tool.path}, line: ${tool.line}${tool.source === undefined ? '' : `, source: "${tool.source}"`} }`,
    ]),
    '',
  ].join('\n');
}

/** A registry directory holding the given records (`id` → text). */
function registryOf(records: Record<string, string>): { dir: string; file: (id: string) => string } {
  const dir = tempDir('rclass-evidence-npm-registry-');
  for (const [id, text] of Object.entries(records)) writeFileSync(path.join(dir, `${id}.yaml`), text);
  return { dir, file: (id) => path.join(dir, `${id}.yaml`) };
}

/** The 1-based `line:column` where `needle` starts in `text` (its first occurrence). */
function positionOf(text: string, needle: string): string {
  expect(text.includes(needle)).toBe(true);
  const before = text.slice(0, text.indexOf(needle));
  return `${before.split('\n').length}:${before.length - before.lastIndexOf('\n')}`;
}

/** A URL on loopback where nothing listens. */
async function closedUrl(): Promise<string> {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as { port: number };
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return `http://127.0.0.1:${port}/`;
}

/**
 * The environment of one run: a scratch cache and HOME, GitHub out of reach
 * (no record here cites a commit), and the extra CA certificates of a
 * machine whose HTTPS goes through an intercepting proxy, which the child
 * needs to reach the real registry.
 */
function env(extra: Record<string, string>): Record<string, string> {
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  return {
    ...(ca === undefined ? {} : { NODE_EXTRA_CA_CERTS: ca }),
    GITHUB_API_URL: 'http://127.0.0.1:9',
    RCLASS_EVIDENCE_CACHE: tempDir('rclass-evidence-npm-cache-'),
    HOME: tempDir('rclass-evidence-npm-home-'),
    ...extra,
  };
}

beforeAll(async () => {
  const source = tempDir('rclass-evidence-npm-source-');
  writeFileSync(path.join(source, 'package.json'), `${JSON.stringify({ name: DEMO.name, version: DEMO.version, files: ['dist/'] })}\n`);
  mkdirSync(path.join(source, 'dist'));
  writeFileSync(path.join(source, 'dist', 'tools.js'), '// tools\nexport const alpha = tool("alpha");\n//\nexport const beta = tool("beta");\n');
  // A minified bundle whose source map embeds the original: `gamma` at line 3 of ../src/gamma.ts.
  writeFileSync(path.join(source, 'dist', 'bundle.js'), 'export const gamma=tool("gamma");\n//# sourceMappingURL=bundle.js.map\n');
  writeFileSync(
    path.join(source, 'dist', 'bundle.js.map'),
    JSON.stringify({
      version: 3,
      sources: ['../src/gamma.ts', '../src/other.ts'],
      sourcesContent: ['// gamma\n\nexport const gamma = tool("gamma");\n', null],
      mappings: '',
    }),
  );
  const packed = tempDir('rclass-evidence-npm-packed-');
  const npmEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: tempDir('rclass-evidence-npm-pack-home-'),
    npm_config_cache: tempDir('rclass-evidence-npm-pack-cache-'),
  };
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', packed], { cwd: source, env: npmEnv });
  const archive = readFileSync(path.join(packed, (JSON.parse(stdout) as Array<{ filename: string }>)[0]!.filename));
  demo = { ...DEMO, integrity: integrityOf(archive) };
  // 1.0.1 publishes an integrity its archive (the bytes of 1.0.0) does not have.
  fake = await startFakeNpm([
    { ...DEMO, archive },
    { ...DEMO, version: '1.0.1', archive, integrity: ALTERED },
  ]);
});

afterAll(async () => {
  await fake.close();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe('npm run evidence on records pinned to a published npm package, against the real npm registry', () => {
  it('every citation matches its line in the package: exit 0, the archive cached under the evidence cache, nothing written to HOME', async () => {
    const registry = registryOf({ memory: packageRecord('memory', MEMORY, MEMORY_TOOLS) });
    const run = env({ RCLASS_REGISTRY_DIR: registry.dir });
    const result = await runEvidenceCli(run);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(`${WHOLE_MEMORY}: no problems\n`);
    expect(result.code).toBe(0);
    expect(readdirSync(path.join(run.RCLASS_EVIDENCE_CACHE!, 'npm'))).toContain('content-v2');
    expect(readdirSync(run.HOME!)).toEqual([]);
  });

  it('a tool name not near its cited line is reported at the evidence line value, with where it really is: exit 1', async () => {
    const text = packageRecord('memory', MEMORY, [{ ...MEMORY_TOOLS[0]!, line: 250 }, ...MEMORY_TOOLS.slice(1)]);
    const registry = registryOf({ memory: text });
    const at = positionOf(text, 'line: 250 }').split(':');
    const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir }));
    expect(result.stdout).toBe(
      [
        `${registry.file('memory')}:${at[0]}:${Number(at[1]) + 'line: '.length}  error  [evidence-online]  \`create_entities\` does not appear within 3 lines of \`dist/index.js:250\` in npm package @modelcontextprotocol/server-memory@2026.8.31; it appears at line 238`,
        '',
        `${WHOLE_MEMORY}: 1 error in 1 file`,
        '',
      ].join('\n'),
    );
    expect(result.code).toBe(1);
  });

  it("a line past the end of the package's file is reported with the file's length: exit 1", async () => {
    const registry = registryOf({ memory: packageRecord('memory', MEMORY, [...MEMORY_TOOLS.slice(0, 2), { ...MEMORY_TOOLS[2]!, line: 9000 }]) });
    const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir }));
    expect(result.stdout).toContain(
      '  error  [evidence-online]  evidence of `read_graph` cites line 9000, but `dist/index.js` has 506 lines in npm package @modelcontextprotocol/server-memory@2026.8.31\n',
    );
    expect(result.code).toBe(1);
  });

  it("a file missing from the package is reported at the evidence path value, with a hint when the path keeps the archive's `package/` prefix: exit 1", async () => {
    const text = packageRecord('memory', MEMORY, [
      { ...MEMORY_TOOLS[0]!, path: 'package/dist/index.js' },
      MEMORY_TOOLS[1]!,
      { ...MEMORY_TOOLS[2]!, path: 'src/index.ts' },
    ]);
    const registry = registryOf({ memory: text });
    const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir }));
    expect(result.stdout.split('\n').filter((line) => line.includes('  error  ['))).toEqual([
      `${registry.file('memory')}:${positionOf(text, 'package/dist/index.js')}  error  [evidence-online]  evidence of \`create_entities\` cites \`package/dist/index.js\`, which does not exist in npm package @modelcontextprotocol/server-memory@2026.8.31; paths in a package leave out the archive's \`package/\` prefix`,
      `${registry.file('memory')}:${positionOf(text, 'src/index.ts')}  error  [evidence-online]  evidence of \`read_graph\` cites \`src/index.ts\`, which does not exist in npm package @modelcontextprotocol/server-memory@2026.8.31`,
    ]);
    expect(result.stdout).toContain('3 citations of 1 records in 3 files of 1 npm packages');
    expect(result.code).toBe(1);
  });

  it("an integrity other than the registry's is reported once, at provenance.package.integrity, and no file is read: exit 1", async () => {
    const wrong = `sha512-${'A'.repeat(86)}==`;
    // A wrong line too: reading the package anyway would report it.
    const text = packageRecord('memory', { ...MEMORY, integrity: wrong }, [{ ...MEMORY_TOOLS[0]!, line: 250 }, ...MEMORY_TOOLS.slice(1)]);
    const registry = registryOf({ memory: text });
    const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir }));
    expect(result.stdout.split('\n').filter((line) => line.includes('  error  ['))).toEqual([
      `${registry.file('memory')}:${positionOf(text, `"${wrong}"`)}  error  [evidence-online]  https://registry.npmjs.org/ publishes @modelcontextprotocol/server-memory@2026.8.31 with integrity \`${MEMORY.integrity}\`, not the pinned one, so no evidence of this record could be read`,
    ]);
    expect(result.code).toBe(1);
  });

  it('a version npm never published is reported once, at provenance.package.version: exit 1', async () => {
    const text = packageRecord('memory', { ...MEMORY, version: '2026.8.31-never' }, MEMORY_TOOLS);
    const registry = registryOf({ memory: text });
    const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir }));
    expect(result.stdout.split('\n').filter((line) => line.includes('  error  ['))).toEqual([
      `${registry.file('memory')}:${positionOf(text, '"2026.8.31-never"')}  error  [evidence-online]  version \`2026.8.31-never\` of npm package \`@modelcontextprotocol/server-memory\` is not published on https://registry.npmjs.org/, so no evidence of this record could be read`,
    ]);
    expect(result.code).toBe(1);
  });

  it('a package the registry does not have is reported once, at provenance.package.name: exit 1', async () => {
    const name = '@modelcontextprotocol/server-memory-never-published';
    const text = packageRecord('memory', { ...MEMORY, name }, MEMORY_TOOLS);
    const registry = registryOf({ memory: text });
    const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir }));
    expect(result.stdout.split('\n').filter((line) => line.includes('  error  ['))).toEqual([
      `${registry.file('memory')}:${positionOf(text, `"${name}"`)}  error  [evidence-online]  npm package \`${name}\` does not exist on https://registry.npmjs.org/ (or it is private), so no evidence of this record could be read`,
    ]);
    expect(result.code).toBe(1);
  });

  it('RCLASS_NPM_REGISTRY wins over npm_config_registry, which wins over the public registry', async () => {
    const closed = await closedUrl();
    const registry = registryOf({ memory: packageRecord('memory', MEMORY, MEMORY_TOOLS) });
    const first = await runEvidenceCli(
      env({ RCLASS_REGISTRY_DIR: registry.dir, RCLASS_NPM_REGISTRY: 'https://registry.npmjs.org/', npm_config_registry: closed, RCLASS_EVIDENCE_RETRIES: '0' }),
    );
    expect(first.code).toBe(0);
    const second = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir, npm_config_registry: closed, RCLASS_EVIDENCE_RETRIES: '0' }));
    expect(second.stderr).toContain(`evidence check incomplete: cannot reach ${closed}: `);
    expect(second.code).toBe(3);
  });

  it('an unreachable registry leaves the check incomplete, never passed: exit 3', async () => {
    const closed = await closedUrl();
    const registry = registryOf({ memory: packageRecord('memory', MEMORY, MEMORY_TOOLS) });
    const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir, RCLASS_NPM_REGISTRY: closed, RCLASS_EVIDENCE_RETRIES: '0' }));
    expect(result.stderr).toMatch(
      new RegExp(`^evidence check incomplete: cannot reach ${closed.replace(/\./g, '\\.')}: .+; 1 of 1 cited npm packages were not checked\\n$`),
    );
    expect(result.stdout).toBe(`${WHOLE_MEMORY}: no problems so far; the check is incomplete\n`);
    expect(result.code).toBe(3);
  });
});

describe('npm run evidence on records pinned to a published npm package, against a registry stand-in', () => {
  it('two records pinning the same version fetch its packument and its archive once per run', async () => {
    fake.requests.length = 0;
    const registry = registryOf({ one: packageRecord('one', demo, DEMO_TOOLS), two: packageRecord('two', demo, DEMO_TOOLS) });
    const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir, RCLASS_NPM_REGISTRY: fake.url }));
    expect(result.stdout).toBe(
      '4 citations of 2 records in 1 files of 1 npm packages, each tool name looked for within 3 lines of its cited line: no problems\n',
    );
    expect(result.code).toBe(0);
    expect(fake.requests).toEqual(['/@rclass-test%2fdemo-server', '/@rclass-test/demo-server/-/demo-server-1.0.0.tgz']);
  });

  it('a tool cited in the original file its source map embeds is found there: exit 0', async () => {
    const gamma: Tool = { ...DEMO_TOOLS[0]!, name: 'gamma', path: 'dist/bundle.js.map', source: '../src/gamma.ts', line: 3 };
    const registry = registryOf({ one: packageRecord('one', demo, [gamma]) });
    const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir, RCLASS_NPM_REGISTRY: fake.url }));
    expect(result.stdout).toBe(
      '1 citations of 1 records in 1 files of 1 npm packages, each tool name looked for within 3 lines of its cited line: no problems\n',
    );
    expect(result.code).toBe(0);
  });

  it('an embedded file cited past its end, a source the map does not embed, and a map missing from the package are each reported: exit 1', async () => {
    const base: Tool = { ...DEMO_TOOLS[0]!, name: 'gamma', path: 'dist/bundle.js.map', source: '../src/gamma.ts', line: 9 };
    const text = packageRecord('one', demo, [
      { ...base, name: 'alpha', path: 'dist/tools.js.map' },
      base,
      { ...base, name: 'omega', source: '../src/other.ts', line: 1 },
    ]);
    const registry = registryOf({ one: text });
    const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir, RCLASS_NPM_REGISTRY: fake.url }));
    const errors = result.stdout.split('\n').filter((line) => line.includes('  error  ['));
    expect(errors).toEqual([
      `${registry.file('one')}:${positionOf(text, 'dist/tools.js.map')}  error  [evidence-online]  evidence of \`alpha\` cites \`dist/tools.js.map\`, which does not exist in npm package @rclass-test/demo-server@1.0.0`,
      expect.stringMatching(
        / {2}error {2}\[evidence-online\] {2}evidence of `gamma` cites line 9, but `\.\.\/src\/gamma\.ts` \(embedded in `dist\/bundle\.js\.map`\) has 3 lines in npm package @rclass-test\/demo-server@1\.0\.0$/,
      ),
      expect.stringMatching(
        / {2}error {2}\[evidence-online\] {2}evidence of `omega` cites `\.\.\/src\/other\.ts`, which `dist\/bundle\.js\.map` does not embed in npm package @rclass-test\/demo-server@1\.0\.0 \(its sources: `\.\.\/src\/gamma\.ts`, `\.\.\/src\/other\.ts`\)$/,
      ),
    ]);
    expect(result.code).toBe(1);
  });

  it('an archive whose bytes do not match the integrity the registry publishes and the record pins is reported at provenance.package.integrity (EINTEGRITY): exit 1', async () => {
    const pin = { ...demo, version: '1.0.1', integrity: ALTERED };
    const text = packageRecord('one', pin, DEMO_TOOLS);
    const registry = registryOf({ one: text });
    // No retries: the fetch library retries a download that fails its integrity check with the same backoff as a network error.
    const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir, RCLASS_NPM_REGISTRY: fake.url, RCLASS_EVIDENCE_RETRIES: '0' }));
    expect(result.stdout.split('\n').filter((line) => line.includes('  error  ['))).toEqual([
      `${registry.file('one')}:${positionOf(text, `"${ALTERED}"`)}  error  [evidence-online]  the archive of @rclass-test/demo-server@1.0.1 does not match the pinned integrity (EINTEGRITY), so no evidence of this record could be read`,
    ]);
    expect(result.code).toBe(1);
  });

  it('a registry that answers 500 leaves the check incomplete and names the package: exit 3', async () => {
    fake.failing = true;
    try {
      const registry = registryOf({ one: packageRecord('one', demo, DEMO_TOOLS) });
      const result = await runEvidenceCli(env({ RCLASS_REGISTRY_DIR: registry.dir, RCLASS_NPM_REGISTRY: fake.url, RCLASS_EVIDENCE_RETRIES: '0' }));
      expect(result.stderr).toMatch(
        new RegExp(`^evidence check incomplete: npm package @rclass-test/demo-server@1\\.0\\.0 could not be read from ${fake.url.replace(/\./g, '\\.')}: 500 `),
      );
      expect(result.stdout).not.toContain('error  [');
      expect(result.code).toBe(3);
    } finally {
      fake.failing = false;
    }
  });
});
