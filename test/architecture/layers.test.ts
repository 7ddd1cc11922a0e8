/**
 * The layers of `src/` import one way only (README "Layout"): the rules in
 * `.dependency-cruiser.cjs` hold for the whole import graph, the rules can
 * fail (a planted upward, sideways, circular or Node-only import is caught),
 * and no module loads code through a computed `import()` specifier, which
 * no dependency checker can follow.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** Run dependency-cruiser on `src/` of `cwd` with the project's rules; its violations, or the whole output when it did not run. */
async function cruise(cwd: string): Promise<Violation[]> {
  const run = promisify(execFile);
  const { stdout } = await run(process.execPath, [DEPCRUISE, 'src', '--config', CONFIG, '--output-type', 'json'], { cwd, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  const result = JSON.parse(stdout) as { summary: { violations: Violation[]; totalCruised: number } };
  expect(result.summary.totalCruised).toBeGreaterThan(0);
  return result.summary.violations;
}

const shown = (violations: Violation[]): string[] => violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();

/** The one computed import allowed: the search page's browser script loads the Pagefind bundle the build writes into the site, which is no module of this repository. */
const COMPUTED_IMPORT_ALLOWED = new Set(['src/site/pages/search.astro']);

const scratch: string[] = [];
afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

describe('the layers of src/', () => {
  it('has no upward, sideways or circular import, and no Node built-in in a browser-safe layer', async () => {
    expect(shown(await cruise(ROOT))).toEqual([]);
  }, 60_000);

  it('catches planted upward, sideways, circular, scripts and Node-only imports (the rules can fail)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rclass-layers-'));
    scratch.push(dir);
    const files: Record<string, string> = {
      'tsconfig.json': JSON.stringify({
        compilerOptions: { allowImportingTsExtensions: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext' },
      }),
      'scripts/step.ts': 'export const step = 1;\n',
      'src/cli/main.ts': 'export const main = 1;\n',
      'src/core/up.ts': "import { main } from '../cli/main.ts';\nexport const up = main;\n",
      'src/core/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'src/core/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      'src/clients/reads.ts': "import { readFileSync } from 'node:fs';\nexport const reads = readFileSync;\n",
      'src/hook/side.ts': "import { scan } from '../scan/scan.ts';\nexport const side = scan;\n",
      'src/scan/scan.ts': 'export const scan = 1;\n',
      'src/node/build.ts': "import { step } from '../../scripts/step.ts';\nexport const build = step;\n",
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    expect(shown(await cruise(dir))).toEqual([
      'browser-safe-has-no-node-builtins: src/clients/reads.ts -> fs',
      'core-is-the-ground-floor: src/core/up.ts -> src/cli/main.ts',
      'hook-is-a-product: src/hook/side.ts -> src/scan/scan.ts',
      'no-circular: src/core/a.ts -> src/core/b.ts',
      'src-never-imports-scripts-or-tests: src/node/build.ts -> scripts/step.ts',
    ]);
  }, 60_000);

  it('loads no module through a computed import() specifier', async () => {
    const offending: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(file);
        else if (/\.(ts|mjs|astro)$/.test(entry.name)) {
          const text = await readFile(file, 'utf8');
          if (COMPUTED_IMPORT_ALLOWED.has(path.relative(ROOT, file).split(path.sep).join('/'))) continue;
          for (const match of text.matchAll(/\bimport\(\s*([^'"`\s)])/g)) offending.push(`${path.relative(ROOT, file)}: import(${match[1]}…`);
        }
      }
    };
    await walk(path.join(ROOT, 'src'));
    expect(offending).toEqual([]);
  });
});
