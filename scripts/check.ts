/**
 * `npm run check [DIR]`: validate every record in registry/ (or DIR) and
 * report every problem as `file:line:col  error  [check-id]  message`
 * (SPEC 5.9), and, for the repository's own registry, that the changelog of
 * class changes matches the records (SPEC 2.9) and that no draft from
 * `npm run refresh` waits in registry/drafts/ (src/records/drafts-dir.ts).
 * Exit 0 when clean, 1 when any problem was found.
 */
import path from 'node:path';
import { formatProblem, summarizeProblems } from '../src/records/problems.ts';
import { checkChangelog } from '../src/records/changelog.ts';
import { loadRegistryDir } from '../src/records/read-dir.ts';
import { DRAFTS_SUBDIR, checkDraftsDir } from '../src/records/drafts-dir.ts';
import { REGISTRY_DIR } from '../src/records/paths.ts';

const dir = process.argv[2];
const loaded = dir === undefined ? await loadRegistryDir() : await loadRegistryDir(dir);
const { records } = loaded;
// The changelog of class changes belongs to the repository's own registry, not to a scratch one.
const ownRegistry = dir === undefined && process.env.RCLASS_REGISTRY_DIR === undefined;
const changelog = ownRegistry && loaded.problems.length === 0 ? (await checkChangelog(records)).problems : [];
const drafts = ownRegistry ? await checkDraftsDir(path.join(REGISTRY_DIR, DRAFTS_SUBDIR), `registry/${DRAFTS_SUBDIR}`) : [];
const problems = [...loaded.problems, ...changelog, ...drafts];
for (const problem of problems) console.log(formatProblem(problem));
if (problems.length > 0) {
  console.log(`\n${summarizeProblems(problems)}`);
  process.exitCode = 1;
} else {
  const tools = records.reduce((sum, record) => sum + record.tools.length, 0);
  console.log(`${records.length} records, ${tools} tools: no problems`);
}
