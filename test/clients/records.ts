/**
 * Small records for identification tests: only `server` identities matter
 * here, so each has one placeholder tool. They mirror the real records'
 * packages, images and URLs without depending on them.
 */
import type { ServerRecord } from '../../src/core/record.ts';

function record(id: string, server: ServerRecord['server']): ServerRecord {
  return {
    id,
    name: id,
    description: `test record ${id}`,
    server,
    provenance: { status: 'draft', author: 'tests', reviewers: [], last_verified: '2026-11-30', commit: '0'.repeat(40) },
    tools: [{ name: 'noop', class: 'R0', effects: ['read'], rationale: 'A placeholder tool that does nothing.', evidence: { path: 'x.ts', line: 1 } }],
  };
}

/** The records the identification table is matched against. */
export const IDENTITY_RECORDS: ServerRecord[] = [
  record('filesystem', {
    repository: 'modelcontextprotocol/servers',
    packages: [{ registry: 'npm', name: '@modelcontextprotocol/server-filesystem' }],
    images: ['mcp/filesystem'],
  }),
  record('github', {
    repository: 'github/github-mcp-server',
    images: ['ghcr.io/github/github-mcp-server'],
    urls: ['https://api.githubcopilot.com/mcp/', 'https://api.githubcopilot.com/mcp/readonly'],
    min_version: '1.10.1',
  }),
  record('git', { repository: 'modelcontextprotocol/servers', packages: [{ registry: 'pypi', name: 'mcp-server-git' }], images: ['mcp/git'] }),
  record('time', { repository: 'modelcontextprotocol/servers', packages: [{ registry: 'pypi', name: 'mcp-server-time' }] }),
  record('office-word', {
    repository: 'GongRzhe/Office-Word-MCP-Server',
    packages: [{ registry: 'pypi', name: 'office-word-mcp-server', scripts: ['word_mcp_server'] }],
  }),
  record('launchdarkly', {
    repository: 'launchdarkly/mcp-server',
    packages: [{ registry: 'npm', name: '@launchdarkly/mcp-server', scripts: ['mcp'] }],
  }),
  record('office-powerpoint', {
    repository: 'GongRzhe/Office-PowerPoint-MCP-Server',
    packages: [{ registry: 'pypi', name: 'office-powerpoint-mcp-server', scripts: ['ppt_mcp_server'] }],
  }),
  record('heroku', { repository: 'heroku/heroku-mcp-server', packages: [{ registry: 'npm', name: '@heroku/mcp-server' }] }),
  record('playwright', {
    repository: 'microsoft/playwright',
    packages: [{ registry: 'npm', name: '@playwright/mcp' }],
    images: ['mcr.microsoft.com/playwright/mcp'],
  }),
  record('stripe', { repository: 'stripe/ai', packages: [{ registry: 'npm', name: '@stripe/mcp', before: '0.3.1' }] }),
  record('kube', {
    repository: 'containers/kubernetes-mcp-server',
    packages: [
      { registry: 'npm', name: 'kubernetes-mcp-server' },
      { registry: 'pypi', name: 'kubernetes-mcp-server' },
    ],
    min_version: '0.0.66',
  }),
  record('legacy-py', { repository: 'example/legacy', packages: [{ registry: 'pypi', name: 'mcp-legacy', before: '2.0' }] }),
  record('sqlite', { repository: 'modelcontextprotocol/servers', packages: [{ registry: 'pypi', name: 'mcp-server-sqlite' }], images: ['mcp/sqlite'] }),
];
