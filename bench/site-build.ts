/**
 * The whole build, timed, for the real registry and for a synthetic one ten
 * times its size (scripts/synthetic-registry.ts): validation, registry.json,
 * the ready-made policies, the CLI bundle, the site (Astro) and its search
 * index (Pagefind). Prints both with their page counts and the ratio.
 *
 * Targets on the project's 2-core machine: the real registry under 60 s,
 * the synthetic one under four times the real one's time (so nothing grows
 * faster than the number of tools). Figures only; nothing is asserted.
 *
 * Each variant runs in its own process, like `npm run build` does, and
 * writes under build/bench/<variant>/, so the normal build output in
 * build/ is left alone.
 *
 * Usage: tsx bench/site-build.ts [--factor 10]
 *        tsx bench/site-build.ts --variant real|synthetic   (one run; prints a JSON line)
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BUILD_DIR, REGISTRY_DIR, ROOT } from '../scripts/lib/paths.ts';
import { loadRegistryDir } from '../src/records/read-dir.ts';
import { bundleCli } from '../scripts/steps/cli-bundle.ts';
import { assembleRegistry } from '../src/records/assemble.ts';
import { writeRegistry } from '../scripts/steps/registry-json.ts';
import { buildSite } from '../scripts/steps/site.ts';
import { SYNTHETIC_DIR, writeSyntheticRegistry } from '../scripts/synthetic-registry.ts';
import { policyFiles } from '../src/export/index.ts';
import { writeAtomic } from '../src/node/write-atomic.ts';

/** Timings of one full build, in milliseconds, with what it produced. */
export interface BuildTimings {
  variant: string;
  servers: number;
  tools: number;
  pages: number;
  indexed: number;
  validateMs: number;
  registryMs: number;
  policiesMs: number;
  cliMs: number;
  astroMs: number;
  pagefindMs: number;
  totalMs: number;
}

const RESULT = 'BENCH_RESULT ';

/**
 * One full build of one registry folder into build/bench/<variant>/.
 * The policies are rendered by the same `policyFiles` the build step uses,
 * into this run's own folder (the build step's folder is fixed).
 * @throws Error when the registry has problems or a step fails
 */
export async function timeBuild(variant: string, registryDir: string): Promise<BuildTimings> {
  const out = join(BUILD_DIR, 'bench', variant);
  const started = performance.now();
  const lap = (() => {
    let last = started;
    return () => {
      const now = performance.now();
      const ms = now - last;
      last = now;
      return ms;
    };
  })();

  const { records, problems } = await loadRegistryDir(registryDir, variant);
  if (problems.length > 0) throw new Error(`${variant}: ${problems.length} problems in ${registryDir}`);
  const validateMs = lap();

  const document = assembleRegistry(records);
  const registryJson = await writeRegistry(document, join(out, 'registry.json'));
  const registryMs = lap();

  const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const policiesDir = join(out, 'policies');
  for (const file of policyFiles(document, `rclass ${pkg.version}`)) await writeAtomic(join(policiesDir, file.file), file.content);
  const policiesMs = lap();

  await bundleCli();
  const cliMs = lap();

  const site = await buildSite({ outDir: join(out, 'site'), registryJson, policiesDir, logLevel: 'error' });
  lap();
  return {
    variant,
    servers: document.totals.servers,
    tools: document.totals.tools,
    pages: site.pages,
    indexed: site.indexed,
    validateMs,
    registryMs,
    policiesMs,
    cliMs,
    astroMs: site.astroMs,
    pagefindMs: site.pagefindMs,
    totalMs: performance.now() - started,
  };
}

function runChild(variant: string): BuildTimings {
  const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, '--variant', variant], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = child.stdout.split('\n').find((l) => l.startsWith(RESULT));
  if (child.status !== 0 || line === undefined) {
    throw new Error(`the ${variant} build failed (exit ${child.status}):\n${child.stderr.slice(-4000)}`);
  }
  return JSON.parse(line.slice(RESULT.length)) as BuildTimings;
}

const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function print(results: BuildTimings[]): void {
  const rows = results.map((r) => ({
    variant: r.variant,
    servers: r.servers,
    tools: r.tools,
    pages: r.pages,
    validate: s(r.validateMs),
    'registry.json': s(r.registryMs),
    policies: s(r.policiesMs),
    cli: s(r.cliMs),
    'site (astro)': s(r.astroMs),
    'search index': s(r.pagefindMs),
    total: s(r.totalMs),
    'ms per page': (r.totalMs / Math.max(r.pages, 1)).toFixed(1),
  }));
  console.table(rows);
  const [real, synthetic] = results;
  if (real && synthetic) {
    const ratio = synthetic.totalMs / real.totalMs;
    const size = synthetic.tools / real.tools;
    console.log(`real registry: ${s(real.totalMs)} for ${real.pages} pages (target under 60 s: ${real.totalMs < 60_000 ? 'met' : 'missed'})`);
    console.log(
      `synthetic registry (${size.toFixed(1)}× the tools): ${s(synthetic.totalMs)} for ${synthetic.pages} pages, ${ratio.toFixed(2)}× the real build (target under 4×: ${ratio < 4 ? 'met' : 'missed'})`,
    );
  }
  const [one, five] = loadavg();
  console.log(
    `machine: ${cpus().length} cores, load average ${one!.toFixed(1)} (1 min) ${five!.toFixed(1)} (5 min) at the end; figures are wall-clock and move with load`,
  );
}

const { values } = parseArgs({ options: { variant: { type: 'string' }, factor: { type: 'string', default: '10' } } });
if (values.variant !== undefined) {
  const dir = values.variant === 'real' ? REGISTRY_DIR : SYNTHETIC_DIR;
  const timings = await timeBuild(values.variant, dir);
  console.log(`${RESULT}${JSON.stringify(timings)}`);
} else {
  const generated = await writeSyntheticRegistry({ factor: Number(values.factor) });
  console.log(`site build benchmark: the real registry, then ${generated.records} synthetic records with ${generated.tools} tools (×${values.factor})`);
  const results = [runChild('real'), runChild('synthetic')];
  print(results);
}
