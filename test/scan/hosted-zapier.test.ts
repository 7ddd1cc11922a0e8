/**
 * Zapier's hosted server (registry/zapier.yaml, from Zapier's page
 * docs.zapier.com/mcp/how-tools-work): `rclass scan --list` recognises the one
 * endpoint Zapier documents, https://mcp.zapier.com/api/v1/connect, in the
 * forms real configurations write it (a JSON `url` as the OAuth clients and
 * zapier/zapier-mcp's plugin write it, a connection token as a bearer header
 * or a `token` query parameter, an `mcp-remote` argument, Windsurf's
 * `serverUrl`, Codex's TOML `url`), marks its classes as resting on the
 * vendor's documentation, and leaves the host's other paths, http:// and a
 * look-alike host unlisted. In-process; starts nothing.
 */
import { describe, it } from 'vitest';
import { expectCursorForms, expectWindsurfAndCodex } from './hosted-support.ts';

describe("Zapier's hosted server by URL", () => {
  it('recognises /api/v1/connect as a JSON url, with a bearer token, a token query parameter and through mcp-remote, marked as documentation, and leaves other paths, http:// and a look-alike host unlisted', async () => {
    await expectCursorForms(
      {
        http: { type: 'http', url: 'https://mcp.zapier.com/api/v1/connect' },
        bearer: { type: 'http', url: 'https://mcp.zapier.com/api/v1/connect', headers: { Authorization: 'Bearer ${ZAPIER_MCP_TOKEN}' } },
        query: { url: 'https://mcp.zapier.com/api/v1/connect?token=${ZAPIER_MCP_TOKEN}' },
        bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.zapier.com/api/v1/connect'] },
        root: { url: 'https://mcp.zapier.com/' },
        plain: { url: 'http://mcp.zapier.com/api/v1/connect' },
        lookalike: { url: 'https://mcp.zapier.com.example.net/api/v1/connect' },
      },
      { http: 'zapier', bearer: 'zapier', query: 'zapier', bridged: 'zapier', root: null, plain: null, lookalike: null },
      'zapier',
    );
  });

  it("recognises it in Windsurf's serverUrl and in Codex's TOML url", async () => {
    await expectWindsurfAndCodex('zapier', 'zapier', 'https://mcp.zapier.com/api/v1/connect');
  });
});
