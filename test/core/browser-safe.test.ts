/**
 * The classifier core must run unchanged in a browser: bundling it for the
 * browser must succeed with no Node built-in reachable, and the only module
 * left outside the bundle is the SQL parser, which loads on demand.
 */
import { builtinModules } from 'node:module';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const entry = new URL('../../src/core/index.ts', import.meta.url).pathname;

async function bundleCore(external: string[]) {
  return build({ entryPoints: [entry], bundle: true, platform: 'browser', format: 'esm', write: false, metafile: true, logLevel: 'silent', external });
}

describe('core is browser-safe', () => {
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
      bundle: true, platform: 'browser', format: 'esm', write: false, logLevel: 'silent',
    }).then(() => 'bundled', () => 'failed');
    expect(probe).toBe('failed');
  });
});
