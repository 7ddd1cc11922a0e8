/**
 * Where the catalogue keeps its listings and report (issue 25 item 4):
 * `catalogue/<registry>/<slug>.json`, one file per package, and
 * `catalogue/report.md` / `report.json`, which say what was listed and
 * which packages could not be, and why.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { catalogueSlug } from './slug.ts';
import type { CatalogueFailure, CatalogueListing } from './types.ts';
import { PLACEHOLDER_VALUE } from './placeholders.ts';

/** The catalogue's folder, relative to the repository's root. */
export const CATALOGUE_DIR = 'catalogue';
/** The catalogue's own extra candidates, npm packages below the coverage extract's floor (`npm run coverage -- --extract-from`), relative to the root. */
export const CATALOGUE_LONG_TAIL = path.join(CATALOGUE_DIR, 'long-tail.json');

/** Write one listing as two-space JSON with a final newline. */
export function writeListing(root: string, listing: CatalogueListing): void {
  const dir = path.join(root, CATALOGUE_DIR, listing.registry);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${catalogueSlug(listing.name)}.json`), `${JSON.stringify(listing, null, 2)}\n`);
}

/**
 * Every listing of the catalogue, npm first, each registry by file name.
 * @throws Error when a file is not JSON
 */
export function readListings(root: string): CatalogueListing[] {
  const listings: CatalogueListing[] = [];
  for (const registry of ['npm', 'pypi'] as const) {
    const dir = path.join(root, CATALOGUE_DIR, registry);
    let files: string[];
    try {
      files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    } catch {
      continue;
    }
    for (const file of files.sort()) listings.push(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CatalogueListing);
  }
  return listings;
}

const STAGES: readonly CatalogueFailure['stage'][] = ['install', 'start'];
/** How many packages issue 25 asks the catalogue to list. */
const CATALOGUE_TARGET = 300;

/**
 * The cause of a failure in a few words, from its reason (the texts src/refresh/install.ts, src/scan/list-tools.ts
 * and src/refresh/catalogue/list-package.ts write): for the report's count by cause.
 */
export function failureCause(failure: CatalogueFailure): string {
  const reason = failure.reason;
  if (failure.registry === 'pypi') return 'PyPI not installed';
  if (/did not finish within/.test(reason)) return 'install over its deadline';
  if (/has no bin|several bins/.test(reason)) return 'no bin to start';
  if (/^npm install .* failed/.test(reason)) return 'install failed';
  if (failure.stage === 'install') return 'install failed';
  if (/native addon/.test(reason)) return 'native addon not built';
  if (/tried to reach a service/.test(reason)) return 'service unreachable at start';
  if (/module it imports is missing/.test(reason)) return 'module missing';
  if (/started again with placeholders/.test(reason)) return 'exit even with placeholders';
  if (/started again with/.test(reason)) return 'exit even with a scratch folder';
  if (/exited with code|was ended by|closed its connection/.test(reason)) return 'exit without credentials';
  if (/did not answer/.test(reason)) return 'no answer in time';
  if (/listed no tools/.test(reason)) return 'no tools';
  return 'protocol error';
}

/**
 * How far the catalogue is from {@link CATALOGUE_TARGET}, and why: what is left to try, what cannot be tried here
 * (PyPI), and what the untried would add at the share of tried packages that listed. A projection, said to be one.
 */
function towardTarget(listed: number, failures: readonly CatalogueFailure[], untriedNpm: number, untriedPypi: number): string {
  const short = CATALOGUE_TARGET - listed;
  if (short <= 0) return `Toward issue 25's ${CATALOGUE_TARGET}: reached (${listed}).`;
  const pypiFailed = failures.filter((failure) => failure.registry === 'pypi').length;
  const pypi = pypiFailed + untriedPypi;
  const untried = untriedNpm;
  const npmTried = listed + failures.length - pypiFailed;
  const rate = npmTried === 0 ? 0 : listed / npmTried;
  const projected = Math.round(untried * rate);
  return [
    `Toward issue 25's ${CATALOGUE_TARGET}: ${short} short.`,
    pypi > 0
      ? `The ${pypi} PyPI candidates cannot be installed here (these machines reach the npm registry and no PyPI index), so every listing is from npm.`
      : '',
    untried > 0
      ? `${untried} npm candidates are not tried yet; at the share of npm packages tried so far that listed (${listed} of ${npmTried}), they would add about ${projected}, ${listed + projected >= CATALOGUE_TARGET ? 'enough' : 'not enough'} for ${CATALOGUE_TARGET}: the next run is \`npm run catalogue -- --resume\`.`
      : `No npm candidate is left untried: more listings need more candidates (a longer tail, PyPI from a machine that reaches it) or servers that start without credentials.`,
  ]
    .filter((part) => part !== '')
    .join(' ');
}

