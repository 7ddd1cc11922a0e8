/**
 * What a source of cited files (GitHub at a commit, an npm package at a
 * version) holds at a cited path, and the error a source throws when it
 * could not answer, which leaves the check incomplete (exit 3).
 */

/** What a source holds at a cited path: the file's bytes, nothing, or something that is not a file (a directory, a symbolic link). */
export type Fetched = { kind: 'file'; bytes: Buffer } | { kind: 'missing' } | { kind: 'not-file'; type: string; target?: string };

/**
 * The check could not finish: a source (GitHub, the npm registry) could not
 * be reached or refused to answer. `abort` is true when no further request to
 * that source can succeed either (rate limit, rejected token, network down),
 * so the run stops asking it.
 */
export class IncompleteError extends Error {
  constructor(
    message: string,
    readonly abort: boolean,
  ) {
    super(message);
    this.name = 'IncompleteError';
  }
}
