/**
 * Which packages the catalogue lists (issue 25 item 4): MCP servers of the
 * package list that no record names, most used first; never a package a
 * record covers, a library or a deprecated server.
 */
import { describe, expect, it } from 'vitest';
import { catalogueCandidates } from '../../../src/refresh/catalogue/select.ts';
import { catalogueSlug } from '../../../src/records/catalogue/slug.ts';

const EXTRACT = {
  npm: [
    { name: '@stripe/mcp', figure: 300000, summary: 'MCP server for Stripe' },
    { name: '@modelcontextprotocol/server-memory', figure: 400000, summary: 'MCP server for enabling memory for Claude through a knowledge graph' },
    { name: '@testsprite/testsprite-mcp', figure: 200000, summary: 'TestSprite MCP Server' },
    { name: '@ag-ui/mcp-apps-middleware', figure: 137722, summary: '' },
    { name: 'old-mcp', figure: 500000, summary: 'Deprecated: use new-mcp, the MCP server' },
  ],
  pypi: [{ name: 'workspace-mcp', figure: 900, summary: 'MCP server for Google Workspace' }],
};
const RECORDS = [
  { id: 'memory', server: { packages: [{ registry: 'npm' as const, name: '@modelcontextprotocol/server-memory' }] } },
  { id: 'stripe-old', server: { packages: [{ registry: 'npm' as const, name: '@stripe/mcp', before: '0.2.0' }] } },
];
const NO_OVERRIDES = { npm: {}, pypi: {} };

describe('catalogueCandidates', () => {
  it('lists servers no record names, most downloaded first; a record covering only older releases does not count', () => {
    expect(catalogueCandidates('npm', EXTRACT, NO_OVERRIDES, RECORDS).map((candidate) => candidate.name)).toEqual([
      '@stripe/mcp',
      '@testsprite/testsprite-mcp',
    ]);
  });

  it('keeps PyPI candidates apart, with their rank as the figure', () => {
    expect(catalogueCandidates('pypi', EXTRACT, NO_OVERRIDES, RECORDS)).toEqual([
      { registry: 'pypi', name: 'workspace-mcp', figure: 900, summary: 'MCP server for Google Workspace' },
    ]);
  });

  it('a reviewed override that calls a package a library keeps it out', () => {
    const overrides = { npm: { '@testsprite/testsprite-mcp': { kind: 'library' as const, reason: 'for the test' } }, pypi: {} };
    expect(catalogueCandidates('npm', EXTRACT, overrides, RECORDS).map((candidate) => candidate.name)).toEqual(['@stripe/mcp']);
  });
});

describe('catalogueSlug', () => {
  it('drops the scope sign and joins scope and name with two hyphens', () => {
    expect(catalogueSlug('@21st-dev/magic')).toBe('21st-dev--magic');
    expect(catalogueSlug('figma-developer-mcp')).toBe('figma-developer-mcp');
  });
});
