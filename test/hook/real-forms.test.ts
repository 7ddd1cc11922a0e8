/**
 * The hook recognises the launcher forms real configurations use (issue 24,
 * SPEC 6.1): a read of a server run through `npx --registry` naming the
 * public npm registry, `bunx -y` or `uvx --from <package> <its own name>`
 * is answered from its record, while a custom registry stays unknown (R4);
 * so is a read through a hosted server's path- or query-scoped URL.
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
});
