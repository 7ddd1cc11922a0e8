/**
 * Build step: bundle the `rclass` CLI (`src/cli/main.ts`) into one ES module,
 * `build/cli/rclass.mjs`, which `bin/rclass.mjs` imports.
 *
 * - ESM for Node 20, with a `createRequire` banner so bundled CommonJS
 *   dependencies (ajv, semver) can `require` Node built-ins.
 * - ES module builds of dependencies are preferred over `main` (jsonc-parser's
 *   `main` is a UMD build that requires its own files at run time).
 * - The WebAssembly packages stay external (`@cedar-policy/cedar-wasm`,
 *   `libpg-query`): they read their `.wasm` files next to their own code,
 *   so they are loaded from the package's `node_modules` at run time.
 * - The bundle sits two levels below the package root, like
 *   `src/cli/paths.ts`, so it finds `build/registry.json`, `schema/` and
 *   `package.json` the same way.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/** Where the bundle is written. */
export const CLI_BUNDLE = fileURLToPath(new URL('../../build/cli/rclass.mjs', import.meta.url));

const ENTRY = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

/** Packages left out of the bundle and imported from node_modules at run time. */
export const EXTERNAL_PACKAGES = ['@cedar-policy/cedar-wasm', 'libpg-query'];

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
    banner: { js: "import { createRequire as __rclassCreateRequire } from 'node:module';\nconst require = __rclassCreateRequire(import.meta.url);" },
    legalComments: 'none',
    logLevel: 'warning',
    sourcemap: false,
  });
  return outfile;
}
