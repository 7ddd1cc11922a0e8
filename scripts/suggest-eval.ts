/**
 * `npm run suggest:eval`: run the suggester (SPEC 13) over every tool of the
 * registry, score it against the records (scripts/lib/suggest-eval.ts), print
 * the headline figures and write docs/suggestions/report.md and report.json.
 * `--out DIR` writes elsewhere. Exit 0 when the figures were written, 1 when
 * the registry does not load.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadRegistryDir } from '../src/records/read-dir.ts';
import { ROOT } from './lib/paths.ts';
import { evaluateSuggestions } from './lib/suggest-eval.ts';
import { reportJson, reportMarkdown } from './lib/suggest-report.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = path.resolve(values.out ?? path.join(ROOT, 'docs', 'suggestions'));
const { records, problems } = await loadRegistryDir();
if (problems.some((problem) => problem.severity === 'error')) {
  console.error(`the registry does not load (${problems.length} problems): run npm run check`);
  process.exit(1);
}
const report = evaluateSuggestions(records);
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'report.json'), reportJson(report));
writeFileSync(path.join(out, 'report.md'), reportMarkdown(report));
const line = (name: string, f: typeof report.all): string =>
  `${name.padEnd(14)} ${String(f.tools).padStart(5)} tools  exact ${(f.exactRate * 100).toFixed(1)}%  looser ${(f.looserRate * 100).toFixed(1)}% (${f.looser})`;
console.log(line('all', report.all));
console.log(line('tuning half', report.tuning));
console.log(line('held-out half', report.heldOut));
console.log(`wrote ${path.relative(process.cwd(), out) || '.'}/report.md and report.json`);
