/**
 * Webflow's hosted server (registry/webflow.yaml, from webflow/mcp-server at a
 * pinned commit): `rclass scan --list` recognises its one documented
 * endpoint, https://mcp.webflow.com/sse (README.md, Remote installation), in
 * the forms real configurations write it (a JSON `url`, with SSE transport or
 * a trailing slash; an `mcp-remote` argument, as the README's Claude Desktop
 * example; Windsurf's `serverUrl`; Codex's TOML `url`), and leaves the same
 * host's undocumented paths, http:// and a look-alike host unlisted.
 * In-process; starts nothing.
 */
import { describe, it } from 'vitest';
import { expectCursorForms, expectWindsurfAndCodex } from './hosted-support.ts';

describe("Webflow's hosted server by URL", () => {
  it('recognises https://mcp.webflow.com/sse as a JSON url and through mcp-remote, and leaves undocumented paths, http:// and a look-alike host unlisted', async () => {
    await expectCursorForms(
      {
        readme: { url: 'https://mcp.webflow.com/sse' },
        sse: { type: 'sse', url: 'https://mcp.webflow.com/sse' },
        slash: { url: 'https://mcp.webflow.com/sse/' },
        bridged: { command: 'npx', args: ['mcp-remote', 'https://mcp.webflow.com/sse'] },
        undocumented: { url: 'https://mcp.webflow.com/mcp' },
        http: { url: 'http://mcp.webflow.com/sse' },
        lookalike: { url: 'https://mcp.webflow.com.example.net/sse' },
      },
      {
        readme: 'webflow',
        sse: 'webflow',
        slash: 'webflow',
        bridged: 'webflow',
        undocumented: null,
        http: null,
        lookalike: null,
      },
    );
  });

  it("recognises it in Windsurf's serverUrl and in Codex's TOML url", async () => {
    await expectWindsurfAndCodex('webflow', 'webflow', 'https://mcp.webflow.com/sse');
  });
});
