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
 * - `rclass hook` has a bundle of its own, `build/cli/hook.cjs` (entry
 *   `src/cli/hook-main.ts`), written beside the CLI bundle: Claude Code runs
 *   the hook before every tool call, so it must not load the other commands
 *   (issue 14). It is one CommonJS file, run by its launcher
 *   `build/cli/hook-launch.cjs` (entry `src/cli/hook-launch.ts`) through
 *   `vm.Script` with V8's code cache beside it (`src/node/code-cache.ts`,
 *   written by `scripts/steps/hook-cache.ts`). It is written inside the
 *   function Node's loader would wrap it in, so the launcher compiles the
 *   text as it reads it. Code the
 *   hook needs only for some calls (the MCP decision, the YAML mapping
 *   parser) is reached through dynamic imports, which esbuild makes lazily
 *   evaluated modules, so it is compiled and run only when a call needs it.
 *   {@link HOOK_EXCLUDED} lists packages it must never contain.
 * - The bundle sits two levels below the package root, like
 *   `src/node/package-paths.ts`, so it finds `build/registry.json`, `schema/` and
 *   `package.json` the same way.
 */
import { build } from 'esbuild';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMONJS_WRAPPER } from '../../src/node/code-cache.ts';

/** Where the bundle is written. */
export const CLI_BUNDLE = fileURLToPath(new URL('../../build/cli/rclass.mjs', import.meta.url));

const ENTRY = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

const HOOK_ENTRY = fileURLToPath(new URL('../../src/cli/hook-main.ts', import.meta.url));

const HOOK_LAUNCH_ENTRY = fileURLToPath(new URL('../../src/cli/hook-launch.ts', import.meta.url));

/** The hook bundle's file name, beside the CLI bundle. */
const HOOK_BUNDLE_NAME = 'hook.cjs';

/** The hook launcher's file name, beside the CLI bundle (`bin/rclass.mjs` loads it). */
const HOOK_LAUNCHER_NAME = 'hook-launch.cjs';

/** Chunks of the ES module hook bundle of earlier builds start with this; they are removed. */
const HOOK_CHUNK_PREFIX = 'hook-chunk-';

/** Packages the hook bundle must not contain (a test reads the bundle's inputs): loading them was most of a decision's time (issue 14). */
export const HOOK_EXCLUDED = ['@modelcontextprotocol/sdk', 'zod', 'ajv', 'ajv-formats', 'proper-lockfile', 'graceful-fs', 'signal-exit', 'write-file-atomic'];

/**
 * Packages the hook loads only for some calls, left out of its bundle and
 * required from node_modules when a call needs them: tldts (`--egress-allow`)
 * and smol-toml (Codex's configuration). Bundled, their 155 KB were read,
 * hashed and their code cache deserialized on every call (issue 14). yaml
 * stays in the bundle: the server mapping file (SPEC 6.3) may be read by a
 * hook running as a user who can read the bundle but not the package's
 * node_modules. The PEP 440 parser stays too: every MCP decision loads the
 * version module that holds it, and from node_modules it would be found,
 * read and compiled without the code cache each time.
 */
export const HOOK_LAZY_PACKAGES = ['tldts', 'smol-toml'];

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

