/**
 * Running `npm run refresh` (scripts/refresh.ts) as a child on a scratch
 * registry made of copies of real records, and a loopback stand-in for
 * GitHub's releases and tags API.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.ts';
import { scriptBundle } from '../script-bundle.ts';
import { FROZEN_DIR } from './frozen.ts';

/** A scratch registry with copies of `registry/<id>.yaml` (or of its frozen copy), each changed by `edit` if given. */

/** The frozen copy of `relative` when there is one, else `otherwise`. */
function frozenOr(relative: string, otherwise: string): string {
  const frozen = path.join(FROZEN_DIR, relative);
  return existsSync(frozen) ? frozen : otherwise;
}

export function scratchRegistry(
  ids: readonly string[],
  edit: (id: string, text: string) => string = (_, text) => text,
): { root: string; registry: string; out: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'rclass-refresh-test-'));
  const registry = path.join(root, 'registry');
  mkdirSync(registry);
  for (const id of ids) {
    const source = frozenOr(path.join('registry', `${id}.yaml`), path.join(ROOT, 'registry', `${id}.yaml`));
    writeFileSync(path.join(registry, `${id}.yaml`), edit(id, readFileSync(source, 'utf8')));
  }
  return { root, registry, out: path.join(root, 'out') };
}

/** Copy a live fixture into a scratch hints folder. */
export function scratchHints(root: string, ids: readonly string[]): string {
  const dir = path.join(root, 'hints');
  mkdirSync(dir, { recursive: true });
  for (const id of ids)
    copyFileSync(frozenOr(path.join('live', `${id}.json`), path.join(ROOT, 'test', 'fixtures', 'live', `${id}.json`)), path.join(dir, `${id}.json`));
  return dir;
}

/** What the refresh child did. */
export interface RefreshRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run scripts/refresh.ts (its bundle, test/script-bundle.ts, rather than the source through tsx) with these arguments and environment additions. */
export async function runRefresh(args: readonly string[], env: Record<string, string> = {}): Promise<RefreshRun> {
  const script = await scriptBundle('scripts/refresh.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** One request the fake received. */
export interface SeenRequest {
  url: string;
  headers: IncomingHttpHeaders;
}

/** The fake's data: per `owner/repo`, its latest release's tag (or none) and its tags, newest first. */
export type FakeReleases = Record<string, { latest?: string; tags: string[] }>;

/**
 * Start a loopback stand-in for GitHub's REST API answering, in its shapes
 * (docs.github.com/rest/releases/releases#get-the-latest-release,
 * docs.github.com/rest/repos/repos#list-repository-tags):
 * `GET /repos/{owner}/{repo}/releases/latest` (a release, or 404) and
 * `GET /repos/{owner}/{repo}/tags?per_page=&page=` (a page of `{name, commit}`).
 */
export async function startFakeReleases(data: FakeReleases): Promise<{ url: string; requests: SeenRequest[]; close(): Promise<void> }> {
  const requests: SeenRequest[] = [];
  const server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', headers: request.headers });
    const send = (status: number, body: unknown): void => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '4999' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://fake');
    const match = /^\/repos\/([^/]+)\/([^/]+)\/(releases\/latest|tags)$/.exec(url.pathname);
    const repo = match === null ? undefined : data[`${match[1]}/${match[2]}`];
    if (match === null || repo === undefined) return send(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' });
    if (match[3] === 'releases/latest') {
      if (repo.latest === undefined)
        return send(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/releases/releases#get-the-latest-release', status: '404' });
      return send(200, {
        id: 1,
        tag_name: repo.latest,
        name: repo.latest,
        draft: false,
        prerelease: false,
        html_url: `https://github.com/${match[1]}/${match[2]}/releases/tag/${repo.latest}`,
      });
    }
    const perPage = Number(url.searchParams.get('per_page') ?? '30');
    const page = Number(url.searchParams.get('page') ?? '1');
    const slice = repo.tags.slice((page - 1) * perPage, page * perPage);
    return send(
      200,
      slice.map((name, i) => ({ name, commit: { sha: String(i).padStart(40, '0'), url: '' }, zipball_url: '', tarball_url: '', node_id: '' })),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
