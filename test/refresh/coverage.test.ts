/**
 * The coverage lists of `docs/coverage/` (issue 24): the committed lists are
 * what `npm run coverage` writes from the committed package list, and the
 * rule and the reviewed overrides decide what counts as a server.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classify } from '../../src/refresh/coverage/classify.ts';
import { coverageDocuments, readOverrides } from '../../src/refresh/coverage/documents.ts';
import { extractCandidates, extractLongTail } from '../../src/refresh/coverage/extract.ts';
import { rankRegistry, recordsByPackage } from '../../src/refresh/coverage/rank.ts';
import type { Overrides } from '../../src/refresh/coverage/types.ts';
import { ROOT } from '../cli/harness.ts';

const NONE: Overrides = { npm: {}, pypi: {} };

describe('docs/coverage', () => {
  it('holds exactly what npm run coverage writes from the committed package list, overrides and records, with its figures', () => {
    const { files, figures } = coverageDocuments(ROOT);
    expect([...files.keys()].sort()).toEqual([path.join('docs', 'coverage', 'npm.md'), path.join('docs', 'coverage', 'pypi.md')]);
    for (const [file, text] of files) expect(readFileSync(path.join(ROOT, file), 'utf8'), `${file} is stale: run npm run coverage`).toBe(text);
    expect(figures[0]).toMatch(/^npm: \d+ of the top 100 MCP server packages have a record \(target 75 of 100\)$/);
    expect(figures[1]).toMatch(/^PyPI: \d+ of the top 60 MCP server packages have a record \(target 40 of 60\)$/);
    expect(files.get(path.join('docs', 'coverage', 'npm.md'))).toContain(`**${figures[0]}.**`);
    expect(files.get(path.join('docs', 'coverage', 'pypi.md'))).toContain(`**${figures[1]}.**`);
  });
});

describe('the rule of what is an MCP server', () => {
  const as = (name: string, summary: string) => classify({ name, figure: 1, summary }, 'npm', NONE);

  it('takes an MCP server SDK for an SDK, not a server: exclusions come first', () => {
    expect(as('@metorial/mcp-server-sdk', '')).toMatchObject({ kind: 'sdk', by: 'sdk' });
    expect(as('@modelcontextprotocol/sdk', 'Model Context Protocol implementation for TypeScript')).toMatchObject({ kind: 'sdk' });
  });

  it('tells proxies, inspectors, frameworks, types and platform binaries from servers', () => {
    expect(as('mcp-remote', 'Remote proxy for Model Context Protocol')).toMatchObject({ kind: 'proxy' });
    expect(as('@modelcontextprotocol/inspector', 'The Model Context Protocol Inspector')).toMatchObject({ kind: 'inspector' });
    expect(as('mcp-framework', 'Framework for building Model Context Protocol (MCP) servers in Typescript')).toMatchObject({ kind: 'framework' });
    expect(as('@mcp-b/webmcp-types', 'Strict TypeScript type definitions for the WebMCP core API')).toMatchObject({ kind: 'types' });
    expect(as('@azure/mcp-linux-x64', 'Azure MCP Server, for linux on x64')).toMatchObject({ kind: 'library', by: 'platform-binary' });
  });

  it('takes a package named or described as an MCP server for a server, and a deprecated one as deprecated', () => {
    expect(as('@playwright/mcp', 'Playwright Tools for MCP')).toMatchObject({ kind: 'server', by: 'server' });
    expect(as('mongodb-mcp-server', 'MongoDB Model Context Protocol Server')).toMatchObject({ kind: 'server' });
    expect(as('@railway/mcp-server', 'Deprecated compatibility shim for Railway MCP')).toMatchObject({ kind: 'server', notYet: 'deprecated' });
    expect(as('semiotic', 'Verified generative visualization for React and agents')).toMatchObject({ kind: 'other', by: 'none' });
  });

  it('lets a reviewed override win over the rule, with its reason', () => {
    const overrides: Overrides = { npm: { 'figma-developer-mcp': { kind: 'server', reason: 'The Framelink Figma MCP server.' } }, pypi: {} };
    const candidate = { name: 'figma-developer-mcp', figure: 1, summary: 'Implement designs in any framework in one-shot.' };
    expect(classify(candidate, 'npm', NONE).kind).toBe('framework');
    expect(classify(candidate, 'npm', overrides)).toMatchObject({ kind: 'server', by: 'override', reason: 'The Framelink Figma MCP server.' });
  });

  it('refuses an override without a one-line reason or with an unknown kind', () => {
    expect(() => readOverrides('npm:\n  x: { kind: server }\n')).toThrow('overrides.yaml: npm x: reason must be one line');
    expect(() => readOverrides('pypi:\n  x: { kind: tool, reason: "A tool." }\n')).toThrow('overrides.yaml: pypi x: kind must be one of');
    expect(() => readOverrides('npm:\n  x: { kind: server, reason: "A server.", not_yet: busy }\n')).toThrow('not_yet must be one of');
  });
});

describe('ranking and records', () => {
  const records = [
    { id: 'alpha', server: { repository: 'a/a', packages: [{ registry: 'npm' as const, name: 'alpha-mcp' }] } },
    { id: 'beta', server: { repository: 'b/b', packages: [{ registry: 'npm' as const, name: 'beta-mcp', before: '2.0.0' }] } },
    { id: 'gamma', server: { repository: 'c/c', packages: [{ registry: 'pypi' as const, name: 'Gamma_MCP.Server' }] } },
  ];

  it('ranks servers by downloads and counts a package whose record names `before` as not recorded', () => {
    const ranked = rankRegistry(
      'npm',
      [
        { name: 'beta-mcp', figure: 500, summary: '' },
        { name: 'alpha-mcp', figure: 100, summary: '' },
        { name: 'tool-sdk', figure: 900, summary: 'An MCP server SDK' },
        { name: 'delta-mcp', figure: 300, summary: '' },
      ],
      NONE,
      recordsByPackage(records),
    );
    expect(ranked.top.map((item) => [item.rank, item.name, item.recordId, item.before])).toEqual([
      [1, 'beta-mcp', 'beta', '2.0.0'],
      [2, 'delta-mcp', undefined, undefined],
      [3, 'alpha-mcp', 'alpha', undefined],
    ]);
    expect(ranked.recorded).toBe(1);
  });

  it('ranks PyPI by rank, best first, and matches names as PyPI normalises them', () => {
    const ranked = rankRegistry(
      'pypi',
      [
        { name: 'zeta-mcp-server', figure: 9000, summary: '' },
        { name: 'gamma-mcp-server', figure: 4000, summary: '' },
      ],
      NONE,
      recordsByPackage(records),
    );
    expect(ranked.top.map((item) => [item.name, item.recordId])).toEqual([
      ['gamma-mcp-server', 'gamma'],
      ['zeta-mcp-server', undefined],
    ]);
  });

  it('extracts only rows that mention MCP, with npm downloads at or above the floor and PyPI ranks present', () => {
    const npm =
      'name\tversion\tdownloads_a_month\tsummary\nfoo-mcp\t1.0.0\t5000\tx\nbar\t1.0.0\t9000\tA Model Context Protocol server\nsmall-mcp\t1.0.0\t999\tx\nplain\t1.0.0\t9999\tnothing\n';
    const pypi = 'name\tversion\tmonth\trank\tsummary\nmcp-x\t1\t2026-10\t40\tx\nmcp-unranked\t1\t2026-10\t\tx\n';
    const extract = extractCandidates(npm, pypi, '2026-12-05');
    expect(extract.npm.map((item) => [item.name, item.figure])).toEqual([
      ['bar', 9000],
      ['foo-mcp', 5000],
    ]);
    expect(extract.pypi).toEqual([{ name: 'mcp-x', figure: 40, summary: 'x' }]);
  });

  it("keeps the npm rows below the floor that mention MCP for the catalogue's long tail, and no PyPI row", () => {
    const npm =
      'name\tversion\tdownloads_a_month\tsummary\nfoo-mcp\t1.0.0\t5000\tx\nsmall-mcp\t1.0.0\t999\tx\ntiny\t1.0.0\t480\tAn MCP server\nplain\t1.0.0\t600\tnothing\n';
    const tail = extractLongTail(npm, '2026-12-05');
    expect(tail.npm).toEqual([
      { name: 'small-mcp', figure: 999, summary: 'x' },
      { name: 'tiny', figure: 480, summary: 'An MCP server' },
    ]);
    expect(tail.pypi).toEqual([]);
  });
});
