/**
 * `npm run check [DIR]`: validate every record in registry/ (or DIR) and
 * report every problem as `file:line:col  error  [check-id]  message`
 * (SPEC 5.9). Exit 0 when clean, 1 when any problem was found.
 */
import { formatProblem, summarizeProblems } from '../src/records/problems.ts';
import { loadRegistryDir } from '../src/records/read-dir.ts';

const dir = process.argv[2];
const { records, problems } = dir === undefined ? await loadRegistryDir() : await loadRegistryDir(dir);
for (const problem of problems) console.log(formatProblem(problem));
if (problems.length > 0) {
  console.log(`\n${summarizeProblems(problems)}`);
  process.exitCode = 1;
} else {
  const tools = records.reduce((sum, record) => sum + record.tools.length, 0);
  console.log(`${records.length} records, ${tools} tools: no problems`);
}