/** Options of both hook bundles (`hook.cjs` and `hook-launch.cjs`): CommonJS for Node 20, run by `src/node/code-cache.ts`. */
function hookBuildOptions(entry: string, outfile: string) {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node' as const,
    format: 'cjs' as const,
    target: 'node20',
    mainFields: ['module', 'main'],
    // ajv (and its formats) only for `--registry FILE`: from node_modules when that option is given.
    external: [...EXTERNAL_PACKAGES, 'ajv', 'ajv-formats', ...HOOK_LAZY_PACKAGES],
    // No `import()` is left in the bundle: a script run through `vm.Script` has no loader for it (Node 20 needs
    // `importModuleDynamically`); esbuild turns each into a lazily evaluated module and `require` for externals.
    supported: { 'dynamic-import': false },
    // `import.meta.url` (package-paths.ts finds the package root with it) becomes the bundle's own URL, made on
    // first use: a built-in or PostToolUse call never reads it, and the first `pathToFileURL` of a process cost
    // about 0.4 ms (the launcher, which never reads it, made it too).
    define: { 'import.meta.url': '__rclassImportMeta.url' },
    banner: { js: "var __rclassImportMeta = { get url() { return require('node:url').pathToFileURL(__filename).href; } };" },
    // Whitespace, comments and local names out: the hook reads, hashes and compiles less of it on every call (a
    // 1.2 MB bundle cost 3 ms of CPU to read as UTF-16, its comments not being ASCII). Short local names took
    // 695 KB to 531 KB and the code cache's part for the functions' names with them (about 1.5 ms of CPU of
    // a built-in call, bench/hook.ts). Nothing in the hook reads a function's or class's `name` (errors are
    // reported by message; the error classes that matter set `name` themselves); properties keep theirs.
    minifyWhitespace: true,
    minifySyntax: true,
    minifyIdentifiers: true,
    charset: 'ascii' as const,
    legalComments: 'none' as const,
    logLevel: 'warning' as const,
    sourcemap: false,
    metafile: true,
  };
}

/** What the hook bundle contains: every input, and those evaluated when it starts (reached from the entry without a dynamic import). */
export interface HookBundleInputs {
  /** Every input, by path relative to the repository. */
  all: string[];
  /** The inputs evaluated at start: the entry and what it imports statically, transitively. */
  eager: string[];
}

/**
 * Bundle `rclass hook` alone into `<dir>/hook.cjs`, and its launcher into
 * `<dir>/hook-launch.cjs` (bundles, chunks and code caches of earlier builds
 * are removed first). Code reached only through a dynamic `import()` (the MCP decision,
 * the YAML mapping parser, ajv for `--registry`) is in the bundle but
 * evaluated only when a call needs it.
 * @param dir the CLI bundle's folder (`<root>/build/cli/`: two levels below the package root)
 * @returns the inputs esbuild read (for the test that nothing heavy is in it or evaluated at start)
 * @throws if esbuild reports an error
 */
export async function bundleHook(dir: string = path.dirname(CLI_BUNDLE)): Promise<HookBundleInputs> {
  try {
    for (const name of readdirSync(dir))
      if (
        name.startsWith(HOOK_CHUNK_PREFIX) ||
        name === 'hook.mjs' ||
        name === HOOK_BUNDLE_NAME ||
        name === HOOK_LAUNCHER_NAME ||
        (name.startsWith('hook-') && name.endsWith('.v8cache'))
      )
        rmSync(path.join(dir, name), { force: true });
  } catch {
    // No folder yet: made below.
  }
  mkdirSync(dir, { recursive: true });
  // The hook bundle is written inside the function Node's loader would wrap it in, which the launcher compiles
  // as it reads it (src/node/code-cache.ts); the launcher is an ordinary CommonJS file.
  const result = await build({ ...hookBuildOptions(HOOK_ENTRY, path.join(dir, HOOK_BUNDLE_NAME)), write: false });
  const [head, tail] = COMMONJS_WRAPPER;
  for (const output of result.outputFiles) writeFileSync(output.path, `${head}${output.text}${tail}`);
  await build({ ...hookBuildOptions(HOOK_LAUNCH_ENTRY, path.join(dir, HOOK_LAUNCHER_NAME)), metafile: false });
  const inputs = result.metafile?.inputs ?? {};
  const entry = path.relative(process.cwd(), HOOK_ENTRY).split(path.sep).join('/');
  const eager = new Set<string>();
  const queue = Object.keys(inputs).filter((name) => name === entry || name.endsWith('src/cli/hook-main.ts'));
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (eager.has(name)) continue;
    eager.add(name);
    for (const imported of inputs[name]?.imports ?? []) if (imported.kind !== 'dynamic-import' && !imported.external) queue.push(imported.path);
  }
  return { all: Object.keys(inputs), eager: [...eager] };
}
