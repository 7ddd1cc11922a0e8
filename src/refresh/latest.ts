/**
 * The newest release of a server, from where it is published:
 *
 * - npm: the `latest` dist-tag of the package document,
 *   `GET {registry}/{name}` with the scope's `/` written `%2F`
 *   (npm/registry docs/responses/package-metadata.md; the abbreviated
 *   document, `Accept: application/vnd.npm.install-v1+json`, has `dist-tags`);
 * - GitHub: the repository's latest release (`GET /repos/{owner}/{repo}/releases/latest`),
 *   or, when a record's release names a tag with a prefix (a monorepo such as
 *   `chrome-devtools-mcp-v1.7.0`), the highest version among the tags with
 *   that prefix (`GET /repos/{owner}/{repo}/tags`, every page), through
 *   octokit with `GITHUB_TOKEN` (docs.github.com/rest/releases/releases,
 *   docs.github.com/rest/repos/repos#list-repository-tags).
 */
import { Octokit } from 'octokit';
import semver from 'semver';
import { messageOf } from '../core/errors.ts';
import { releaseBefore } from '../core/version.ts';

/** The npm registry asked when none is configured. */
export const DEFAULT_NPM_REGISTRY = 'https://registry.npmjs.org/';

/**
 * A found release, or why none was found (our words, safe to print).
 * `beyond`: the `latest` dist-tag when it is at or past the package's
 * `before` (SPEC 5.3), so `version` is the newest release before it.
 */
export type Latest = { ok: true; version: string; tag?: string; beyond?: string } | { ok: false; message: string };

/** How to reach the npm registry. */
export interface NpmOptions {
  /** Registry base URL, with or without a trailing `/`. */
  registry: string;
  /** Injected for tests; the global `fetch` otherwise. */
  fetch?: typeof fetch;
  /** Deadline for the request, in milliseconds. */
  timeoutMs: number;
}

/**
 * The `latest` dist-tag of an npm package; with `before` (the first release
 * that runs another server, `server.packages[].before`, SPEC 5.3) and a
 * `latest` at or past it, the newest published release before it instead,
 * pre-releases left out, with `latest` as `beyond`.
 * @returns the version, or why it could not be read; never throws
 */
export async function npmLatest(name: string, options: NpmOptions, before?: string): Promise<Latest> {
  const base = options.registry.endsWith('/') ? options.registry : `${options.registry}/`;
  const url = `${base}${name.replace('/', '%2F')}`;
  try {
    const response = await (options.fetch ?? fetch)(url, {
      headers: { accept: 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8' },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (response.status === 404) return { ok: false, message: `npm has no package \`${name}\`` };
    if (!response.ok) return { ok: false, message: `the npm registry answered ${response.status} for \`${name}\`` };
    const document = (await response.json()) as { 'dist-tags'?: { latest?: unknown }; versions?: Record<string, unknown> };
    const latest = document['dist-tags']?.latest;
    if (typeof latest !== 'string' || semver.valid(latest) === null) return { ok: false, message: `\`${name}\` has no valid \`latest\` dist-tag` };
    if (before === undefined || releaseBefore(before, latest)) return { ok: true, version: latest };
    const older = Object.keys(document.versions ?? {}).filter(
      (version) => semver.valid(version) !== null && semver.prerelease(version) === null && releaseBefore(before, version),
    );
    const newest = semver.rsort(older)[0];
    if (newest === undefined) return { ok: false, message: `\`${name}\` has no release before ${before}, the first that runs another server` };
    return { ok: true, version: newest, beyond: latest };
  } catch (error) {
    return { ok: false, message: `the npm registry could not be read for \`${name}\` (${messageOf(error)})` };
  }
}

/** How to reach GitHub's REST API. */
export interface GitHubOptions {
  /** `GITHUB_TOKEN`; unauthenticated requests are rate-limited to 60 an hour. */
  token?: string;
  /** API base URL (a loopback fake in tests); `https://api.github.com` by default. */
  apiUrl?: string;
}

/** A GitHub client for {@link githubLatest}: octokit with retries and throttling off (a weekly job reports and moves on). */
export function githubClient(options: GitHubOptions): Octokit {
  const quiet = (): void => {};
  return new Octokit({
    ...(options.token !== undefined && options.token !== '' ? { auth: options.token } : {}),
    ...(options.apiUrl !== undefined ? { baseUrl: options.apiUrl } : {}),
    userAgent: 'reversibility-classes-refresh',
    log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
    throttle: { enabled: false },
    retry: { enabled: false },
  });
}

/** The version a tag names: what follows `prefix`, without a leading `v`, if it is a semantic version. */
export function tagVersion(tag: string, prefix: string): string | undefined {
  if (!tag.startsWith(prefix)) return undefined;
  const rest = tag.slice(prefix.length).replace(/^v/, '');
  return semver.valid(rest) ?? undefined;
}

/** Most tag pages read (100 tags each). */
const MAX_TAG_PAGES = 10;

/**
 * The newest release of a GitHub repository.
 * @param repository `owner/name`
 * @param tagPrefix when set, the highest semantic version among tags `<prefix><version>` (or `<prefix>v<version>`);
 *   when undefined, the latest release, else the highest semantic version among all tags
 * @returns the version and tag, or why none was found; never throws
 */
export async function githubLatest(octokit: Octokit, repository: string, tagPrefix: string | undefined): Promise<Latest> {
  const [owner, repo] = repository.split('/') as [string, string];
  try {
    if (tagPrefix === undefined) {
      try {
        const { data } = await octokit.rest.repos.getLatestRelease({ owner, repo });
        const version = tagVersion(data.tag_name, '') ?? semver.coerce(data.tag_name)?.version;
        if (version !== undefined) return { ok: true, version, tag: data.tag_name };
      } catch (error) {
        if ((error as { status?: unknown }).status !== 404) throw error;
      }
    }
    let best: { version: string; tag: string } | undefined;
    for (let page = 1; page <= MAX_TAG_PAGES; page += 1) {
      const { data } = await octokit.rest.repos.listTags({ owner, repo, per_page: 100, page });
      for (const tag of data) {
        const version = tagVersion(tag.name, tagPrefix ?? '');
        if (version !== undefined && (best === undefined || semver.gt(version, best.version))) best = { version, tag: tag.name };
      }
      if (data.length < 100) break;
    }
    if (best === undefined) return { ok: false, message: `${repository} has no release${tagPrefix === undefined ? '' : ` tagged \`${tagPrefix}<version>\``}` };
    return { ok: true, version: best.version, tag: best.tag };
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    return { ok: false, message: `GitHub could not be read for ${repository} (${typeof status === 'number' ? `HTTP ${status}` : messageOf(error)})` };
  }
}

/**
 * The tag prefix a record's `provenance.release` names, e.g. `chrome-devtools-mcp-v`
 * from `chrome-devtools-mcp 1.7.0 (tag chrome-devtools-mcp-v1.7.0)`: the text of the
 * word after `tag` up to its version.
 * @returns the prefix (possibly empty, for a tag like `v1.2.3`), or undefined when no tag is named
 */
export function releaseTagPrefix(release: string | undefined): string | undefined {
  const match = /\btag\s+`?([A-Za-z0-9_.@/-]*?)v?(\d+\.\d+\.\d+[^\s`),;]*)/.exec(release ?? '');
  return match === null ? undefined : match[1]!;
}
