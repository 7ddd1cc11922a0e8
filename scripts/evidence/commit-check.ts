/**
 * Checking the citations of files at a commit (SPEC 5.2): each file read
 * once, from the cache or GitHub's contents API, and a missing file told
 * apart from a commit (or repository) that does not exist.
 */
import { readCached, writeCached } from './cache.ts';
import type { CommitCitation } from './citations.ts';
import { type Report, type Visit, checkContent, reportMissing, reportNotFile } from './content.ts';
import { type Fetched, IncompleteError } from './fetched.ts';
import type { GitHub } from './github.ts';

/** The GitHub side of one run: check one cited file's citations at a time, then say what could not be checked. */
export interface CommitChecker {
  /**
   * Check the citations of one file at one commit.
   * @throws on cache read or write errors
   */
  check(group: readonly CommitCitation[]): Promise<void>;
  /** Why the GitHub side is incomplete, after every group was checked; empty when every cited file was read. */
  incomplete(): string[];
  /** Distinct files cited, and how many of them came from the cache or from GitHub. */
  files: { total: number; cached: number; fetched: number };
}

/**
 * Start the GitHub side of a run. GitHub failures never throw: they make the
 * run incomplete. A rate limit, a rejected token or an unreachable API stops
 * all further requests to GitHub.
 * @param total how many distinct files at a commit are cited
 * @param visit told the lines of each file read (for `--write-excerpts`)
 */
export function commitChecker(github: GitHub, cacheDir: string, total: number, report: Report, visit?: Visit): CommitChecker {
  const files = { total, cached: 0, fetched: 0 };
  const incomplete: string[] = [];
  const commits = new Map<string, Promise<boolean>>();
  const reportedCommits = new Set<string>();
  let stopped: string | undefined;
  let unchecked = 0;

  const check = async (group: readonly CommitCitation[]): Promise<void> => {
    const ref = group[0]!.ref;
    const where = `${ref.owner}/${ref.repo} at ${ref.commit.slice(0, 12)}`;
    let fetched: Fetched;
    const cached = await readCached(cacheDir, ref);
    if (cached !== undefined) {
      fetched = { kind: 'file', bytes: cached };
      files.cached += 1;
    } else {
      if (stopped !== undefined) {
        unchecked += 1;
        return;
      }
      try {
        fetched = await github.getFile(ref);
      } catch (error) {
        if (!(error instanceof IncompleteError)) throw error;
        if (error.abort) {
          stopped ??= error.message;
          unchecked += 1;
        } else incomplete.push(`${ref.path} in ${where}: ${error.message}`);
        return;
      }
      if (fetched.kind === 'file') {
        await writeCached(cacheDir, ref, fetched.bytes);
        files.fetched += 1;
      }
    }

    if (fetched.kind === 'file') {
      checkContent(group, fetched.bytes, where, report, visit);
      return;
    }
    if (fetched.kind === 'not-file') {
      reportNotFile(group, fetched, where, report);
      return;
    }
    // Missing: tell a wrong path from a commit (or repository) that does not exist.
    const commitKey = `${ref.owner}/${ref.repo}@${ref.commit}`;
    let exists = commits.get(commitKey);
    if (exists === undefined) {
      exists = github.commitExists(ref);
      commits.set(commitKey, exists);
    }
    let commitFound: boolean;
    try {
      commitFound = await exists;
    } catch (error) {
      if (!(error instanceof IncompleteError)) throw error;
      if (error.abort) stopped ??= error.message;
      else incomplete.push(`commit ${where}: ${error.message}`);
      unchecked += 1;
      return;
    }
    if (commitFound) {
      reportMissing(group, where, report);
      return;
    }
    for (const citation of group) {
      const once = `${citation.file}\n${commitKey}`;
      if (reportedCommits.has(once)) continue;
      reportedCommits.add(once);
      report(
        citation.file,
        citation.at.commit,
        `commit \`${ref.commit}\` does not exist in \`${ref.owner}/${ref.repo}\` (or the repository does not exist or is private), so no evidence of this record could be read`,
      );
    }
  };

  return {
    check,
    incomplete: () => (stopped === undefined ? incomplete : [`${stopped}; ${unchecked} of ${files.total} cited files were not checked`, ...incomplete]),
    files,
  };
}
