/**
 * The layers of `src/` and the one-way rules between them (README "Layout",
 * CONTRIBUTING "Where code goes"). `test/architecture/layers.test.ts` runs
 * this on every `npm test`; run it by hand with `npx depcruise src`.
 *
 *   core            browser-safe classifier (SPEC 3-5, 7, 8)
 *   clients         browser-safe client configurations and identification (SPEC 6, 8.5)   → core
 *   export          browser-safe policy exporters (SPEC 8)                                  → core, clients
 *   records         reading, validating and assembling records (SPEC 5.8, 5.9)              → core
 *   node            Node-only infrastructure: files, locks, digests, registry loading       → core, clients, records
 *   audit           the hash-chained audit log (SPEC 10)                                    → core, node
 *   hook, scan      products                                                                → core, clients, records, node (hook also → audit)
 *   refresh         `npm run refresh`, a maintainer's product built on scan's listing       → core, clients, records, node, scan
 *   cli, site       entry points                                                            → anything below, never each other
 *
 * Nothing in `src/` imports `scripts/`, `test/` or `bench/`, and no module
 * imports itself around a circle.
 */
const BROWSER_SAFE = '^src/(core|clients|export|site/playground)/';

/** A rule that lets files under `from` import only the layers in `allowed` (and npm packages and Node built-ins). */
function only(name, comment, from, allowed) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: `^src/${from}/` },
    to: { path: '^src/', pathNot: `^src/(${allowed.join('|')})/` },
  };
}

module.exports = {
  forbidden: [
    only('core-is-the-ground-floor', 'core imports nothing in src/ outside core', 'core', ['core']),
    only('clients-above-core', 'clients imports only core and clients', 'clients', ['core', 'clients']),
    only('export-above-clients', 'export imports only core, clients and export', 'export', ['core', 'clients', 'export']),
    only('records-above-core', 'records imports only core and records', 'records', ['core', 'records']),
    only('node-is-infrastructure', 'node imports only core, clients, records and node', 'node', ['core', 'clients', 'records', 'node']),
    only('audit-above-node', 'audit imports only core, node and audit', 'audit', ['core', 'node', 'audit']),
    only('hook-is-a-product', 'hook imports only the layers below it and the audit log', 'hook', ['core', 'clients', 'records', 'node', 'audit', 'hook']),
    only('scan-is-a-product', 'scan imports only the layers below it, never hook, audit or cli', 'scan', ['core', 'clients', 'records', 'node', 'scan']),
    only(
      'refresh-builds-on-scan',
      "refresh imports the layers below it and scan's listing, transport and drafts; nothing imports refresh but scripts/",
      'refresh',
      ['core', 'clients', 'records', 'node', 'scan', 'refresh'],
    ),
    only('cli-never-imports-site', 'cli may import every layer but site', 'cli', [
      'core',
      'clients',
      'export',
      'records',
      'node',
      'audit',
      'hook',
      'scan',
      'cli',
    ]),
    only('site-never-imports-cli-or-products', 'site imports core, clients, export, records, node and site', 'site', [
      'core',
      'clients',
      'export',
      'records',
      'node',
      'site',
    ]),
    {
      name: 'playground-is-browser-safe',
      comment: 'the browser playground imports only browser-safe layers and the browser-safe parts of site/lib',
      severity: 'error',
      from: { path: '^src/site/playground/' },
      to: { path: '^src/', pathNot: '^src/(core|clients|export|site/playground)/|^src/site/lib/(classes|rules|urls|project|spec-sections)\\.ts$' },
    },
    {
      name: 'browser-safe-has-no-node-builtins',
      comment: 'core, clients, export and the playground run in a browser: no Node built-in modules',
      severity: 'error',
      from: { path: BROWSER_SAFE },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'src-never-imports-scripts-or-tests',
      comment: 'scripts/ orchestrates src/, never the other way round; tests and benchmarks are not product code',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(scripts|test|bench|e2e)/' },
    },
    {
      name: 'no-circular',
      comment: 'no module reaches itself through its imports',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|build)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.mjs', '.js', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
