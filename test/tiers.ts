/**
 * Which vitest files belong to which test tier. vitest.config.ts builds its
 * projects from these lists, and test/tiers.test.ts checks that the lists
 * name real files and that the unit tier stays free of processes.
 *
 * The rule:
 * - **unit**: everything not listed below. Pure code in this process: no
 *   child process (no `node:child_process`, no MCP stdio transport, no
 *   `npx`, no esbuild service), no server of any kind, no Cedar or CEL
 *   engine, no built site. Temporary files are fine. The whole tier runs
 *   in under a minute on a 2-core machine (`npm run test:quick`).
 * - **integration**: a file that starts a process (the CLI or the hook as
 *   a child, `npx tsx scripts/…`, a fake or real MCP server, a scan that
 *   starts servers, esbuild), listens on a socket, or drives a real policy
 *   engine (Cedar, CEL). Files that load cedar-wasm also go in
 *   {@link CEDAR_TESTS}, which runs them with V8's optimiser off.
 * - **site**: a file that reads the built site (build/site), so it needs
 *   `npm run build` first; it runs with the Playwright tests (e2e/).
 * - **real clients**: a file that runs a real AI agent from npm
 *   (test/real-clients) end to end against a local stand-in for its
 *   model's API. Each client is a download of its own (Gemini CLI 0.61.0:
 *   100 MB) and a run starts the whole agent, its MCP servers and the
 *   hooks (one `gemini -p` took 55 s on a 2-core machine at load 24, 5 s
 *   of it processor time). So they run in the crawl tier (`npm run
 *   test:crawl`, nightly in .github/workflows/crawl.yml), not in `npm test`.
 *
 * A new test file lands in unit by default; if it starts a process,
 * test/tiers.test.ts fails and names it, and it belongs in the list here.
 */

/** Integration tier: child processes, real servers, real policy engines. */
export const INTEGRATION_TESTS = [
  'test/architecture/layers.test.ts', // dependency-cruiser as a child process
  'test/audit/concurrency.test.ts', // concurrent writer processes
  'test/architecture/browser-safe.test.ts', // bundles every browser-safe entry with esbuild (a service process)
  'test/evidence/evidence-cli.test.ts', // scripts/evidence.ts as a child, against a fake GitHub server
  'test/evidence/npm-cli.test.ts', // scripts/evidence.ts as a child, against the real npm registry and a loopback registry stand-in
  'test/evidence/documentation-cli.test.ts', // scripts/evidence.ts as a child, against a loopback stand-in for a vendor's documentation site
  'test/evidence/mirror.test.ts', // git as a child, over a bare mirror made in a temporary folder
  'test/scan/clients-home.test.ts', // rclass scan --list as a child process over a HOME with every client
  'test/scan/client-switches.test.ts', // rclass scan --list in-process over Claude Code, Copilot CLI, Codex, Qwen Code and Gemini CLI switches (a scan)
  'test/scan/real-forms.test.ts', // rclass scan --list in-process over real launcher forms and an unknown file shape (a scan)
  'test/scan/documentation-mark.test.ts', // rclass scan --list and lookup in-process over a record resting on the vendor's documentation (a scan)
  'test/scan/hosted.test.ts', // rclass scan --list in-process over every vendor's hosted URL forms, one scan per client's file (a scan)
  'test/examples/gateway-hook.test.ts', // the example proxy in front of the real memory server
  'test/export/cel.test.ts', // the real CEL engine
  'test/hook/agents.test.ts', // the Gemini CLI, Codex and Cursor hooks, also as child processes
  'test/hook/anchor-command.test.ts', // the hook's --anchor-command runs through a shell
  'test/hook/child.test.ts', // the hook as installed, as a child process
  'test/hook/local-records.test.ts', // rclass records, scan and the hook with local records, as child processes
  'test/hook/guard.test.ts', // the generated hook commands through sh and bash, against stand-ins that crash
  'test/node/read-regular.test.ts', // FIFOs made with mkfifo in place of files the hook reads
  'test/hook/proxy.test.ts', // rclass proxy as a child, in front of the real memory server
  'test/hook/proxy-annotate.test.ts', // rclass proxy --annotate as a child, in front of the real memory server
  'test/hook/proxy-hostile.test.ts', // rclass proxy as a child, in front of a hostile fake server
  'test/hook/proxy-approval.test.ts', // rclass proxy as a child, in front of the real memory server, with its loopback page
  'test/hook/proxy-ids.test.ts', // rclass proxy as a child, in front of the real memory server, sent a reused request id
  'test/hook/anchor-pending.test.ts', // the hook waits out its log-lock budget behind a held lock
  'test/pipeline/check-report.test.ts', // scripts/check.ts and build.ts through tsx (node --import tsx)
  'test/pipeline/record-yaml.test.ts', // scripts/check.ts, build.ts and prepare.ts through tsx (node --import tsx)
  'test/registry/list-tools.test.ts', // fake stdio servers
  'test/registry/live-tools.test.ts', // every pinned server package from test/servers, live
  'test/refresh/before.test.ts', // npm run refresh as a child, against a loopback npm registry: a package's `before` (SPEC 5.3)
  'test/refresh/github.test.ts', // npm run refresh as a child, against a loopback GitHub releases API
  'test/refresh/npm.test.ts', // npm run refresh as a child, against the real npm registry: installs and starts chrome-devtools-mcp
  'test/scan/child.test.ts', // rclass scan as a child process
  'test/cli/closed-stderr.test.ts', // rclass as a child process with a closed stderr
  'test/cli/child.test.ts', // the CLI as installed, and from source through tsx, as a child process
  'test/pipeline/pack-install.test.ts', // npm pack, and npm install of the tarball
  'test/scan/scan.test.ts', // scans that start real and fixture servers
  'test/scan/code-options.test.ts', // scan --list of the review's reproductions, and a scan --assume that starts `node -e 0`
  'test/scan/suggested.test.ts', // scans that start the real memory server with no record for it
  'test/scan/servers-file.test.ts', // scans that start the memory server
  'test/scan/npx-cache.test.ts', // real npx installs from the npm registry under a scan deadline, and real pnpm dlx
  'test/cli/readme-run.test.ts', // every README command through sh, npx and the CLI as child processes
  'test/clients/env-keys-npm.test.ts', // npm as a child, reading $HOME/.npmrc
  'test/export/static-not-weaker.test.ts', // the real CEL engine, against every format and registry tool
  'test/site/sample.test.ts', // git as a child process, to find the pages a change touched
] as const;

