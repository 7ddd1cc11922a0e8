/**
 * `npm run catalogue`: list the tools of the MCP server packages no record
 * names, most downloaded first (issue 25 item 4, src/refresh/catalogue/),
 * and write catalogue/<registry>/<slug>.json and catalogue/report.md/.json.
 * Exit 0 written, 2 usage error, 3 an input could not be read.
 */
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { messageOf } from '../src/core/errors.ts';
import { safeText } from '../src/core/safe-text.ts';
import { COVERAGE_DIR, readOverrides } from '../src/refresh/coverage/documents.ts';
import type { PackageExtract } from '../src/refresh/coverage/types.ts';
import { listCataloguePackage } from '../src/refresh/catalogue/list-package.ts';
import { DEFAULT_NPM_REGISTRY, type NpmOptions } from '../src/refresh/latest.ts';
import { type CatalogueCandidate, catalogueCandidates } from '../src/refresh/catalogue/select.ts';
import { catalogueSlug } from '../src/records/catalogue/slug.ts';
import { CATALOGUE_DIR, CATALOGUE_LONG_TAIL, catalogueReport, readListings, writeListing } from '../src/records/catalogue/store.ts';
import type { CatalogueFailure } from '../src/records/catalogue/types.ts';
import { REGISTRY_DIR, ROOT } from './lib/paths.ts';

