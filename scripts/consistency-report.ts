/**
 * `npm run consistency`: write docs/reviews/consistency.md and .json, the
 * peer groups whose effects differ and why (SPEC 2.9.4,
 * src/records/consistency-report.ts). `-- --check` writes nothing and exits
 * 1 when the committed files differ from a fresh run. Exits 1 as well when
 * any record has a problem other than an unexplained difference.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { consistencyMarkdown, consistencyReport } from '../src/records/consistency-report.ts';
import { loadRegistryDir } from '../src/records/read-dir.ts';
import { REGISTRY_DIR, ROOT } from './lib/paths.ts';

const check = process.argv.includes('--check');
const loaded = await loadRegistryDir(REGISTRY_DIR, 'registry', new Set(['peer-effects']));
const other = loaded.problems.filter((p) => p.check !== 'peer-effects');
if (other.length > 0) {
  console.error(`the registry has ${other.length} problems besides unexplained differences; run npm run check`);
  process.exit(1);
}
const report = consistencyReport(loaded.records);
const files: Array<[string, string]> = [
  [path.join(ROOT, 'docs', 'reviews', 'consistency.md'), consistencyMarkdown(report)],
  [path.join(ROOT, 'docs', 'reviews', 'consistency.json'), `${JSON.stringify(report, null, 2)}\n`],
];
let stale = 0;
for (const [file, text] of files) {
  const shown = path.relative(ROOT, file);
  if (check) {
    const committed = await readFile(file, 'utf8').catch(() => '');
    if (committed !== text) {
      stale++;
      console.log(`${shown} differs from a fresh run: run npm run consistency`);
    }
  } else {
    await writeFile(file, text);
    console.log(`wrote ${shown}`);
  }
}
console.log(`${report.groups.length} groups differ; ${report.unusual} tools unusual, ${report.explained} explained`);
process.exitCode = stale > 0 ? 1 : 0;
