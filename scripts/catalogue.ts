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
import { type CatalogueCandidate, catalogueCandidates } from '../src/refresh/catalogue/select.ts';
import { catalogueSlug } from '../src/records/catalogue/slug.ts';
import { CATALOGUE_DIR, CATALOGUE_LONG_TAIL, catalogueReport, readListings, writeListing } from '../src/records/catalogue/store.ts';
import type { CatalogueFailure } from '../src/records/catalogue/types.ts';
import { REGISTRY_DIR, ROOT } from './lib/paths.ts';

const USAGE = `usage: npm run catalogue -- [--limit N] [--parallel N] [--install-timeout SECONDS] [--run-timeout SECONDS] [--resume] [--stop-after SECONDS] [--only NAME,NAME] [--today YYYY-MM-DD]

Installs each MCP server package of docs/coverage/packages.json and of
catalogue/long-tail.json (npm packages below that extract's floor) that no record
names (npm: npm install --ignore-scripts into a temporary folder; PyPI
packages are reported as not listed), starts it
once without options or credentials in scan's minimal environment, and keeps
its tools/list in catalogue/<registry>/<slug>.json. Writes catalogue/report.md
and report.json: what was listed, and which packages could not be, and why.

  --limit N                 only the N most-used candidates (default: all)
  --parallel N              packages at a time (default 2)
  --install-timeout S       most one npm install may take (default 120)
  --run-timeout S           most one start-and-list may take (default 30)
  --resume                  skip packages that already have a listing, keep the others' files, and keep
                            the last report's failures of the packages this run does not reach
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
const stopAt = values['stop-after'] === undefined ? Number.POSITIVE_INFINITY : Date.now() + positive(values['stop-after'], '--stop-after') * 1000;

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
const failures: CatalogueFailure[] = [];
let next = 0;
let done = 0;
const worker = async (): Promise<void> => {
  while (next < todo.length && Date.now() < stopAt) {
    const candidate = todo[next++]!;
    const outcome = await listCataloguePackage(candidate, { env: process.env, installMs, listMs, clientVersion: packageVersion, today });
    done += 1;
    if ('tools' in outcome) {
      writeListing(ROOT, outcome);
      process.stderr.write(`[${done}/${todo.length}] ${safeText(candidate.name)}@${safeText(outcome.version)}: ${outcome.tools.length} tools\n`);
    } else {
      failures.push(outcome);
      process.stderr.write(`[${done}/${todo.length}] ${safeText(candidate.name)}: not listed (${outcome.stage}): ${safeText(outcome.reason)}\n`);
    }
  }
};
await Promise.all(Array.from({ length: Math.min(parallel, Math.max(1, todo.length)) }, worker));

// A resumed run keeps the previous report's failures of the candidates it did not reach, so the report stays whole.
const reached = new Set(todo.slice(0, next).map((candidate) => `${candidate.registry}:${candidate.name}`));
const listings = readListings(ROOT);
const listed = new Set(listings.map((listing) => `${listing.registry}:${listing.name}`));
if (values.resume) {
  for (const failure of previousFailures()) {
    const key = `${failure.registry}:${failure.name}`;
    if (!reached.has(key) && !listed.has(key) && candidates.some((candidate) => `${candidate.registry}:${candidate.name}` === key)) failures.push(failure);
  }
}
const order = new Map(candidates.map((candidate, index) => [`${candidate.registry}:${candidate.name}`, index]));
failures.sort((a, b) => (order.get(`${a.registry}:${a.name}`) ?? 0) - (order.get(`${b.registry}:${b.name}`) ?? 0));
const failed = new Set(failures.map((failure) => `${failure.registry}:${failure.name}`));
const untried = todo
  .slice(next)
  .filter((candidate) => !failed.has(`${candidate.registry}:${candidate.name}`))
  .map((candidate) => candidate.name);
const report = catalogueReport(listings, failures, today, untried);
writeFileSync(path.join(ROOT, CATALOGUE_DIR, 'report.md'), report.markdown);
writeFileSync(path.join(ROOT, CATALOGUE_DIR, 'report.json'), report.json);
process.stdout.write(
  `catalogue: ${listings.length} packages listed, ${failures.length} could not be listed this run, ${untried.length} not tried (catalogue/report.md)\n`,
);
