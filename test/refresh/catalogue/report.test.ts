/**
 * The catalogue's report (issue 25 item 4) says how many packages and tools
 * were listed and names every package that could not be, with the stage
 * and why, so a reader sees what the catalogue is missing.
 */
import { describe, expect, it } from 'vitest';
import { catalogueReport, failureCause } from '../../../src/records/catalogue/store.ts';
import type { CatalogueFailure, CatalogueListing } from '../../../src/records/catalogue/types.ts';

const LISTED: CatalogueListing = {
  registry: 'npm',
  name: '@testsprite/testsprite-mcp',
  version: '0.0.45',
  integrity: 'sha512-x',
  figure: 200000,
  summary: 'TestSprite MCP Server',
  listed: '2026-12-05',
  tools: [{ name: 'testsprite_check_account_info' }, { name: 'testsprite_bootstrap' }],
};
const FAILED: CatalogueFailure[] = [
  { registry: 'npm', name: '@stripe/mcp', figure: 300000, stage: 'start', reason: 'it exited with code 1 during initialize' },
  { registry: 'pypi', name: 'workspace-mcp', figure: 900, stage: 'install', reason: 'only npm packages | are installed here' },
];

describe('catalogueReport', () => {
  it('counts packages and tools and lists each failure with its stage and reason, pipes escaped', () => {
    const { markdown, json } = catalogueReport([LISTED], FAILED, '2026-12-05');
    expect(markdown).toContain('Listed: 1 packages, 2 tools. Could not be listed: 2.');
    expect(markdown).toContain('| `@stripe/mcp` |  | npm | start | it exited with code 1 during initialize |');
    expect(markdown).toContain('| `workspace-mcp` |  | pypi | install | only npm packages \\| are installed here |');
    expect(JSON.parse(json)).toEqual({
      date: '2026-12-05',
      listed: [{ registry: 'npm', name: '@testsprite/testsprite-mcp', version: '0.0.45', tools: 2 }],
      failures: FAILED,
    });
  });

  it('names the candidates a run stopped before, so a partial run never reads as complete', () => {
    const { markdown, json } = catalogueReport([LISTED], [], '2026-12-05', ['@a/mcp', 'b-mcp']);
    expect(markdown).toContain("Not tried before the run's deadline: 2.");
    expect(markdown).toContain('`@a/mcp`, `b-mcp`');
    expect(JSON.parse(json).untried).toEqual(['@a/mcp', 'b-mcp']);
  });

  it('counts failures by stage and cause and names the placeholders a listing was started with, names only', () => {
    const withPlaceholders: CatalogueListing = { ...LISTED, name: '@hubspot/mcp-server', placeholders: { env: ['PRIVATE_APP_ACCESS_TOKEN'], folder: false } };
    const more: CatalogueFailure[] = [
      ...FAILED,
      { registry: 'npm', name: '@salesforce/mcp', figure: 1, stage: 'install', reason: 'npm install @salesforce/mcp@latest did not finish within 300 s' },
      {
        registry: 'npm',
        name: '@apify/actors-mcp-server',
        figure: 1,
        stage: 'start',
        reason:
          'it exited with code 1 during initialize; started again with placeholders for APIFY_TOKEN, it did not answer initialize within 45 s, so it was killed',
      },
    ];
    const { markdown } = catalogueReport([LISTED, withPlaceholders], more, '2026-12-05');
    expect(markdown).toContain('Listed that way: 1.');
    expect(markdown).toContain(
      'Could not be listed, by stage: install 2, start 2; by cause: PyPI not installed 1, exit even with placeholders 1, exit without credentials 1, install over its deadline 1.',
    );
    expect(markdown).toContain('| `@hubspot/mcp-server` | `PRIVATE_APP_ACCESS_TOKEN` |');
  });

  it('tells the causes apart from the reasons the installer and the listing write', () => {
    const cause = (stage: 'install' | 'start', reason: string) => failureCause({ registry: 'npm', name: 'x', figure: 1, stage, reason });
    expect(cause('install', 'fastify-mcp has no bin')).toBe('no bin to start');
    expect(cause('install', 'npm install @ama-mcp/angular@latest failed (exit 1)')).toBe('install failed');
    expect(cause('start', 'it did not answer initialize within 25 s, so it was killed')).toBe('no answer in time');
    expect(cause('start', 'it answered initialize with error -32601')).toBe('protocol error');
    expect(cause('start', 'it listed no tools without credentials')).toBe('no tools');
  });

  it('names the version a failure was at, when the registry gave it before the install', () => {
    const atVersion: CatalogueFailure = { ...FAILED[0]!, version: '0.2.3' };
    const { markdown, json } = catalogueReport([LISTED], [atVersion], '2026-12-05');
    expect(markdown).toContain('| `@stripe/mcp` | 0.2.3 | npm | start | it exited with code 1 during initialize |');
    expect(JSON.parse(json).failures[0].version).toBe('0.2.3');
  });

  it('says how far from 300 the catalogue is, that PyPI cannot be installed here, and what the untried would add at the rate so far', () => {
    const { markdown } = catalogueReport([LISTED], FAILED, '2026-12-05', ['@a/mcp', 'b-mcp', 'c-mcp', 'd-mcp', 'fastmcp-x'], 1);
    expect(markdown).toContain(
      "Toward issue 25's 300: 299 short. The 2 PyPI candidates cannot be installed here (these machines reach the npm registry and no PyPI index), so every listing is from npm. 4 npm candidates are not tried yet; at the share of npm packages tried so far that listed (1 of 2), they would add about 2, not enough for 300: the next run is `npm run catalogue -- --resume`.",
    );
  });
});
