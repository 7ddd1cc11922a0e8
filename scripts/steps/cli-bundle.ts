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
 * - The bundle sits two levels below the package root, like
 *   `src/node/package-paths.ts`, so it finds `build/registry.json`, `schema/` and
 *   `package.json` the same way.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/** Where the bundle is written. */
export const CLI_BUNDLE = fileURLToPath(new URL('../../build/cli/rclass.mjs', import.meta.url));

const ENTRY = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

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
