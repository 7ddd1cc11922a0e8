/**
 * `npm run refresh` for a record whose npm package names `before`, the
 * first release that runs another server (SPEC 5.3): stripe's @stripe/mcp
 * proxies the hosted server from 0.3.1 on, so the refresh compares the
 * record with the newest release before it, and says why it passed over
 * npm's `latest`. The registry is a loopback server in npm's abbreviated
 * package-document shape.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRefresh, scratchRegistry } from './support.ts';

let url = '';
const asked: string[] = [];
const server = createServer((request, response) => {
  asked.push(request.url ?? '');
  if (request.url !== '/@stripe%2Fmcp') {
    response.writeHead(404).end('{}');
    return;
  }
  const versions = Object.fromEntries(['0.2.4', '0.2.5', '0.3.1', '0.3.3', '0.3.4-beta.1'].map((version) => [version, { name: '@stripe/mcp', version }]));
  response
    .writeHead(200, { 'content-type': 'application/vnd.npm.install-v1+json' })
    .end(JSON.stringify({ name: '@stripe/mcp', 'dist-tags': { latest: '0.3.3' }, versions }));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('npm run refresh and a package that runs another server from `before` on', () => {
  it('compares stripe with 0.2.5, the newest release before 0.3.1, not npm latest 0.3.3, and says so', async () => {
    const { registry, out } = scratchRegistry(['stripe']);
    const run = await runRefresh(['--registry-dir', registry, '--out', out, '--today', '2026-12-01', '--source', 'npm', '--npm-registry', url]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8'));
    expect(report.servers[0]).toMatchObject({ id: 'stripe', status: 'current', pinned: { version: '0.2.5' }, latest: { version: '0.2.5' } });
    expect(report.servers[0].notes).toEqual([
      "npm's latest is 0.3.3, but from 0.3.1 the package runs another server, which this record does not describe (server.packages[].before); compared with 0.2.5, the newest release before it",
    ]);
    expect(asked).toEqual(['/@stripe%2Fmcp']);
    expect(readFileSync(path.join(out, 'report.md'), 'utf8')).toContain("- Note: npm's latest is 0.3.3, but from 0.3.1 the package runs another server");
  }, 60_000);
});
