/**
 * Benchmark of the classifier core (issue: "it must cost nothing"):
 * - classifications per second in one process, over every non-SQL tool of
 *   the bundled registry, with realistic arguments;
 * - time and heap to load and index build/registry.json;
 * - the whole-process time of one `check` from a cold start, next to a bare
 *   `node -e 0`.
 * Prints figures; asserts nothing. Run `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { Classifier, Registry, rulesNeedSql, type RegistryDocument } from '../src/core/index.ts';
import { BUILD_DIR, REGISTRY_JSON } from '../scripts/lib/paths.ts';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Classifications per second over the registry's non-SQL tools. */
export function throughput(document: RegistryDocument, seconds = 2): { perSecond: number; calls: number; tools: number } {
  const classifier = new Classifier(Registry.fromDocument(document));
  const calls: Array<[string, string, Record<string, unknown>]> = [];
  for (const record of document.servers) {
    for (const tool of record.tools) {
      if (rulesNeedSql(tool.rules)) continue;
      calls.push([record.id, tool.name, { path: '/tmp/x', private: true, filename: 'a.png', url: 'https://example.com/' }]);
    }
  }
  // Warm up the JIT before measuring.
  for (let i = 0; i < 200_000; i += 1) {
    const call = calls[i % calls.length]!;
    classifier.check(call[0], call[1], call[2]);
  }
  let count = 0;
  let sink = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  while (performance.now() < deadline) {
    for (let i = 0; i < 10_000; i += 1) {
      const call = calls[(count + i) % calls.length]!;
      sink += classifier.check(call[0], call[1], call[2]).class.length;
    }
    count += 10_000;
  }
  const elapsed = (performance.now() - start) / 1000;
  if (sink === 0) throw new Error('unreachable');
  return { perSecond: count / elapsed, calls: count, tools: calls.length };
}

/** Median time (ms) and heap growth (MB) to parse and index registry.json. */
export function loadCost(file: string, rounds = 20): { ms: number; heapMB: number; bytes: number } {
  const text = readFileSync(file, 'utf8');
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const start = performance.now();
    Registry.fromDocument(JSON.parse(text) as RegistryDocument);
    times.push(performance.now() - start);
  }
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  const kept = Registry.fromDocument(JSON.parse(text) as RegistryDocument);
  globalThis.gc?.();
  const after = process.memoryUsage().heapUsed;
  if (kept.document.servers.length < 0) throw new Error('unreachable');
  return { ms: median(times), heapMB: (after - before) / 1024 / 1024, bytes: Buffer.byteLength(text) };
}

/** Median wall time (ms) of a whole process: one cold `check`, and a bare node. */
export async function coldStart(rounds = 15): Promise<{ checkMs: number; nodeMs: number }> {
  const dir = path.join(BUILD_DIR, 'bench');
  mkdirSync(dir, { recursive: true });
  const entry = path.join(dir, 'cold-check.ts');
  writeFileSync(
    entry,
    [
      `import { readFileSync } from 'node:fs';`,
      `import { Classifier, Registry } from ${JSON.stringify(path.resolve('src/core/index.ts'))};`,
      `const doc = JSON.parse(readFileSync(${JSON.stringify(REGISTRY_JSON)}, 'utf8'));`,
      `const c = new Classifier(Registry.fromDocument(doc)).check('git', 'git_commit', { message: 'wip' });`,
      `if (c.class !== 'R1') process.exit(1);`,
    ].join('\n'),
  );
  const out = path.join(dir, 'cold-check.mjs');
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: out, external: ['libpg-query'], logLevel: 'silent' });
  const time = (args: string[]): number => {
    const samples: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const start = performance.now();
      const run = spawnSync(process.execPath, args, { stdio: 'ignore' });
      if (run.status !== 0) throw new Error(`${args.join(' ')} exited ${run.status}`);
      samples.push(performance.now() - start);
    }
    return median(samples);
  };
  return { checkMs: time([out]), nodeMs: time(['-e', '0']) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const document = JSON.parse(readFileSync(REGISTRY_JSON, 'utf8')) as RegistryDocument;
  const t = throughput(document);
  const load = loadCost(REGISTRY_JSON);
  const cold = await coldStart();
  console.log(`classifier: ${Math.round(t.perSecond).toLocaleString('en-US')} classifications/s over ${t.tools} non-SQL tools (target ≥ 500,000/s)`);
  console.log(`registry load: ${load.ms.toFixed(2)} ms to parse and index ${(load.bytes / 1024).toFixed(0)} KiB; heap +${load.heapMB.toFixed(1)} MB`);
  console.log(`cold start: one check in a fresh process ${cold.checkMs.toFixed(0)} ms; bare node -e 0 ${cold.nodeMs.toFixed(0)} ms`);
}
