/**
 * A repository script (scripts/*.ts, a test's own child script) as the
 * integration tests start it in a child process: bundled once per test file
 * with esbuild into one ES module in the run's temporary folder
 * (test/temp-root.ts), then run with plain `node`. A start through
 * `node --import tsx` compiles every imported module on each start, about
 * 2-3 processor-seconds; a start of the bundle costs a fraction of that
 * (issue 30). The code run is the same source: tsx compiles it with esbuild
 * too, one module at a time.
 *
 * What a bundle would change, kept as tsx runs it:
 * - `import.meta.url` (and `import.meta.dirname`, `import.meta.filename`) in
 *   each source module stays that module's own location (src/records/paths.ts
 *   finds the repository root from it), not the bundle's;
 * - packages stay external and load from the repository's node_modules,
 *   linked beside the bundle (the WebAssembly packages read files next to
 *   their own code).
 */
import { type Plugin, build } from 'esbuild';
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../scripts/lib/paths.ts';

/** Names each source module declares for its own location; esbuild's `define` points `import.meta.*` at them, and they bind in the module's own scope. */
const OWN = { url: '__rclassOwnUrl', dirname: '__rclassOwnDirname', filename: '__rclassOwnFilename' } as const;

/** Each source module's `import.meta` location stays its own: declared at its top (code only: a string that mentions `import.meta.url` is left alone). */
const OWN_LOCATION: Plugin = {
  name: 'own-import-meta-location',
  setup(plugin) {
    plugin.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
      const declared = [
        `const ${OWN.url} = ${JSON.stringify(pathToFileURL(args.path).href)};`,
        `const ${OWN.dirname} = ${JSON.stringify(path.dirname(args.path))};`,
        `const ${OWN.filename} = ${JSON.stringify(args.path)};`,
      ].join(' ');
      // On the first line, so the bundle's line numbers stay the source's.
      return { contents: `${declared} ${readFileSync(args.path, 'utf8')}`, loader: 'ts', resolveDir: path.dirname(args.path) };
    });
  },
};

/** This test file's bundles, by entry. */
const bundles = new Map<string, Promise<string>>();

async function bundle(entry: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rclass-script-'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const outfile = path.join(dir, `${path.basename(entry, path.extname(entry))}.mjs`);
  await build({
    entryPoints: [path.resolve(ROOT, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
    define: { 'import.meta.url': OWN.url, 'import.meta.dirname': OWN.dirname, 'import.meta.filename': OWN.filename },
    plugins: [OWN_LOCATION],
  });
  return outfile;
}

/**
 * The bundle of `entry`, made on the first call in this test file.
 * @param entry a TypeScript entry point, relative to the repository root (`scripts/evidence.ts`)
 * @returns the absolute path of the bundled `.mjs` file; run it with `process.execPath`
 * @throws esbuild's error when the entry does not bundle (every test that runs it fails on it)
 */
export function scriptBundle(entry: string): Promise<string> {
  let made = bundles.get(entry);
  if (made === undefined) {
    made = bundle(entry);
    bundles.set(entry, made);
  }
  return made;
}
