/**
 * Build step: bundle the `rclass` CLI (`src/cli/main.ts`) into one ES module,
 * `build/cli/rclass.mjs`, which `bin/rclass.mjs` imports.
 *
 * - ESM for Node 20, with a banner that gives bundled CommonJS dependencies
 *   the module-scope names an ES module lacks: `require` (from
 *   `createRequire`, for Node built-ins: ajv, semver), and `__filename` and
 *   `__dirname` (from `import.meta.url`: write-file-atomic names its temporary
 *   files with a hash of `__filename`). They name the bundle, not the
 *   dependency's own file, which is what esbuild's CommonJS output would give
 *   too. `BANNER_GLOBALS` lists them; a test checks the bundle uses no other.
 * - ES module builds of dependencies are preferred over `main` (jsonc-parser's
 *   `main` is a UMD build that requires its own files at run time).
 * - The WebAssembly packages stay external (`@cedar-policy/cedar-wasm`,
 *   `libpg-query`): they read their `.wasm` files next to their own code,
 *   so they are loaded from the package's `node_modules` at run time.
 *   Nothing in `src/` imports `@cedar-policy/cedar-wasm` today (only tests
 *   do, so it is a devDependency); an import added to `src/` must move it
 *   back to `dependencies`, or the installed CLI cannot find it.
 * - `rclass hook` has a bundle of its own, `build/cli/hook.mjs` (entry
 *   `src/cli/hook-main.ts`), written beside the CLI bundle: Claude Code runs
 *   the hook before every tool call, so it must not load the other commands
 *   (issue 14). It is split (`splitting`), so code the hook needs only for
 *   some calls (the MCP decision, the YAML mapping parser) sits in chunks,
 *   `build/cli/hook-chunk-*.mjs`, that are read only when a call needs them.
 *   {@link HOOK_EXCLUDED} lists packages it must never contain.
 * - The bundle sits two levels below the package root, like
 *   `src/node/package-paths.ts`, so it finds `build/registry.json`, `schema/` and
 *   `package.json` the same way.
 */
import { build } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the bundle is written. */
export const CLI_BUNDLE = fileURLToPath(new URL('../../build/cli/rclass.mjs', import.meta.url));

const ENTRY = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

const HOOK_ENTRY = fileURLToPath(new URL('../../src/cli/hook-main.ts', import.meta.url));

/** The hook bundle's file name, beside the CLI bundle. */
export const HOOK_BUNDLE_NAME = 'hook.mjs';

/** The names of the hook bundle's chunks start with this. */
export const HOOK_CHUNK_PREFIX = 'hook-chunk-';

/** Packages the hook bundle must not contain (a test reads the bundle's inputs): loading them was most of a decision's time (issue 14). */
export const HOOK_EXCLUDED = ['@modelcontextprotocol/sdk', 'zod', 'ajv', 'ajv-formats', 'proper-lockfile', 'graceful-fs', 'signal-exit', 'write-file-atomic'];

/** Packages left out of the bundle and imported from node_modules at run time. */
export const EXTERNAL_PACKAGES = ['@cedar-policy/cedar-wasm', 'libpg-query'];

/** The CommonJS module-scope names the banner defines for bundled dependencies. */
export const BANNER_GLOBALS = ['require', '__filename', '__dirname'];

const BANNER = [
  "import { createRequire as __rclassCreateRequire } from 'node:module';",
  "import { fileURLToPath as __rclassFileURLToPath } from 'node:url';",
  'const require = __rclassCreateRequire(import.meta.url);',
  'const __filename = __rclassFileURLToPath(import.meta.url);',
  "const __dirname = __rclassFileURLToPath(new URL('.', import.meta.url));",
].join('\n');

/**
 * Bundle the CLI.
 * @param outfile where to write it; the bundle must sit two levels below a package root (`<root>/build/cli/`)
 * @returns the bundle's path
 * @throws if esbuild reports an error (the message lists them)
 */
export async function bundleCli(outfile: string = CLI_BUNDLE): Promise<string> {
  await bundleHook(path.dirname(outfile));
  await build({
    entryPoints: [ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Prefer ES module builds: jsonc-parser's `main` is a UMD build whose inner requires esbuild cannot follow.
    mainFields: ['module', 'main'],
    external: EXTERNAL_PACKAGES,
    banner: { js: BANNER },
    legalComments: 'none',
    logLevel: 'warning',
    sourcemap: false,
  });
  return outfile;
}

/**
 * Bundle `rclass hook` alone into `<dir>/hook.mjs` and its chunks
 * `<dir>/hook-chunk-*.mjs` (chunks of an earlier build are removed first).
 * @param dir the CLI bundle's folder (`<root>/build/cli/`: chunks sit beside the entry, two levels below the package root)
 * @returns the inputs esbuild read, by path relative to the repository (for the test that nothing heavy is in it)
 * @throws if esbuild reports an error
 */
export async function bundleHook(dir: string = path.dirname(CLI_BUNDLE)): Promise<string[]> {
  try {
    for (const name of readdirSync(dir)) if (name.startsWith(HOOK_CHUNK_PREFIX)) rmSync(path.join(dir, name), { force: true });
  } catch {
    // No folder yet: esbuild makes it.
  }
  const result = await build({
    entryPoints: { hook: HOOK_ENTRY },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    chunkNames: `${HOOK_CHUNK_PREFIX}[hash]`,
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    mainFields: ['module', 'main'],
    external: EXTERNAL_PACKAGES,
    banner: { js: BANNER },
    legalComments: 'none',
    logLevel: 'warning',
    sourcemap: false,
    metafile: true,
  });
  return Object.keys(result.metafile.inputs);
}
