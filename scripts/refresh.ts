/**
 * `npm run refresh`: compare every record with its newest release and write
 * the report (src/refresh/). `npm run refresh -- --help` lists the options.
 * Exit 0 nothing changed, 1 drift found, 2 usage error, 3 incomplete (wins over 1).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { messageOf } from '../src/core/errors.ts';
import { loadRegistryDir } from '../src/records/read-dir.ts';
import { formatProblem } from '../src/records/problems.ts';
import { DRAFTS_SUBDIR } from '../src/records/drafts-dir.ts';
import { DEFAULT_NPM_REGISTRY, githubClient } from '../src/refresh/latest.ts';
import { refresh } from '../src/refresh/refresh.ts';
import { reportJson, reportMarkdown } from '../src/refresh/report.ts';
import { writeFingerprints } from '../src/refresh/record-edit.ts';
import { FINGERPRINT_ALGORITHM } from '../src/core/fingerprint.ts';
import { FINGERPRINT_ALGORITHM_CHECK } from '../src/records/checks/fingerprints.ts';
import { unavailableReason } from '../src/refresh/unavailable.ts';
import type { Octokit } from 'octokit';
import { coverageDocuments } from '../src/refresh/coverage/documents.ts';
import { REGISTRY_DIR, ROOT } from './lib/paths.ts';

const USAGE = `usage: npm run refresh -- [--only ID,ID] [--source npm|github|all] [--fingerprints] [--out DIR] [--no-drafts] [--registry-dir DIR] [--hints DIR] [--deadline SECONDS] [--run-timeout SECONDS] [--npm-registry URL] [--github-api URL] [--today YYYY-MM-DD] [--no-coverage] [--catalogue-minutes N | --no-catalogue]

For every record, find the newest release (npm: the package's latest dist-tag;
records without an npm package: GitHub releases or tags, token from GITHUB_TOKEN).
Where a newer npm release exists, install it into a temporary folder
(npm install --ignore-scripts), start it once per run of its launch hints
(test/fixtures/live/<id>.json) or, without them, of its gates, list every tool
and compare with the record: new, removed and changed tools (fingerprints,
SPEC 5.2.1). New tools are drafted in registry/drafts/<id>.yaml, which
npm run check rejects until they are classified and folded in.

  --only ID,ID          only these records
  --source S            npm, github or all (default all)
  --fingerprints        list each npm record's pinned release instead, and write its
                        tools' fingerprints and provenance.live_listing into the record
                        (records that cannot be listed get live_listing.unavailable)
  --out DIR             where the report goes (default docs/refresh, or .cache/refresh
                        with --only, so a partial run never replaces the committed
                        report): report.md and report.json, or fingerprints.md and
                        fingerprints.json
  --no-drafts           write no drafts
  --registry-dir DIR    the records (default registry/)
  --hints DIR           launch hints (default test/fixtures/live)
  --deadline SECONDS    hard deadline per server: lookup, install, every run (default 300)
  --run-timeout SECONDS most one start-and-list may take (default 90)
  --npm-registry URL    default: $npm_config_registry, else ${DEFAULT_NPM_REGISTRY}
  --github-api URL      default: $GITHUB_API_URL, else https://api.github.com
  --today DATE          the report's date (default: today, UTC)
  --no-coverage         skip the step that a full run (no --only, no
                        --fingerprints) otherwise does: npm run coverage, the
                        ranked lists of docs/coverage/ against the records
  --catalogue-minutes N a full run's last step: npm run catalogue -- --resume
                        --stop-after (N minutes, default 60), which lists the
                        catalogue's packages not listed yet and retries those
                        that failed, keeping the listings already there; a full
                        re-listing is npm run catalogue alone (hours)
  --no-catalogue        skip that step

Exit codes: 0 nothing changed, 1 drift found (or a newer release that cannot be
listed here), 2 usage error, 3 incomplete: a server could not be looked up,
installed, started or listed (3 wins over 1).`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE.split('\n')[0]}\n`);
  process.exit(2);
}

const OPTIONS = {
  only: { type: 'string' },
  source: { type: 'string', default: 'all' },
  fingerprints: { type: 'boolean', default: false },
  out: { type: 'string' },
  'no-drafts': { type: 'boolean', default: false },
  'registry-dir': { type: 'string' },
  hints: { type: 'string' },
  deadline: { type: 'string', default: '300' },
  'run-timeout': { type: 'string', default: '90' },
  'npm-registry': { type: 'string' },
  'github-api': { type: 'string' },
  today: { type: 'string' },
  'no-coverage': { type: 'boolean', default: false },
  'catalogue-minutes': { type: 'string', default: '60' },
  'no-catalogue': { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

function parseOptions() {
  try {
    return parseArgs({ options: OPTIONS, strict: true }).values;
  } catch (error) {
    return fail(messageOf(error));
  }
}
const values = parseOptions();
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const catalogueMinutes = Number(values['catalogue-minutes']);
if (!Number.isInteger(catalogueMinutes) || catalogueMinutes <= 0) fail('--catalogue-minutes must be a positive whole number');
const source = values.source;
const sources: ReadonlySet<'npm' | 'github'> =
  source === 'all' ? new Set(['npm', 'github'] as const) : source === 'npm' || source === 'github' ? new Set([source]) : fail('--source is npm, github or all');
const seconds = (text: string, name: string): number => {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) fail(`${name} must be a positive number of seconds`);
  return value * 1000;
};
const today = values.today ?? new Date().toISOString().slice(0, 10);
if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) fail('--today is YYYY-MM-DD');
const show = (file: string): string => {
  const relative = path.relative(ROOT, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative.split(path.sep).join('/');
};

const registryDir = path.resolve(values['registry-dir'] ?? REGISTRY_DIR);
// Fingerprints of an older algorithm are what `--fingerprints` replaces, so that run accepts them.
const tolerated: ReadonlySet<string> = values.fingerprints ? new Set([FINGERPRINT_ALGORITHM_CHECK]) : new Set();
const loaded = await loadRegistryDir(registryDir, show(registryDir), tolerated);
const blocking = loaded.problems.filter((problem) => !tolerated.has(problem.check));
if (blocking.length > 0) {
  for (const problem of blocking) process.stderr.write(`${formatProblem(problem)}\n`);
  fail('the records have problems; fix them (npm run check) before a refresh');
}
const only = values.only?.split(',').filter((id) => id !== '');
const unknown = (only ?? []).filter((id) => !loaded.records.some((record) => record.id === id));
if (unknown.length > 0) fail(`no record ${unknown.join(', ')}`);
const records = only === undefined ? loaded.records : loaded.records.filter((record) => only.includes(record.id));
const hintsDir = path.resolve(values.hints ?? path.join(ROOT, 'test', 'fixtures', 'live'));
const outDir = path.resolve(values.out ?? (only === undefined ? path.join(ROOT, 'docs', 'refresh') : path.join(ROOT, '.cache', 'refresh')));
const mode = values.fingerprints ? 'pinned' : 'latest';
let octokit: Octokit | undefined;
const packageVersion = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

const report = await refresh({
  records,
  mode,
  sources,
  hintsDir,
  hintsShown: show(hintsDir),
  npm: { registry: values['npm-registry'] ?? process.env.npm_config_registry ?? DEFAULT_NPM_REGISTRY, timeoutMs: 30_000 },
  github: () =>
    (octokit ??= githubClient({
      ...(process.env.GITHUB_TOKEN !== undefined ? { token: process.env.GITHUB_TOKEN } : {}),
      ...((values['github-api'] ?? process.env.GITHUB_API_URL) !== undefined ? { apiUrl: values['github-api'] ?? process.env.GITHUB_API_URL } : {}),
    })),
  env: process.env,
  serverDeadlineMs: seconds(values.deadline, '--deadline'),
  runMs: seconds(values['run-timeout'], '--run-timeout'),
  today,
  ...(mode === 'latest' && !values['no-drafts'] ? { draftsDir: path.join(registryDir, DRAFTS_SUBDIR) } : {}),
  showPath: show,
  progress: (line) => process.stderr.write(`${line}\n`),
  clientVersion: packageVersion,
});

if (mode === 'pinned') {
  for (const result of report.servers) {
    const record = records.find((candidate) => candidate.id === result.id)!;
    const file = path.join(registryDir, `${record.id}.yaml`);
    const reason = unavailableReason(record, result);
    const listed = reason === undefined && result.listedVersion !== undefined;
    // Not listed this time: keep what the record says. A live listing it already has is not undone by a run that
    // failed (a slow install, a missing native build), and an `unavailable` reason someone wrote may say more than ours.
    if (!listed && record.provenance.live_listing !== undefined) {
      result.notes.push(`not listed this time; ${show(file)} keeps its provenance.live_listing and fingerprints`);
      continue;
    }
    try {
      const text = readFileSync(file, 'utf8');
      const next = listed
        ? writeFingerprints(text, result.fingerprints, {
            registry: 'npm',
            package: result.subject,
            version: result.listedVersion!,
            date: today,
            algorithm: FINGERPRINT_ALGORITHM,
          })
        : writeFingerprints(text, {}, { unavailable: reason ?? 'It could not be listed.' });
      if (next !== text) writeFileSync(file, next);
    } catch (error) {
      result.notes.push(`fingerprints not written to ${show(file)}: ${(error as Error).message}`);
    }
  }
}

mkdirSync(outDir, { recursive: true });
const base = mode === 'pinned' ? 'fingerprints' : 'report';
writeFileSync(path.join(outDir, `${base}.json`), `${JSON.stringify(reportJson(report), null, 2)}\n`);
writeFileSync(path.join(outDir, `${base}.md`), reportMarkdown(report));
process.stderr.write(`wrote ${show(path.join(outDir, `${base}.md`))} and ${base}.json; exit ${report.exitCode}\n`);
process.exitCode = report.exitCode;

// The last step of a full run: the ranked lists of docs/coverage/ against the records as they are now (issue 24).
if (only === undefined && mode === 'latest' && !values['no-coverage'] && values['registry-dir'] === undefined) {
  try {
    const { files, figures } = coverageDocuments(ROOT, registryDir);
    for (const [file, text] of files) writeFileSync(path.join(ROOT, file), text);
    process.stderr.write(`wrote ${[...files.keys()].map((file) => file.split(path.sep).join('/')).join(' and ')}: ${figures.join('; ')}\n`);
  } catch (error) {
    process.stderr.write(`coverage: ${messageOf(error)}\n`);
    process.exitCode = 3;
  }
}

// A full run's last step: the catalogue of servers not yet classified (issue 25 item 4), resumed under a deadline so
// a refresh stays bounded; npm run catalogue writes catalogue/report.md. Its exit code joins this run's only as 3.
if (only === undefined && mode === 'latest' && !values['no-catalogue'] && values['registry-dir'] === undefined) {
  const run = spawnSync(
    process.platform === 'win32' ? 'npm.cmd' : 'npm',
    ['run', 'catalogue', '--', '--resume', '--stop-after', String(catalogueMinutes * 60)],
    {
      cwd: ROOT,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    },
  );
  if (run.status !== 0) {
    process.stderr.write(`catalogue: npm run catalogue exited ${run.status ?? run.signal ?? run.error?.message}\n`);
    process.exitCode = 3;
  }
}
