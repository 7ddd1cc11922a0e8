/**
 * Reading files and commits through GitHub's REST API with octokit:
 * `GET /repos/{owner}/{repo}/contents/{path}?ref={commit}` and
 * `GET /repos/{owner}/{repo}/git/commits/{commit}`.
 */
import { Octokit } from 'octokit';
import type { FileRef } from './citations.ts';
import { type Fetched, IncompleteError } from './fetched.ts';

/** How to reach GitHub. */
export interface GitHubOptions {
  /** API base URL without a trailing slash, e.g. `https://api.github.com`. */
  apiUrl: string;
  /** A token; without one GitHub allows 60 requests an hour. */
  token: string | undefined;
  /** Retries of a request that failed with a server error or no answer (0 for none). */
  retries: number;
}

/** Read access to GitHub for the evidence check. */
export interface GitHub {
  /**
   * The file at a path and commit.
   * @throws IncompleteError when GitHub could not answer
   */
  getFile(ref: FileRef): Promise<Fetched>;
  /**
   * Whether the commit exists in the repository.
   * @throws IncompleteError when GitHub could not answer
   */
  commitExists(ref: Pick<FileRef, 'owner' | 'repo' | 'commit'>): Promise<boolean>;
}

interface ContentItem {
  type: string;
  encoding?: string;
  content?: string;
  size?: number;
  target?: string;
}

/** Create a GitHub client. Octokit's throttling is off and rate limits end the run instead of waiting for the reset. */
export function createGitHub(options: GitHubOptions): GitHub {
  const quiet = (): void => {};
  const octokit = new Octokit({
    auth: options.token,
    baseUrl: options.apiUrl,
    userAgent: 'reversibility-classes-evidence',
    log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
    throttle: { enabled: false },
    retry: { retries: options.retries, doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451] },
  });

  return {
    async getFile(ref) {
      try {
        const { data } = await octokit.rest.repos.getContent({ owner: ref.owner, repo: ref.repo, path: ref.path, ref: ref.commit });
        if (Array.isArray(data)) return { kind: 'not-file', type: 'dir' };
        const item = data as ContentItem;
        if (item.type !== 'file')
          return item.target === undefined ? { kind: 'not-file', type: item.type } : { kind: 'not-file', type: item.type, target: item.target };
        if (item.encoding === 'base64' && typeof item.content === 'string') return { kind: 'file', bytes: Buffer.from(item.content, 'base64') };
        // Files over 1 MB come back with encoding "none" and no content; ask for the raw bytes.
        const raw = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
          owner: ref.owner,
          repo: ref.repo,
          path: ref.path,
          ref: ref.commit,
          mediaType: { format: 'raw' },
        });
        const body: unknown = raw.data;
        return { kind: 'file', bytes: typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body as ArrayBuffer) };
      } catch (error) {
        if (statusOf(error) === 404) return { kind: 'missing' };
        throw incomplete(error, options.apiUrl);
      }
    },

    async commitExists(ref) {
      try {
        await octokit.rest.git.getCommit({ owner: ref.owner, repo: ref.repo, commit_sha: ref.commit });
        return true;
      } catch (error) {
        if (statusOf(error) === 404 || statusOf(error) === 422) return false;
        throw incomplete(error, options.apiUrl);
      }
    },
  };
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}

/** Turn a failed request into an IncompleteError saying what went wrong. */
function incomplete(error: unknown, apiUrl: string): IncompleteError {
  const status = statusOf(error);
  const response = (error as { response?: { headers?: Record<string, string | undefined> } }).response;
  const headers = response?.headers ?? {};
  const message = (error as Error).message ?? String(error);
  if (response === undefined) return new IncompleteError(`cannot reach ${apiUrl}: ${message}`, true);
  if (status === 401) return new IncompleteError('GitHub rejected the token (401 Bad credentials); check GITHUB_TOKEN', true);
  if ((status === 403 || status === 429) && (headers['x-ratelimit-remaining'] === '0' || headers['retry-after'] !== undefined || /rate limit/i.test(message))) {
    const reset = Number(headers['x-ratelimit-reset']);
    const when = Number.isFinite(reset) && reset > 0 ? `; it resets at ${new Date(reset * 1000).toISOString()}` : '';
    return new IncompleteError(`GitHub rate limit reached (${status})${when}; set GITHUB_TOKEN for a higher limit`, true);
  }
  return new IncompleteError(`GitHub answered ${status ?? 'an error'}: ${message}`, false);
}
