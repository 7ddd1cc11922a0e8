/**
 * `npm run build`: the main job. Validate every record, emit
 * `build/registry.json`, the ready-made policies and the CLI bundle, build
 * the site with its search index, and print the summary. Nothing is
 * written when any record has a problem. Exit 0 on success, 1 on problems.
 */
import { formatProblem, summarizeProblems } from '../src/records/problems.ts';
import { loadRegistryDir } from '../src/records/read-dir.ts';
import { ROOT } from './lib/paths.ts';
import { renderSummary } from './lib/summary.ts';
import { bundleCli } from './steps/cli-bundle.ts';
import { warmHookCache } from './steps/hook-cache.ts';
import { writePolicies } from './steps/policies.ts';
import { assembleRegistry } from '../src/records/assemble.ts';
import { registryText, writeChangelog, writeRegistry } from './steps/registry-json.ts';
import { writeRegistryIndex } from './steps/registry-index.ts';
import { checkChangelog } from '../src/records/changelog.ts';
import { releaseOf } from '../src/core/registry.ts';
import { buildSite } from './steps/site.ts';

const shown = (file: string): string => (file.startsWith(ROOT) ? file.slice(ROOT.length) : file);

const loaded = await loadRegistryDir();
const { records } = loaded;
// The changelog of class changes belongs to the repository's own registry, not to a scratch one.
const changelog = process.env.RCLASS_REGISTRY_DIR === undefined && loaded.problems.length === 0 ? await checkChangelog(records) : { changes: [], problems: [] };
const problems = [...loaded.problems, ...changelog.problems];
if (problems.length > 0) {
  for (const problem of problems) console.log(formatProblem(problem));
  console.log(`\n${summarizeProblems(problems)}; nothing was written`);
  process.exit(1);
}
// The release also moves forward with the changelog's latest class change.
const document = assembleRegistry(records, {
  release: releaseOf(
    records,
    changelog.changes.map((change) => change.date),
  ),
});
const written = [await writeRegistry(document), await writeRegistryIndex(document, registryText(document))];
if (changelog.changes.length > 0) written.push(await writeChangelog(changelog.changes));
written.push(...(await writePolicies(document)));
const cli = await bundleCli();
if (cli !== undefined) written.push(cli);
// The hook's V8 code cache, beside its bundle and written by the build, never by a hook run in the user's state folder.
written.push(...warmHookCache(ROOT));
// RCLASS_SKIP_SITE lets tests build a scratch registry without the site.
const site = process.env.RCLASS_SKIP_SITE === '1' ? { pages: 0 } : await buildSite();

console.log(renderSummary(document));
console.log('');
for (const file of written) console.log(`wrote ${shown(file)}`);
if (site.pages > 0) console.log(`built the site: ${site.pages} pages with a search index`);
