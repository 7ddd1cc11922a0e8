/**
 * The CLI end to end as a child process, through `bin/rclass.mjs`: once as
 * installed (the run's package folder, test/cli-package-setup.ts: a fresh
 * bundle of the current source, `build/registry.json`, `schema/`,
 * `package.json` and the launcher, with the repository's node_modules for
 * the WebAssembly packages; this file only reads it), and once from source
 * in the repository (RCLASS_SOURCE=1, through tsx).
 *
 * From source, one start pins the launcher's fallback to tsx: a start through
 * tsx costs about 2.5 processor-seconds, one from the bundle about 0.9
 * (issue 30). The same commands from source (exit codes, `export`, `--out`,
 * the version) are pinned in-process by test/cli/cli.test.ts, which runs the
 * same source's `run`; they used to be asked here again through ten more tsx
 * starts.
 *
 * The Cedar the bundle prints and writes is checked by the Cedar engine in
 * test/cli/cedar-output.test.ts: a file that loads cedar-wasm runs with V8's
 * optimiser off (test/tiers.ts CEDAR_TESTS), and this one's TypeScript scan of
 * the bundle took several times longer so.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { BANNER_GLOBALS } from '../../scripts/steps/cli-bundle.ts';
import { schemaValidators } from '../../src/records/schemas.ts';
import { ROOT, tempDir } from './harness.ts';
import { runBin, testedPackage } from './tested-bin.ts';

/** The run's package folder, laid out as npm installs this package, with a bundle of the current source (made once per run, not per file). */
const installed = testedPackage();

/**
 * Which of `names` the bundle uses without declaring them, found by resolving
 * each use of them with TypeScript's checker over the bundle as plain
 * JavaScript against the ECMAScript library alone (no Node or DOM types), so
 * a host global such as `process` resolves to nothing. Only those names are
 * resolved: the whole file's semantic diagnostics ("cannot find name …")
 * gave the same names for the bundle, and for it with its banner removed,
 * but took 14 processor-seconds instead of 3.5 (issue 30).
 */
function freeNames(file: string, names: readonly string[]): Set<string> {
  const program = ts.createProgram([file], {
    allowJs: true,
    checkJs: true,
    noEmit: true,
    noResolve: true,
    types: [],
    lib: ['lib.es2023.d.ts'],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
  });
  const checker = program.getTypeChecker();
  const free = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && names.includes(node.text)) {
      // A property's name (`x.require`, `a.b` in a type) is not a use of a variable.
      const { parent } = node;
      const propertyName = (ts.isPropertyAccessExpression(parent) && parent.name === node) || (ts.isQualifiedName(parent) && parent.right === node);
      const symbol = ts.isShorthandPropertyAssignment(parent) ? checker.getShorthandAssignmentValueSymbol(parent) : checker.getSymbolAtLocation(node);
      if (!propertyName && symbol === undefined) free.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(program.getSourceFile(file)!);
  return free;
}

describe('the CLI bundle', () => {
  // An ES module has none of CommonJS's module-scope names; a bundled CommonJS dependency that uses one
  // fails only when that code path runs (write-file-atomic's `__filename`, on `--out`).
  it('uses no CommonJS module-scope name that its banner does not define', () => {
    const bundle = path.join(installed, 'build', 'cli', 'rclass.mjs');
    const commonJs = ['require', 'module', 'exports', '__filename', '__dirname'];
    const free = freeNames(bundle, ['process', ...commonJs]);
    expect(free.has('process')).toBe(true); // the scan sees host globals at all
    expect([...free].filter((name) => commonJs.includes(name))).toEqual([]);
    const head = readFileSync(bundle, 'utf8').split('\n').slice(0, 8).join('\n');
    for (const name of BANNER_GLOBALS) expect(head).toMatch(new RegExp(`^const ${name} = `, 'm'));
  }, 60_000);
});

/** What `lookup sqlite write_query` prints for DROP TABLE, from the bundle or from source. */
function expectDropTable(result: ReturnType<typeof runBin>): void {
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const lines = result.stdout.split('\n');
  expect(lines[0]).toBe('R4 Irreversible (registry)');
  expect(lines[1]).toContain('DROP TABLE');
  expect(lines[2]).toBe('effects: read, create-private, delete, overwrite (SPEC 2.9)');
  expect(lines[3]).toBe('default policy: never_autonomous');
}

describe('bin/rclass.mjs in the repository, from source', () => {
  it('runs the source through tsx with RCLASS_SOURCE=1: prints R4 with the rationale for DROP TABLE through sqlite write_query', () => {
    expectDropTable(runBin(ROOT, ['lookup', 'sqlite', 'write_query', '--args', '{"query": "DROP TABLE users"}'], { RCLASS_SOURCE: '1' }));
  });
});

describe('bin/rclass.mjs installed, from the bundle', () => {
  const run = (args: string[], extra: Record<string, string> = {}, input?: string, cwd?: string) => runBin(installed, args, extra, input, cwd);
  it('prints R4 with the rationale for DROP TABLE through sqlite write_query', () => {
    expectDropTable(run(['lookup', 'sqlite', 'write_query', '--args', '{"query": "DROP TABLE users"}']));
  });

  it('exits 2 for a usage error, 1 for a met threshold and 3 for an unreadable registry', () => {
    expect(run(['lookup', 'sqlite', 'write_query', '--args', 'nope']).code).toBe(2);
    expect(run(['lookup', 'sqlite', 'write_query', '--args', '-', '--fail-on', 'R3'], {}, '{"query": "DELETE FROM t"}').code).toBe(1);
    const broken = run(['export', '--registry', 'no-such.json']);
    expect(broken).toEqual({ code: 3, stdout: '', stderr: 'rclass: no such registry file `no-such.json`\n' });
  });

  it('prints its version (installed, only the bundle can answer: the folder has no src/ to fall back to)', () => {
    expect(existsSync(path.join(installed, 'src'))).toBe(false);
    const result = run(['--version']);
    expect(result).toEqual({ code: 0, stdout: expect.stringMatching(/^rclass \d+\.\d+\.\d+\n$/), stderr: '' });
  });

  it('prints the registry with export', () => {
    const result = run(['export']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).format_version).toBe(1);
  });

  // The README's own command. The bundle once failed here with `__filename is not defined`:
  // write-file-atomic is CommonJS and the ES module bundle did not define it.
  it('writes the registry with `export --out registry.json`, valid against schema/registry.schema.json', () => {
    const dir = tempDir();
    const result = run(['export', '--out', 'registry.json'], {}, undefined, dir);
    expect(result).toEqual({ code: 0, stdout: '', stderr: 'rclass: wrote `registry.json`\n' });
    const document = JSON.parse(readFileSync(path.join(dir, 'registry.json'), 'utf8'));
    const validate = schemaValidators().registry;
    expect(validate(document), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(document.servers.length).toBe(document.totals.servers);
    expect(document.servers.some((record: { id: string }) => record.id === 'sqlite')).toBe(true);
    expect(readdirSync(dir)).toEqual(['registry.json']);
  });
});
