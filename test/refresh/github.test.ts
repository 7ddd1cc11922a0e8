/**
 * `npm run refresh` for records without an npm package: releases and tags
 * from a loopback server in GitHub's API shape, through octokit with
 * GITHUB_TOKEN. A record pinned by min_version is compared with the latest
 * release; one whose release names a prefixed tag (a monorepo) with the
 * highest tag of that prefix; a repository GitHub does not know is
 * incomplete.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRefresh, scratchRegistry, startFakeReleases } from './support.ts';

let fake: Awaited<ReturnType<typeof startFakeReleases>>;

beforeAll(async () => {
  fake = await startFakeReleases({
    'github/github-mcp-server': { latest: 'v1.11.0', tags: ['v1.11.0', 'v1.10.1', 'v1.10.0'] },
    // The latest release of the monorepo is another server's; the time server's own tags say it is current.
    'modelcontextprotocol/servers': { latest: '2027.1.1', tags: ['2027.1.1', 'mcp-server-time-v2026.7.10', 'mcp-server-time-v2026.6.1'] },
  });
});
afterAll(() => fake.close());

describe('npm run refresh through GitHub releases and tags', () => {
  it('reports a newer release of github as behind and time as current by its tag prefix, asks with GITHUB_TOKEN, and exits 1', async () => {
    const { registry, out } = scratchRegistry(['github', 'time'], (id, text) =>
      id === 'time' ? text.replace(/^ {2}release: .*$/m, '  release: "mcp-server-time 2026.7.10 (tag mcp-server-time-v2026.7.10)"') : text,
    );
    const run = await runRefresh(['--registry-dir', registry, '--out', out, '--today', '2026-12-01', '--source', 'github', '--github-api', fake.url], {
      GITHUB_TOKEN: 'test-token-123',
    });
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8'));
    expect(report.servers.map((s: { id: string; status: string }) => [s.id, s.status])).toEqual([
      ['github', 'behind'],
      ['time', 'current'],
    ]);
    expect(report.servers[0]).toMatchObject({
      source: 'github',
      subject: 'github/github-mcp-server',
      pinned: { version: '1.10.1', from: 'min_version' },
      latest: { version: '1.11.0', tag: 'v1.11.0' },
    });
    expect(report.servers[0].reason).toBe('v1.11.0 is newer than the pinned 1.10.1; with no npm package its tools cannot be listed here, so read its source');
    expect(report.servers[1]).toMatchObject({
      pinned: { version: '2026.7.10', from: 'release tag', tag: 'mcp-server-time-v2026.7.10' },
      latest: { version: '2026.7.10', tag: 'mcp-server-time-v2026.7.10' },
    });
    expect(fake.requests.map((request) => new URL(request.url, 'http://x').pathname)).toEqual([
      '/repos/github/github-mcp-server/releases/latest',
      '/repos/modelcontextprotocol/servers/tags',
    ]);
    expect(fake.requests.every((request) => request.headers.authorization?.endsWith('test-token-123'))).toBe(true);
    expect(readFileSync(path.join(out, 'report.md'), 'utf8')).toContain(
      '| github | github github/github-mcp-server | 1.10.1 (min_version) → 1.11.0 (v1.11.0) | behind | 0 | 0 | 0 |',
    );
  }, 60_000);

  it('exits 3 when GitHub does not know the repository, naming the HTTP status', async () => {
    const { registry, out } = scratchRegistry(['aws-dynamodb']);
    const run = await runRefresh(['--registry-dir', registry, '--out', out, '--today', '2026-12-01', '--source', 'github', '--github-api', fake.url]);
    expect(run.code, run.stderr).toBe(3);
    const report = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8'));
    expect(report.servers[0]).toMatchObject({ id: 'aws-dynamodb', status: 'incomplete', reason: 'GitHub could not be read for awslabs/mcp (HTTP 404)' });
    expect(run.stderr).toContain('[1/1] aws-dynamodb (github awslabs/mcp): incomplete');
  }, 60_000);
});
