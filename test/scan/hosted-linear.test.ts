/**
 * Linear's hosted server (registry/linear-hosted.yaml, from Linear's own
 * repository linear/linear-solutions): `rclass scan --list` recognises the
 * endpoints linear.app/docs/mcp gives, /mcp (Streamable HTTP) and /sse, in the
 * forms real configurations write them (a JSON `url` as `claude mcp add
 * --transport http` writes it, an `mcp-remote` argument, Windsurf's
 * `serverUrl`, Codex's TOML `url`), marks their classes as resting on the
 * vendor's documentation, and leaves the host's other paths, http:// and a
 * look-alike host unlisted. In-process; starts nothing.
 */
import { describe, it } from 'vitest';
import { expectCursorForms, expectWindsurfAndCodex } from './hosted-support.ts';

describe("Linear's hosted server by URL", () => {
  it('recognises /mcp and /sse as JSON urls, with a bearer token and through mcp-remote, marked as documentation, and leaves other paths, http:// and a look-alike host unlisted', async () => {
    await expectCursorForms(
      {
        http: { type: 'http', url: 'https://mcp.linear.app/mcp' },
        token: { type: 'http', url: 'https://mcp.linear.app/mcp', headers: { Authorization: 'Bearer ${LINEAR_API_KEY}' } },
        sse: { type: 'sse', url: 'https://mcp.linear.app/sse' },
        bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.linear.app/sse'] },
        root: { url: 'https://mcp.linear.app/' },
        plain: { url: 'http://mcp.linear.app/mcp' },
        lookalike: { url: 'https://mcp.linear.app.example.net/mcp' },
      },
      { http: 'linear-hosted', token: 'linear-hosted', sse: 'linear-hosted', bridged: 'linear-hosted', root: null, plain: null, lookalike: null },
      'linear-hosted',
    );
  });

  it("recognises it in Windsurf's serverUrl and in Codex's TOML url", async () => {
    await expectWindsurfAndCodex('linear', 'linear-hosted', 'https://mcp.linear.app/sse', 'https://mcp.linear.app/mcp');
  });
});
