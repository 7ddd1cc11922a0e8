/**
 * `npm run build`: the main job. Validate every record, emit
 * `build/registry.json`, and print the summary. Nothing is written when any
 * record has a problem. Exit 0 on success, 1 on problems.
 */
import { formatProblem, summarizeProblems } from './lib/problems.ts';
import { loadRegistryDir } from './lib/registry-dir.ts';
import { renderSummary } from './lib/summary.ts';
import { assembleRegistry, writeRegistry } from './steps/registry-json.ts';

const { records, problems } = await loadRegistryDir();
if (problems.length > 0) {
  for (const problem of problems) console.log(formatProblem(problem));
  console.log(`\n${summarizeProblems(problems)}; nothing was written`);
  process.exit(1);
}
const document = assembleRegistry(records);
const file = await writeRegistry(document);
console.log(renderSummary(document));
console.log(`\nwrote ${file.replace(process.cwd() + '/', '')}`);
