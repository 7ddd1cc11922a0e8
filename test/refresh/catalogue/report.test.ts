/**
 * The catalogue's report (issue 25 item 4) says how many packages and tools
 * were listed and names every package that could not be, with the stage
 * and why, so a reader sees what the catalogue is missing.
 */
import { describe, expect, it } from 'vitest';
import { catalogueReport } from '../../../src/records/catalogue/store.ts';
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
    expect(markdown).toContain('| `@stripe/mcp` | npm | start | it exited with code 1 during initialize |');
    expect(markdown).toContain('| `workspace-mcp` | pypi | install | only npm packages \\| are installed here |');
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
});