/**
 * The report of a run: how many packages are listed and tools, then every package that could not be listed with why.
 * @param untried candidates the run did not reach before its deadline (`--stop-after`)
 * @param untriedPypi how many of `untried` are PyPI packages, which cannot be installed here
 * @returns the Markdown and JSON texts
 */
export function catalogueReport(
  listings: readonly CatalogueListing[],
  failures: readonly CatalogueFailure[],
  today: string,
  untried: readonly string[] = [],
  untriedPypi = 0,
): { markdown: string; json: string } {
  const tools = listings.reduce((sum, listing) => sum + listing.tools.length, 0);
  const placeholdered = listings.filter((listing) => listing.placeholders !== undefined);
  const tally = new Map<string, number>();
  for (const failure of failures) tally.set(failureCause(failure), (tally.get(failureCause(failure)) ?? 0) + 1);
  const causes = [...tally].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const lines = [
    '# Catalogue: MCP servers not yet classified',
    '',
    `Written by \`npm run catalogue\` on ${today}. Each package below is an MCP server package of [docs/coverage/packages.json](../docs/coverage/packages.json) or of its long tail below 1,000 downloads a month, [long-tail.json](long-tail.json), that no record names, most downloaded first; it was installed (\`npm install --ignore-scripts\`) and started once without options or credentials, in scan's minimal environment with a scratch home folder, and its \`tools/list\` kept as sent. These listings are not records: they identify no server for the hook or scan, classify nothing, and count toward no total.`,
    '',
    `Listed: ${listings.length} packages, ${tools} tools. Could not be listed: ${failures.length}.${untried.length > 0 ? ` Not tried before the run's deadline: ${untried.length}.` : ''}`,
    '',
    towardTarget(listings.length, failures, untried.length - untriedPypi, untriedPypi),
    '',
    `A server that stopped at start naming environment variables it lacks (its own error text), or whose usage line asked for a folder, was started once more with an obvious placeholder for each (\`${PLACEHOLDER_VALUE}\`, an \`.invalid\` address for a URL or host; never a credential) and a scratch folder. Listed that way: ${placeholdered.length}.`,
    '',
    `Could not be listed, by stage: ${STAGES.map((stage) => `${stage} ${failures.filter((failure) => failure.stage === stage).length}`).join(', ')}; by cause: ${causes.map(([cause, count]) => `${cause} ${count}`).join(', ') || 'none'}.`,
    '',
    ...(placeholdered.length > 0
      ? [
          '## Listed with placeholders',
          '',
          '| Package | Placeholders (names only) |',
          '|---|---|',
          ...placeholdered.map(
            (listing) =>
              `| \`${listing.name}\` | ${[...(listing.placeholders?.env ?? []).map((name) => `\`${name}\``), ...(listing.placeholders?.folder === true ? ['a scratch folder'] : [])].join(', ')} |`,
          ),
          '',
        ]
      : []),
    '## Could not be listed',
    '',
    'A resumed run does not install again a package that failed at the version the registry still calls latest, or that failed before failures named their version, unless it ran out of a deadline shorter than the run gives; it keeps the failure below (`--retry-failed` tries them again). A version is named when the registry gave it before the install.',
    '',
    '| Package | Version | Registry | Stage | Why |',
    '|---|---|---|---|---|',
    ...failures.map(
      (failure) =>
        `| \`${failure.name}\` | ${failure.version ?? ''} | ${failure.registry} | ${failure.stage} | ${failure.reason.replaceAll('|', '\\|').replaceAll('\n', ' ')} |`,
    ),
    '',
    ...(untried.length > 0 ? ["## Not tried before the run's deadline", '', untried.map((name) => `\`${name}\``).join(', '), ''] : []),
  ];
  const json = {
    date: today,
    listed: listings.map((listing) => ({ registry: listing.registry, name: listing.name, version: listing.version, tools: listing.tools.length })),
    failures,
    ...(untried.length > 0 ? { untried } : {}),
  };
  return { markdown: lines.join('\n'), json: `${JSON.stringify(json, null, 2)}\n` };
}
