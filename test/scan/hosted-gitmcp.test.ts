/**
 * GitMCP's generic endpoint (registry/gitmcp-docs.yaml, from idosal/git-mcp at
 * a pinned commit): `rclass scan --list` recognises https://gitmcp.io/docs in
 * the forms real configurations write it (a JSON `url`, bare or with a
 * trailing slash; an `mcp-remote` argument; Windsurf's `serverUrl`; Codex's
 * TOML `url`), and leaves the per-repository endpoints gitmcp.io/{owner}/{repo},
 * whose tool names depend on the repository, unrecognised, as well as
 * http:// and a look-alike host. In-process; starts nothing.
 */
import { describe, it } from 'vitest';
import { expectCursorForms, expectWindsurfAndCodex } from './hosted-support.ts';

describe("GitMCP's generic endpoint by URL", () => {
  it('recognises https://gitmcp.io/docs bare, with a trailing slash and through mcp-remote, and leaves per-repository endpoints, http:// and a look-alike host unlisted', async () => {
    await expectCursorForms(
      {
        bare: { url: 'https://gitmcp.io/docs' },
        slash: { url: 'https://gitmcp.io/docs/' },
        bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://gitmcp.io/docs'] },
        repository: { url: 'https://gitmcp.io/idosal/git-mcp' },
        pages: { url: 'https://idosal.gitmcp.io/git-mcp' },
        http: { url: 'http://gitmcp.io/docs' },
        lookalike: { url: 'https://gitmcp.io.example.net/docs' },
      },
      {
        bare: 'gitmcp-docs',
        slash: 'gitmcp-docs',
        bridged: 'gitmcp-docs',
        repository: null,
        pages: null,
        http: null,
        lookalike: null,
      },
    );
  });

  it("recognises it in Windsurf's serverUrl and in Codex's TOML url", async () => {
    await expectWindsurfAndCodex('gitmcp', 'gitmcp-docs', 'https://gitmcp.io/docs');
  });
});
