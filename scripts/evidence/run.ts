/**
 * `npm run evidence`: check every evidence citation of the registry online
 * (SPEC 5.2). A record's evidence base is a commit or a published npm
 * package (SPEC 5.1): files at a commit are read through GitHub's contents
 * API and cached by commit and path; a package's archive is fetched from the
 * npm registry once per run with pacote, held to the record's
 * `provenance.package.integrity`, extracted into a temporary directory that
 * is removed afterwards, and its cited files are read from there. Paths in a
 * package leave out the archive's `package/` prefix. Settings come from the
 * environment:
 *
 * - `GITHUB_TOKEN`: a token for GitHub's API (optional; 60 requests an hour without one);
 * - `GITHUB_API_URL`: the API base URL (default `https://api.github.com`);
 * - `RCLASS_NPM_REGISTRY`: the npm registry's URL, else `npm_config_registry`
 *   (which `npm run` sets from npm's configuration), else
 *   `https://registry.npmjs.org/`;
 * - `RCLASS_REGISTRY_DIR`: the records to check (default `registry/`);
 * - `RCLASS_EVIDENCE_CACHE`: the cache directory (default `.cache/evidence/`);
 *   packuments and package archives go to its `npm/` folder, never `~/.npm`;
 * - `RCLASS_EVIDENCE_RETRIES`: retries of a request to GitHub or the npm
 *   registry that failed with a server error or no answer (default 3);
 * - `RCLASS_GITHUB_MIRRORS`: a folder of local git mirrors, one bare git
 *   directory per repository at `<folder>/<owner>+<repo>/repo` or
 *   `<folder>/<owner>+<repo>`; files at a commit a mirror holds are read from
 *   it with `git` instead of GitHub's API (mirror.ts), and GitHub is asked
 *   only for repositories or commits no mirror holds;
 * - `RCLASS_DOCUMENTATION_MIRROR`: an http(s) base URL to which every request
 *   for a vendor's documentation page goes instead, as `<mirror>/<host><path>`
 *   (a stand-in in tests, an offline copy of the pages).
 *
 * A record resting on the vendor's documentation (SPEC 5.1) has quotes, not
 * files: each page is read once, and each quote must appear in its text with
 * tags removed and whitespace collapsed, else a problem at `evidence.quote`;
 * a page that answers 404 or 410 is a problem at `evidence.url`.
 *
 * Every problem is reported at its record's line and column under the check
 * id `evidence-online`: a missing file or one that is not a file at
 * `evidence.path`; a line past the end of the file or a name not near its
 * line at `evidence.line`; a commit that does not exist at
 * `provenance.commit`; a package that does not exist, a version that is not
 * published, and an integrity that does not match at
 * `provenance.package.name`, `.version` and `.integrity`, once per record.
 * GitHub or the registry out of reach, a rate limit or a refusal leaves the
 * check incomplete (exit 3), never passed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REGISTRY_DIR, ROOT } from '../lib/paths.ts';
import { checkCitations } from './check.ts';
import { loadCitations } from './citations.ts';
import type { Visit } from './content.ts';
import { createGitHub } from './github.ts';
import { createMirrorGitHub } from './mirror.ts';
import { createNpm } from './npm.ts';
import { createPages } from './pages.ts';
import { type Report, buildReport } from './report.ts';

/** Files fetched at once. */
const CONCURRENCY = 4;

/** npm's public registry, used when neither `RCLASS_NPM_REGISTRY` nor `npm_config_registry` names one. */
const NPM_REGISTRY = 'https://registry.npmjs.org/';

/**
 * Run the whole check with settings from `env`.
 * @param visit told the lines of each cited file read, per citation (`--write-excerpts` collects excerpts with it)
 * @returns the report to print and the exit code (0 good, 1 problems, 3 incomplete)
 * @throws if the registry or the cache cannot be read or written, or the npm registry setting is not an http(s) URL
 */
export async function runEvidence(env: NodeJS.ProcessEnv, visit?: Visit): Promise<Report> {
  const registryDir = env.RCLASS_REGISTRY_DIR ?? REGISTRY_DIR;
  const relative = path.relative(ROOT, registryDir);
  const shownAs =
    relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative.split(path.sep).join('/') : registryDir.replace(/\/+$/, '');
  const { citations, quotes, records, problems } = await loadCitations(registryDir, shownAs);
  const parsedRetries = Number(env.RCLASS_EVIDENCE_RETRIES ?? 3);
  const retries = Number.isInteger(parsedRetries) && parsedRetries >= 0 ? parsedRetries : 3;
  const api = createGitHub({
    apiUrl: (env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, ''),
    token: env.GITHUB_TOKEN === '' ? undefined : env.GITHUB_TOKEN,
    retries,
  });
  const github = env.RCLASS_GITHUB_MIRRORS ? createMirrorGitHub(env.RCLASS_GITHUB_MIRRORS, api) : api;
  const npmRegistry = npmRegistryUrl(env);
  const cacheDir = env.RCLASS_EVIDENCE_CACHE ?? path.join(ROOT, '.cache', 'evidence');
  const workDir = await mkdtemp(path.join(tmpdir(), 'rclass-evidence-npm-'));
  try {
    const npm = createNpm({ registry: npmRegistry, cacheDir: path.join(cacheDir, 'npm'), workDir, retries });
    const pages = createPages({ mirror: env.RCLASS_DOCUMENTATION_MIRROR || undefined, retries });
    const result = await checkCitations(citations, quotes, {
      github,
      npm,
      pages,
      npmRegistry,
      cacheDir,
      concurrency: CONCURRENCY,
      ...(visit !== undefined ? { visit } : {}),
    });
    return buildReport(problems, result, { count: citations.length + quotes.length, records });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * The npm registry to fetch packages from: `RCLASS_NPM_REGISTRY`, else
 * `npm_config_registry`, else npm's public registry; empty values are unset.
 * @returns the URL as given
 * @throws if it is not an http or https URL
 */
function npmRegistryUrl(env: NodeJS.ProcessEnv): string {
  const chosen = [env.RCLASS_NPM_REGISTRY, env.npm_config_registry].find((value) => value !== undefined && value !== '') ?? NPM_REGISTRY;
  let protocol: string;
  try {
    protocol = new URL(chosen).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw new Error(`the npm registry must be an http or https URL; got \`${chosen}\``);
  return chosen;
}
