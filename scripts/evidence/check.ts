/**
 * The online evidence check (SPEC 5.2): fetch each cited file once, at its
 * commit, from the cache or GitHub, and confirm each tool's name appears
 * within {@link NEAR_LINES} lines of the cited line.
 */
import type { Problem } from '../../src/records/problems.ts';
import { readCached, writeCached } from './cache.ts';
import { type Citation, type Position, fileKey } from './citations.ts';
import { type Fetched, type GitHub, IncompleteError } from './github.ts';
import { NEAR_LINES, findNear, splitLines } from './near.ts';

/** The check id problems are reported under. */
const CHECK_ID = 'evidence-online';

/** What a check run found. */
export interface EvidenceResult {
  /** One problem per broken citation (or one per record whose commit does not exist). */
  problems: Problem[];
  /** Why the check is incomplete; empty when every cited file was read. */
  incomplete: string[];
  /** Distinct files cited, and how many of them came from the cache or from GitHub. */
  files: { total: number; cached: number; fetched: number };
}

/** Where to get files, and how many to fetch at once. */
export interface CheckOptions {
  github: GitHub;
  /** The cache directory (`.cache/evidence`). */
  cacheDir: string;
  /** Files fetched in parallel. */
  concurrency: number;
}

/**
 * Check every citation. Never throws for GitHub failures: they make the
 * result incomplete. A rate limit, a rejected token or an unreachable API
 * stops all further requests.
 * @throws on cache read or write errors
 */
export async function checkCitations(citations: readonly Citation[], options: CheckOptions): Promise<EvidenceResult> {
  const groups = new Map<string, Citation[]>();
  for (const citation of citations) {
    const key = fileKey(citation.ref);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [citation]);
    else group.push(citation);
  }
  const problems: Problem[] = [];
  const incomplete: string[] = [];
  const files = { total: groups.size, cached: 0, fetched: 0 };
  const commits = new Map<string, Promise<boolean>>();
  const reportedCommits = new Set<string>();
  let stopped: string | undefined;
  let unchecked = 0;

  const report = (file: string, at: Position, message: string): void => {
    problems.push({ file, line: at.line, column: at.column, severity: 'error', check: CHECK_ID, message });
  };

  const checkGroup = async (group: Citation[]): Promise<void> => {
    const ref = group[0]!.ref;
    const where = `${ref.owner}/${ref.repo} at ${ref.commit.slice(0, 12)}`;
    let fetched: Fetched;
    const cached = await readCached(options.cacheDir, ref);
    if (cached !== undefined) {
      fetched = { kind: 'file', bytes: cached };
      files.cached += 1;
    } else {
      if (stopped !== undefined) {
        unchecked += 1;
        return;
      }
      try {
        fetched = await options.github.getFile(ref);
      } catch (error) {
        if (!(error instanceof IncompleteError)) throw error;
        if (error.abort) {
          stopped ??= error.message;
          unchecked += 1;
        } else incomplete.push(`${ref.path} in ${where}: ${error.message}`);
        return;
      }
      if (fetched.kind === 'file') {
        await writeCached(options.cacheDir, ref, fetched.bytes);
        files.fetched += 1;
      }
    }

    if (fetched.kind === 'file') {
      const lines = splitLines(fetched.bytes.toString('utf8'));
      for (const citation of group) {
        const found = findNear(lines, citation.tool, citation.line);
        if (found.found) continue;
        if (found.reason === 'past-end') {
          report(
            citation.file,
            citation.at.line,
            `evidence of \`${citation.tool}\` cites line ${citation.line}, but \`${ref.path}\` has ${found.lineCount} lines in ${where}`,
          );
        } else {
          const hint = found.nearest === undefined ? 'it appears nowhere in the file' : `it appears at line ${found.nearest}`;
          report(
            citation.file,
            citation.at.line,
            `\`${citation.tool}\` does not appear within ${NEAR_LINES} lines of \`${ref.path}:${citation.line}\` in ${where}; ${hint}`,
          );
        }
      }
      return;
    }
    if (fetched.kind === 'not-file') {
      const what =
        fetched.type === 'dir'
          ? 'a directory'
          : fetched.type === 'symlink'
            ? `a symbolic link${fetched.target === undefined ? '' : ` to \`${fetched.target}\``}`
            : `a ${fetched.type}`;
      for (const citation of group)
        report(citation.file, citation.at.path, `evidence of \`${citation.tool}\` cites \`${ref.path}\`, which is ${what} in ${where}, not a file`);
      return;
    }
    // Missing: tell a wrong path from a commit (or repository) that does not exist.
    const commitKey = `${ref.owner}/${ref.repo}@${ref.commit}`;
    let exists = commits.get(commitKey);
    if (exists === undefined) {
      exists = options.github.commitExists(ref);
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
      for (const citation of group)
        report(citation.file, citation.at.path, `evidence of \`${citation.tool}\` cites \`${ref.path}\`, which does not exist in ${where}`);
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

  const queue = [...groups.values()];
  const worker = async (): Promise<void> => {
    for (let group = queue.shift(); group !== undefined; group = queue.shift()) await checkGroup(group);
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));

  if (stopped !== undefined) incomplete.unshift(`${stopped}; ${unchecked} of ${files.total} cited files were not checked`);
  return { problems, incomplete, files };
}