const USAGE = `usage: npm run catalogue -- [--limit N] [--parallel N] [--install-timeout SECONDS] [--run-timeout SECONDS] [--resume] [--retry-failed] [--revalidate] [--report-only] [--stop-after SECONDS] [--only NAME,NAME] [--today YYYY-MM-DD]

Installs each MCP server package of docs/coverage/packages.json and of
catalogue/long-tail.json (npm packages below that extract's floor) that no record
names (npm: its newest release, read from the registry first, so a package whose
manifest names no bin is reported without installing it; npm install
--ignore-scripts into a temporary folder; PyPI packages are reported as not
listed), starts it
once without options or credentials in scan's minimal environment, and keeps
its tools/list in catalogue/<registry>/<slug>.json. Writes catalogue/report.md
and report.json after each package: what was listed, and which packages could
not be, and why. Each package's line on stderr says where its time went.

  --limit N                 only the N most-used candidates (default: all)
  --parallel N              packages at a time (default 2)
  --install-timeout S       most one npm install may take (default 120)
  --run-timeout S           most one start-and-list may take (default 30)
  --resume                  skip packages that already have a listing, keep the others' files, and keep
                            the last report's failures of the packages this run does not reach; a package
                            that failed at the version the registry still calls latest (or in a report
                            that named no version) keeps that failure and is not installed again
  --retry-failed            with --resume: try those packages again too
  --report-only             with --resume: rewrite report.md and report.json from the listings and the last
                            report's failures, installing nothing
  --revalidate              npm asks the registry for every package document it has cached (npm's default);
                            without it npm installs with --prefer-offline, from its cache where it can
  --stop-after S            start no package after S seconds; the report names those not tried
  --only NAME,NAME          only these packages (keeps the other listings)
  --today DATE              the listings' date (default: today, UTC)`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE.split('\n')[0]}\n`);
  process.exit(2);
}

let values: {
  limit?: string;
  parallel: string;
  'install-timeout': string;
  'run-timeout': string;
  resume: boolean;
  'retry-failed': boolean;
  revalidate: boolean;
  'report-only': boolean;
  'stop-after'?: string;
  only?: string;
  today?: string;
  help: boolean;
};
try {
  values = parseArgs({
    options: {
      limit: { type: 'string' },
      parallel: { type: 'string', default: '2' },
      'install-timeout': { type: 'string', default: '120' },
      'run-timeout': { type: 'string', default: '30' },
      resume: { type: 'boolean', default: false },
      'retry-failed': { type: 'boolean', default: false },
      revalidate: { type: 'boolean', default: false },
      'report-only': { type: 'boolean', default: false },
      'stop-after': { type: 'string' },
      only: { type: 'string' },
      today: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  }).values;
} catch (error) {
  fail(messageOf(error));
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const positive = (text: string, name: string): number => {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) fail(`${name} must be a positive whole number`);
  return value;
};
const today = values.today ?? new Date().toISOString().slice(0, 10);
if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) fail('--today is YYYY-MM-DD');
const parallel = positive(values.parallel, '--parallel');
const installMs = positive(values['install-timeout'], '--install-timeout') * 1000;
const listMs = positive(values['run-timeout'], '--run-timeout') * 1000;
if (values['report-only'] && !values.resume) fail('--report-only goes with --resume');
const stopAt = values['report-only']
  ? Number.NEGATIVE_INFINITY
  : values['stop-after'] === undefined
    ? Number.POSITIVE_INFINITY
    : Date.now() + positive(values['stop-after'], '--stop-after') * 1000;

let candidates: CatalogueCandidate[];
try {
  const extract = JSON.parse(readFileSync(path.join(ROOT, COVERAGE_DIR, 'packages.json'), 'utf8')) as PackageExtract;
  const overrides = readOverrides(readFileSync(path.join(ROOT, COVERAGE_DIR, 'overrides.yaml'), 'utf8'));
  const records = readdirSync(REGISTRY_DIR)
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => parse(readFileSync(path.join(REGISTRY_DIR, file), 'utf8')));
  // The long tail (npm packages below the extract's floor, catalogue/long-tail.json) joins the npm candidates; PyPI is not extended.
  const tail = JSON.parse(readFileSync(path.join(ROOT, CATALOGUE_LONG_TAIL), 'utf8')) as PackageExtract;
  const all = { npm: [...extract.npm, ...tail.npm.filter((item) => !extract.npm.some((known) => known.name === item.name))], pypi: extract.pypi };
  candidates = [...catalogueCandidates('npm', all, overrides, records), ...catalogueCandidates('pypi', all, overrides, records)];
} catch (error) {
  process.stderr.write(`catalogue: ${messageOf(error)}\n`);
  process.exit(3);
}
// Every candidate, before --only and --limit: the report keeps the last failures of those this run leaves alone.
const allCandidates = candidates;
const only = values.only?.split(',').filter((name) => name !== '');
if (only !== undefined) {
  const unknown = only.filter((name) => !candidates.some((candidate) => candidate.name === name));
  if (unknown.length > 0) fail(`not a catalogue candidate: ${unknown.join(', ')}`);
  candidates = candidates.filter((candidate) => only.includes(candidate.name));
}
if (values.limit !== undefined) candidates = candidates.slice(0, positive(values.limit, '--limit'));
const listingFile = (candidate: CatalogueCandidate) => path.join(ROOT, CATALOGUE_DIR, candidate.registry, `${catalogueSlug(candidate.name)}.json`);
const keep = values.resume || only !== undefined;
if (!keep) for (const registry of ['npm', 'pypi']) rmSync(path.join(ROOT, CATALOGUE_DIR, registry), { recursive: true, force: true });
const todo = values.resume
  ? candidates.filter((candidate) => {
      try {
        readFileSync(listingFile(candidate));
        return false;
      } catch {
        return true;
      }
    })
  : candidates;

/** The failures of the last report, or none when it cannot be read. */
function previousFailures(): CatalogueFailure[] {
  try {
    const report = JSON.parse(readFileSync(path.join(ROOT, CATALOGUE_DIR, 'report.json'), 'utf8')) as { failures?: CatalogueFailure[] };
    return Array.isArray(report.failures) ? report.failures : [];
  } catch {
    return [];
  }
}

const packageVersion = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const npmRegistry: NpmOptions = { registry: process.env.npm_config_registry ?? DEFAULT_NPM_REGISTRY, timeoutMs: 30_000 };
const keyOf = (item: { registry: string; name: string }) => `${item.registry}:${item.name}`;
// The last report's failures: kept for the packages this run does not reach and, unless --retry-failed or --only,
// for those that failed at the version the registry still calls latest (they are not installed again).
const previous = keep ? previousFailures() : [];
const known = new Map(values['retry-failed'] || only !== undefined ? [] : previous.map((failure) => [keyOf(failure), failure]));
const failures: CatalogueFailure[] = [];
const finished = new Set<string>();
let next = 0;

/** Write report.md and report.json from the listings on disk and the failures so far: after each package, so a stopped run loses only the packages in flight. */
function writeReport(): { listed: number; failed: number; untried: number } {
  const listings = readListings(ROOT);
  const listed = new Set(listings.map(keyOf));
  const all = [...failures];
  for (const failure of previous) {
    const key = keyOf(failure);
    if (!finished.has(key) && !listed.has(key) && allCandidates.some((candidate) => keyOf(candidate) === key)) all.push(failure);
  }
  const order = new Map(allCandidates.map((candidate, index) => [keyOf(candidate), index]));
  all.sort((a, b) => (order.get(keyOf(a)) ?? 0) - (order.get(keyOf(b)) ?? 0));
  const failed = new Set(all.map(keyOf));
  const left = todo.filter((candidate) => !finished.has(keyOf(candidate)) && !failed.has(keyOf(candidate)));
  const untried = left.map((candidate) => candidate.name);
  const report = catalogueReport(listings, all, today, untried, left.filter((candidate) => candidate.registry === 'pypi').length);
  writeFileSync(path.join(ROOT, CATALOGUE_DIR, 'report.md'), report.markdown);
  writeFileSync(path.join(ROOT, CATALOGUE_DIR, 'report.json'), report.json);
  return { listed: listings.length, failed: all.length, untried: untried.length };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const worker = async (): Promise<void> => {
  while (next < todo.length && Date.now() < stopAt) {
    const candidate = todo[next++]!;
    const attempt = await listCataloguePackage(candidate, {
      env: process.env,
      installMs,
      listMs,
      clientVersion: packageVersion,
      today,
      npm: npmRegistry,
      known: known.get(keyOf(candidate)),
      preferOffline: !values.revalidate,
    });
    const { outcome, ms } = attempt;
    const timing = `lookup ${seconds(ms.lookup)}, install ${seconds(ms.install)}, start ${seconds(ms.start)}`;
    if ('tools' in outcome) writeListing(ROOT, outcome);
    else failures.push(outcome);
    finished.add(keyOf(candidate));
    const counts = writeReport();
    const head = `[${finished.size}/${todo.length}] ${safeText(candidate.name)}@${safeText(outcome.version ?? 'latest')}`;
    if ('tools' in outcome) process.stderr.write(`${head}: ${outcome.tools.length} tools (${timing}; ${counts.listed} listed)\n`);
    else {
      const skipped = attempt.skipped === 'known' ? ', kept from the last report' : attempt.skipped === 'no-bin' ? ', not installed' : '';
      process.stderr.write(`${head}: not listed (${outcome.stage}${skipped}): ${safeText(outcome.reason)} (${timing})\n`);
      // What the server wrote, for whoever reads this log: never committed (it may name this machine's folders).
      const tail = (attempt.stderr ?? '')
        .split('\n')
        .filter((line) => line.trim() !== '' && !/^\s+at |^Node\.js v/.test(line))
        .slice(-8);
      if (tail.join('') !== '') process.stderr.write(`${tail.map((line) => `    | ${safeText(line.slice(0, 300))}`).join('\n')}\n`);
    }
  }
};
await Promise.all(Array.from({ length: Math.min(parallel, Math.max(1, todo.length)) }, worker));
const counts = writeReport();
process.stdout.write(`catalogue: ${counts.listed} packages listed, ${counts.failed} could not be listed, ${counts.untried} not tried (catalogue/report.md)\n`);
