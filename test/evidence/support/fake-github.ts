/**
 * A stand-in for GitHub's REST API on loopback (node:http, 127.0.0.1, a
 * free port), answering in the API's shape:
 *
 * - `GET /repos/{owner}/{repo}/contents/{path}?ref={commit}`: a file as
 *   `{type: "file", encoding: "base64", content, sha, path, ...}`, a
 *   directory as an array of entries, or 404 `{message: "Not Found"}`;
 * - `GET /repos/{owner}/{repo}/git/commits/{commit}`: the commit, or 404;
 * - in rate-limited mode, every request gets 403 with `x-ratelimit-remaining: 0`.
 *
 * Every request is recorded so tests can tell what reached the "network".
 */
import { createHash } from 'node:crypto';
import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The files the fake serves, keyed by {@link repoFileKey}. */
export type FakeFiles = ReadonlyMap<string, string>;

/** The key of a file in {@link FakeFiles}: `owner/repo@commit:path`. */
export function repoFileKey(owner: string, repo: string, commit: string, path: string): string {
  return `${owner}/${repo}@${commit}:${path}`;
}

/** One request the fake received. */
interface SeenRequest {
  method: string;
  /** The path and query as sent, still percent-encoded. */
  url: string;
  headers: IncomingHttpHeaders;
}

/** A running fake. */
export interface FakeGitHub {
  /** The base URL to put in `GITHUB_API_URL`, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** Requests in the order they arrived. */
  requests: SeenRequest[];
  /** When true, every request is answered with a 403 rate-limit error. */
  rateLimited: boolean;
  /** Stop listening. */
  close(): Promise<void>;
}

/** The epoch second the fake's rate limit "resets" at (2030-01-01T00:00:00Z). */
const RATE_LIMIT_RESET = 1893456000;

function gitBlobSha(content: Buffer): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

/** Base64 as GitHub sends it: wrapped at 60 characters with `\n`. */
function wrappedBase64(content: Buffer): string {
  return `${(content.toString('base64').match(/.{1,60}/g) ?? []).join('\n')}\n`;
}

/**
 * Start a fake serving `files`. Commits exist when any file is served at them.
 * @returns the running fake; call `close()` when done
 */
export async function startFakeGitHub(files: FakeFiles): Promise<FakeGitHub> {
  const commits = new Set<string>();
  for (const key of files.keys()) commits.add(key.slice(0, key.indexOf(':')));
  const requests: SeenRequest[] = [];
  const state = { rateLimited: false };

  const server = createServer((request, response) => {
    requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    const base = { 'content-type': 'application/json; charset=utf-8', 'x-ratelimit-limit': '5000', 'x-ratelimit-reset': String(RATE_LIMIT_RESET) };
    const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      response.writeHead(status, { ...base, 'x-ratelimit-remaining': '4999', ...headers });
      response.end(JSON.stringify(body));
    };
    const notFound = (): void => send(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' });

    if (state.rateLimited) {
      send(
        403,
        {
          message: 'API rate limit exceeded for 127.0.0.1.',
          documentation_url: 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting',
        },
        { 'x-ratelimit-remaining': '0' },
      );
      return;
    }
    const url = new URL(request.url ?? '/', 'http://fake');
    const contents = /^\/repos\/([^/]+)\/([^/]+)\/contents\/(.+)$/.exec(url.pathname);
    if (request.method === 'GET' && contents) {
      const [owner, repo, encodedPath] = [decodeURIComponent(contents[1]!), decodeURIComponent(contents[2]!), contents[3]!];
      const filePath = encodedPath.split('/').map(decodeURIComponent).join('/');
      const commit = url.searchParams.get('ref') ?? '';
      const text = files.get(repoFileKey(owner, repo, commit, filePath));
      if (text !== undefined) {
        const content = Buffer.from(text, 'utf8');
        const sha = gitBlobSha(content);
        const name = filePath.slice(filePath.lastIndexOf('/') + 1);
        send(200, {
          type: 'file',
          encoding: 'base64',
          size: content.length,
          name,
          path: filePath,
          content: wrappedBase64(content),
          sha,
          url: `${url.origin}${url.pathname}?ref=${commit}`,
          git_url: `${url.origin}/repos/${owner}/${repo}/git/blobs/${sha}`,
          html_url: `https://github.com/${owner}/${repo}/blob/${commit}/${filePath}`,
          download_url: `https://raw.githubusercontent.com/${owner}/${repo}/${commit}/${filePath}`,
          _links: {
            self: `${url.origin}${url.pathname}?ref=${commit}`,
            git: `${url.origin}/repos/${owner}/${repo}/git/blobs/${sha}`,
            html: `https://github.com/${owner}/${repo}/blob/${commit}/${filePath}`,
          },
        });
        return;
      }
      const prefix = repoFileKey(owner, repo, commit, `${filePath}/`);
      const children = [...files.keys()].filter((key) => key.startsWith(prefix));
      if (children.length > 0) {
        const names = [...new Set(children.map((key) => key.slice(prefix.length).split('/')[0]!))].sort();
        send(
          200,
          names.map((child) => ({ type: 'dir', name: child, path: `${filePath}/${child}`, sha: '0'.repeat(40), size: 0 })),
        );
        return;
      }
      notFound();
      return;
    }
    const commit = /^\/repos\/([^/]+)\/([^/]+)\/git\/commits\/([0-9a-f]{40})$/.exec(url.pathname);
    if (request.method === 'GET' && commit && commits.has(`${commit[1]}/${commit[2]}@${commit[3]}`)) {
      send(200, { sha: commit[3], message: 'fake commit', tree: { sha: '0'.repeat(40) }, parents: [] });
      return;
    }
    notFound();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get rateLimited() {
      return state.rateLimited;
    },
    set rateLimited(value: boolean) {
      state.rateLimited = value;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
