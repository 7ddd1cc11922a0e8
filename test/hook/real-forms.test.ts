/**
 * The hook recognises the launcher forms real configurations use (issue 24,
 * SPEC 6.1): a read of a server run through `npx --registry` naming the
 * public npm registry, `bunx -y` or `uvx --from <package> <its own name>`
 * is answered from its record, while a custom registry stays unknown (R4);
 * so is a read through a hosted server's path- or query-scoped URL, and a read
 * of each of the ten hosted servers public configurations name most
 * (docs/coverage/hosted.md), in the form their vendors document.
 */
import { describe, expect, it } from 'vitest';
import { hook, makeWorld, pre } from './support.ts';

const SERVERS = {
  gallery: { command: 'npx', args: ['--registry', 'https://registry.npmjs.org', '-y', '@modelcontextprotocol/server-memory'] },
  bun: { command: 'bunx', args: ['-y', '@modelcontextprotocol/server-memory'] },
  git: { command: 'uvx', args: ['--from', 'mcp-server-git', 'mcp-server-git'] },
  custom: { command: 'npx', args: ['--registry=https://npm.evil.example/', '-y', '@modelcontextprotocol/server-memory'] },
};

describe('the hook over the launcher forms real configurations use', () => {
  it('lets a read through npx --registry of the public registry, bunx -y and uvx --from run as its record says', async () => {
    const world = makeWorld(SERVERS);
    expect((await hook(world, pre('F1', 'mcp__gallery__read_graph', {}))).json).toEqual({});
    expect((await hook(world, pre('F1', 'mcp__bun__read_graph', {}))).json).toEqual({});
    expect((await hook(world, pre('F1', 'mcp__git__git_diff_staged', { repo_path: '/tmp/r' }))).json).toEqual({});
  });

  it('still asks for the same read through a registry that is not the public one', async () => {
    const world = makeWorld(SERVERS);
    const custom = await hook(world, pre('F2', 'mcp__custom__read_graph', {}));
    expect(custom.decision).toBe('ask');
    expect(custom.reason).toContain('R4 Irreversible (unknown) for custom/read_graph');
  });

  it("answers a read through a hosted server's path- or query-scoped URL from its record, and asks for the same read under a path no record lists", async () => {
    const world = makeWorld({
      supabase: { type: 'http', url: 'https://mcp.supabase.com/mcp?project_ref=abcdefghijklmnop&read_only=true' },
      sentry: { type: 'http', url: 'https://mcp.sentry.dev/mcp/sentry/mcp-server?experimental=1' },
      context7: { type: 'http', url: 'https://mcp.context7.com/mcp/oauth' },
      oldSentry: { type: 'sse', url: 'https://mcp.sentry.dev/sse' },
    });
    expect((await hook(world, pre('F3', 'mcp__supabase__list_projects', {}))).json).toEqual({});
    expect((await hook(world, pre('F3', 'mcp__sentry__find_organizations', {}))).json).toEqual({});
    expect((await hook(world, pre('F3', 'mcp__context7__resolve-library-id', { libraryName: 'react', query: 'hooks' }))).json).toEqual({});
    const unlisted = await hook(world, pre('F3', 'mcp__oldSentry__find_organizations', {}));
    expect(unlisted.decision).toBe('ask');
    expect(unlisted.reason).toContain('R4 Irreversible (unknown) for oldSentry/find_organizations');
  });

  it('answers a read of each of the ten most-configured hosted servers from its record, and asks for a tool the record does not list', async () => {
    const world = makeWorld({
      github: { type: 'http', url: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: 'Bearer ${GITHUB_PAT}' } },
      learn: { type: 'http', url: 'https://learn.microsoft.com/api/mcp' },
      context7: { type: 'http', url: 'https://mcp.context7.com/mcp' },
      deepwiki: { type: 'http', url: 'https://mcp.deepwiki.com/mcp' },
      exa: { type: 'http', url: 'https://mcp.exa.ai/mcp?tools=web_search_exa,web_fetch_exa' },
      figma: { type: 'http', url: 'https://mcp.figma.com/mcp' },
      linear: { type: 'sse', url: 'https://mcp.linear.app/sse' },
      notion: { type: 'http', url: 'https://mcp.notion.com/mcp' },
      supabase: { type: 'http', url: 'https://mcp.supabase.com/mcp?read_only=true' },
      atlassian: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.atlassian.com/v1/mcp'] },
    });
    const reads: [string, Record<string, unknown>][] = [
      ['mcp__github__get_me', {}],
      ['mcp__learn__microsoft_docs_search', { query: 'azure functions' }],
      ['mcp__context7__resolve-library-id', { libraryName: 'react', query: 'hooks' }],
      ['mcp__deepwiki__read_wiki_structure', { repoName: 'facebook/react' }],
      ['mcp__exa__web_search_exa', { query: 'model context protocol' }],
      ['mcp__figma__get_metadata', { nodeId: '1:2' }],
      ['mcp__linear__get_issue', { id: 'ENG-1' }],
      ['mcp__notion__notion-search', { query: 'roadmap' }],
      ['mcp__supabase__list_projects', {}],
      ['mcp__atlassian__getAccessibleAtlassianResources', {}],
    ];
    for (const [tool, input] of reads) expect([tool, (await hook(world, pre('F4', tool, input))).json]).toEqual([tool, {}]);
    const unlisted = await hook(world, pre('F4', 'mcp__linear__delete_everything', {}));
    expect(unlisted.decision).toBe('ask');
    expect(unlisted.reason).toContain('R4 Irreversible (unknown) for linear/delete_everything');
  });
});
