/**
 * Every browser-safe entry must run unchanged in a browser: the classifier
 * core, the client-configuration layer and the policy exporters (the
 * layers `.dependency-cruiser.cjs` marks browser-safe). Bundling each for
 * the browser must succeed with no Node built-in reachable, and the only
 * module left outside the bundle is the SQL parser, which loads on demand.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** Each browser-safe layer's public entry: every TypeScript entry the `package.json` `exports` map names, by its layer. */
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { exports: Record<string, string> };
const ENTRIES = Object.values(pkg.exports)
  .filter((target) => target.endsWith('.ts'))
  .map((target) => [target.split('/')[2]!, target.slice(2)] as const);

it('the exports map names the core, clients and export entries', () => {
  expect(ENTRIES.map(([layer]) => layer)).toEqual(['core', 'clients', 'export']);
});

describe.each(ENTRIES)('%s is browser-safe', (_layer, file) => {
  const entry = new URL(`../../${file}`, import.meta.url).pathname;
  const bundleCore = (external: string[]) =>
    build({ entryPoints: [entry], bundle: true, platform: 'browser', format: 'esm', write: false, metafile: true, logLevel: 'silent', external });

  it('bundles for the browser with only libpg-query left external', async () => {
    const result = await bundleCore(['libpg-query']);
    const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports.map((i) => i.path));
    expect(imports.filter((path) => path !== 'libpg-query')).toEqual([]);
  });

  it('reaches no Node built-in module from any input file', async () => {
    const result = await bundleCore(['libpg-query']);
    const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
    const offending = Object.entries(result.metafile.inputs).flatMap(([file, input]) =>
      input.imports.filter((i) => builtins.has(i.path) || i.path.startsWith('node:')).map((i) => `${file} -> ${i.path}`),
    );
    expect(offending).toEqual([]);
  });

  it('fails to bundle when a Node built-in is imported (the check can fail)', async () => {
    const probe = await build({
      stdin: { contents: "import { readFileSync } from 'node:fs'; export const x = readFileSync;", resolveDir: process.cwd(), loader: 'ts' },
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    }).then(
      () => 'bundled',
      () => 'failed',
    );
    expect(probe).toBe('failed');
  });
});
