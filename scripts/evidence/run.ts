/**
 * `npm run evidence`: check every evidence citation of the registry against
 * GitHub (SPEC 5.2). Settings come from the environment:
 *
 * - `GITHUB_TOKEN`: a token for GitHub's API (optional; 60 requests an hour without one);
 * - `GITHUB_API_URL`: the API base URL (default `https://api.github.com`);
 * - `RCLASS_REGISTRY_DIR`: the records to check (default `registry/`);
 * - `RCLASS_EVIDENCE_CACHE`: the cache directory (default `.cache/evidence/`);
 * - `RCLASS_EVIDENCE_RETRIES`: retries of a request that failed with a server
 *   error or no answer (default 3).
 */
import path from 'node:path';
import { REGISTRY_DIR, ROOT } from '../lib/paths.ts';
import { checkCitations } from './check.ts';
import { loadCitations } from './citations.ts';
import { createGitHub } from './github.ts';
import { type Report, buildReport } from './report.ts';

/** Files fetched from GitHub at once. */
const CONCURRENCY = 4;

/**
 * Run the whole check with settings from `env`.
 * @returns the report to print and the exit code (0 good, 1 problems, 3 incomplete)
 * @throws if the registry or the cache cannot be read or written
 */
export async function runEvidence(env: NodeJS.ProcessEnv): Promise<Report> {
  const registryDir = env.RCLASS_REGISTRY_DIR ?? REGISTRY_DIR;
  const relative = path.relative(ROOT, registryDir);
  const shownAs =
    relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative.split(path.sep).join('/') : registryDir.replace(/\/+$/, '');
  const { citations, records, problems } = await loadCitations(registryDir, shownAs);
  const retries = Number(env.RCLASS_EVIDENCE_RETRIES ?? 3);
  const github = createGitHub({
    apiUrl: (env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, ''),
    token: env.GITHUB_TOKEN === '' ? undefined : env.GITHUB_TOKEN,
    retries: Number.isInteger(retries) && retries >= 0 ? retries : 3,
  });
  const cacheDir = env.RCLASS_EVIDENCE_CACHE ?? path.join(ROOT, '.cache', 'evidence');
  const result = await checkCitations(citations, { github, cacheDir, concurrency: CONCURRENCY });
  return buildReport(problems, result, { count: citations.length, records });
}
