/**
 * The online evidence check (SPEC 5.2): fetch each cited file once, at its
 * commit from the cache or GitHub, or from the published npm package a
 * record pins (each archive once per run, held to its integrity), and
 * confirm each tool's name appears within `NEAR_LINES` (near.ts) lines of
 * the cited line; and read each page of a vendor's documentation once and
 * confirm each quote of it appears in its text (SPEC 5.1).
 */
import type { Problem } from '../../src/records/problems.ts';
import { type Citation, type CommitCitation, type PackageCitation, type QuoteCitation, fileKey, packageKey } from './citations.ts';
import { commitChecker } from './commit-check.ts';
import type { Report, Visit } from './content.ts';
import type { GitHub } from './github.ts';
import type { Npm } from './npm.ts';
import { packageChecker } from './package-check.ts';
import type { Pages } from './pages.ts';
import { quoteChecker } from './quote-check.ts';

/** The check id problems are reported under. */
const CHECK_ID = 'evidence-online';

/** What a check run found. */
export interface EvidenceResult {
  /** One problem per broken citation (or one per record whose commit or package version cannot be read). */
  problems: Problem[];
  /** Why the check is incomplete; empty when every cited file was read. */
  incomplete: string[];
  /** Distinct files cited at a commit, and how many of them came from the cache or from GitHub. */
  files: { total: number; cached: number; fetched: number };
  /** Distinct npm package archives cited (name, version and integrity), and distinct files cited in them. */
  packages: { total: number; files: number };
  /** Quotes of the vendor's documentation (SPEC 5.1), and the distinct pages they come from. */
  quotes: { total: number; pages: number };
}

/** Where to get files, and how many to fetch at once. */
export interface CheckOptions {
  github: GitHub;
  npm: Npm;
  /** The vendor's documentation pages. */
  pages: Pages;
  /** The npm registry's URL, as problems name it. */
  npmRegistry: string;
  /** The cache directory of files at a commit (`.cache/evidence`). */
  cacheDir: string;
  /** Files fetched in parallel. */
  concurrency: number;
  /** Told the lines of each cited file read, per citation (for `--write-excerpts`). */
  visit?: Visit;
}

/** Citations grouped by the file they cite, in first-citation order. */
function byFile<C extends Citation>(citations: readonly C[]): C[][] {
  const groups = new Map<string, C[]>();
  for (const citation of citations) {
    const key = fileKey(citation.ref);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [citation]);
    else group.push(citation);
  }
  return [...groups.values()];
}

/**
 * Check every citation. Never throws for GitHub or npm registry failures:
 * they make the result incomplete. A rate limit, a rejected token or an
 * unreachable service stops all further requests to that service.
 * @throws on cache read or write errors, and on errors reading an extracted package
 */
export async function checkCitations(citations: readonly Citation[], quotes: readonly QuoteCitation[], options: CheckOptions): Promise<EvidenceResult> {
  const problems: Problem[] = [];
  const report: Report = (file, at, message) => {
    problems.push({ file, line: at.line, column: at.column, severity: 'error', check: CHECK_ID, message });
  };
  const atCommits = byFile(citations.filter((citation): citation is CommitCitation => citation.base === 'commit'));
  const inPackages = byFile(citations.filter((citation): citation is PackageCitation => citation.base === 'package'));
  const packages = { total: new Set(inPackages.map((group) => packageKey(group[0]!.ref))).size, files: inPackages.length };
  const commits = commitChecker(options.github, options.cacheDir, atCommits.length, report, options.visit);
  const published = packageChecker(options.npm, options.npmRegistry, packages.total, report, options.visit);
  const onPages: QuoteCitation[][] = [];
  for (const quote of quotes) {
    const group = onPages.find((candidate) => candidate[0]!.url === quote.url);
    if (group === undefined) onPages.push([quote]);
    else group.push(quote);
  }
  const documented = quoteChecker(options.pages, report);

  const queue: Array<() => Promise<void>> = [
    ...atCommits.map((group) => () => commits.check(group)),
    ...inPackages.map((group) => () => published.check(group)),
    ...onPages.map((group) => () => documented.check(group)),
  ];
  const worker = async (): Promise<void> => {
    for (let task = queue.shift(); task !== undefined; task = queue.shift()) await task();
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));

  return {
    problems,
    incomplete: [...commits.incomplete(), ...published.incomplete(), ...documented.incomplete()],
    files: commits.files,
    packages,
    quotes: { total: quotes.length, pages: onPages.length },
  };
}