/**
 * Integration files that load cedar-wasm. They run with `--no-opt`: on
 * Node 20 (V8 11.3), optimised code around the engine's WebAssembly glue
 * sometimes hits a V8 deoptimizer bug that kills the worker ("Fatal error …
 * unreachable code" in DoComputeBuiltinContinuation). With `--no-opt` the
 * same tests passed 5 runs of 5; without it 2 of 5 runs died.
 */
export const CEDAR_TESTS = [
  'test/cli/cedar-output.test.ts', // the Cedar the CLI prints, in-process and from the installed bundle as a child process
  'test/export/cedar.test.ts',
  'test/export/cedar-docker-examples.test.ts',
  'test/export/toolhive.test.ts',
  'test/export/cedar-entities.test.ts',
] as const;

/**
 * Integration files whose child processes must answer within a deadline
 * (the hook's 9.5 s watchdog, the generated guard commands' limits, the
 * hook's log-lock budget). On a starved processor they fail: on a shared
 * 2-core machine at load 35-40 every one of them failed or timed out (issue
 * 30). So `npm test` runs them with the processor-bound projects, before the
 * browser tests, never side by side with Chromium (vitest project
 * `integration-deadlines`); they stay in {@link INTEGRATION_TESTS}.
 */
export const DEADLINE_TESTS = ['test/hook/child.test.ts', 'test/hook/agents.test.ts', 'test/hook/guard.test.ts', 'test/hook/anchor-pending.test.ts'] as const;

/**
 * Integration files that mostly wait (on npm installs, servers starting, the
 * README's ~25 npx calls) for a minute or more, started first, longest first,
 * by test/sequencer.ts. Without this a fresh clone (no vitest cache) ordered
 * files by size, and pack-install (96 s, most of it npm waiting on the
 * network) started at 194 s and was alone for the tier's last ~60 s (issue 30).
 */
export const WAIT_FIRST = [
  'test/pipeline/pack-install.test.ts',
  'test/cli/readme-run.test.ts',
  'test/scan/scan.test.ts',
  'test/scan/npx-cache.test.ts',
  'test/registry/live-tools.test.ts',
] as const;

/**
 * Integration and Cedar files whose size grows with the registry: `npm test`
 * runs them over a sample (test/registry-sample.ts), `npm run test:crawl` over
 * every tool and every pinned server (`RCLASS_CRAWL=1`; issue 30). They stay
 * in {@link INTEGRATION_TESTS} or {@link CEDAR_TESTS}.
 */
export const CRAWL_TESTS = [
  'test/export/static-not-weaker.test.ts',
  'test/registry/live-tools.test.ts',
  'test/export/cedar.test.ts',
  'test/export/toolhive.test.ts',
] as const;

/** Site tier (vitest part): checks of the built site's files. */
export const SITE_TESTS = [
  'test/site/accuracy.test.ts',
  'test/site/budget.test.ts',
  'test/site/documentation-mark.test.ts',
  'test/site/links.test.ts',
  'test/site/pages.test.ts',
  'test/site/sitemap.test.ts',
  'test/site/readme-api.test.ts', // the README's jq commands over the built site's API
] as const;

/** Real-client tier: real agents from npm against a stand-in for their model's API (run by `npm run test:crawl`). */
export const REAL_CLIENT_TESTS = ['test/real-clients/gemini-headless.test.ts'] as const;

/** Every vitest file lives under test/ and ends in `.test.ts`. */
export const TEST_GLOB = 'test/**/*.test.ts';

/** What a unit file (or a test helper it imports) may not mention: ways to start a process or a server. */
export const PROCESS_MARKERS: ReadonlyArray<[RegExp, string]> = [
  [/\bchild_process\b/, 'node:child_process'],
  [/\bcross-spawn\b/, 'cross-spawn'],
  [/\bexeca\b/, 'execa'],
  [/\bStdioClientTransport\b/, 'an MCP stdio transport'],
  [/\bGroupStdioTransport\b/, 'an MCP stdio transport'],
  [/\bnode:worker_threads\b/, 'worker threads'],
  [/\bcedar-wasm\b/, 'the Cedar engine'],
  [/\bcel-js\b/, 'the CEL engine'],
  [/from 'esbuild'|\bbundleCli\b/, 'esbuild'],
  [/\b(?:createServer|listen)\(/, 'a server'],
  [/\brunEvidenceCli\b|\binstalledPackage\b/, 'a helper that starts a child process'],
  [/\brunCli\(\s*\[\s*'scan'|\bscan\(\s*\[/, 'a scan, which starts servers'],
  [/\blistTools\(/, "scan's listTools, which starts a server"],
  [/'--anchor-command'/, "the hook's --anchor-command, which it runs through a shell"],
];
