/**
 * What the catalogue decides from the registry's manifest before any install
 * (issue 25 item 4): a release that already failed is not installed again,
 * and a manifest with no bin is reported with its version. Neither path
 * starts a process: the registry is a stand-in `fetch`.
 */
import { describe, expect, it } from 'vitest';
import { listCataloguePackage } from '../../../src/refresh/catalogue/list-package.ts';
import type { CatalogueFailure } from '../../../src/records/catalogue/types.ts';

/** A registry whose only package document has `latest` 0.2.3 with the given manifest. */
const registry = (manifest: Record<string, unknown>) => ({
  registry: 'https://registry.example/',
  timeoutMs: 1000,
  fetch: (async () => Response.json({ 'dist-tags': { latest: '0.2.3' }, versions: { '0.2.3': manifest } })) as unknown as typeof fetch,
});
const OPTIONS = { env: {}, installMs: 300_000, listMs: 45_000, clientVersion: '0.1.0', today: '2026-12-06', preferOffline: true };
const CANDIDATE = { registry: 'npm' as const, name: '@stripe/mcp', figure: 310000, summary: 'MCP server for Stripe' };
const EXITED: CatalogueFailure = {
  registry: 'npm',
  name: '@stripe/mcp',
  figure: 300000,
  version: '0.2.3',
  stage: 'start',
  reason: 'it exited with code 1 during initialize',
};

describe('listCataloguePackage before installing', () => {
  it("keeps the last failure, with today's figure, when the registry still calls the failed version latest", async () => {
    const attempt = await listCataloguePackage(CANDIDATE, { ...OPTIONS, npm: registry({ bin: { 'stripe-mcp': 'dist/index.js' } }), known: EXITED });
    expect(attempt.skipped).toBe('known');
    expect(attempt.outcome).toEqual({ ...EXITED, figure: 310000 });
    expect(attempt.ms.install).toBe(0);
  });

  it('reports a manifest with no bin with the version it read, instead of keeping a failure at an older version', async () => {
    const attempt = await listCataloguePackage(CANDIDATE, { ...OPTIONS, npm: registry({ main: 'index.js' }), known: { ...EXITED, version: '0.1.0' } });
    expect(attempt.skipped).toBe('no-bin');
    expect(attempt.outcome).toEqual({
      registry: 'npm',
      name: '@stripe/mcp',
      figure: 310000,
      version: '0.2.3',
      stage: 'install',
      reason: '@stripe/mcp has no bin (its registry manifest names none)',
    });
  });

  it('does not install a PyPI package and says why', async () => {
    const attempt = await listCataloguePackage({ registry: 'pypi', name: 'workspace-mcp', figure: 900, summary: '' }, { ...OPTIONS, npm: registry({}) });
    expect(attempt.outcome).toMatchObject({ stage: 'install', reason: expect.stringContaining('no PyPI index') });
  });
});
