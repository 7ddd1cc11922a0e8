/**
 * Atlassian's hosted Rovo server (registry/atlassian-rovo.yaml, from
 * Atlassian's own repository atlassian/atlassian-mcp-server): `rclass scan
 * --list` recognises the endpoints its README documents, /v1/mcp/authv2 (the
 * recommended one), /v1/mcp (API tokens) and the legacy /v1/sse, in the forms
 * real configurations write them (a JSON `url`, an `mcp-remote` argument,
 * Windsurf's `serverUrl`, Codex's TOML `url`), marks their classes as resting
 * on the vendor's documentation, and leaves the host's other paths, http://
 * and a look-alike host unlisted. In-process; starts nothing.
 */
import { describe, it } from 'vitest';
import { expectCursorForms, expectWindsurfAndCodex } from './hosted-support.ts';

describe("Atlassian's hosted Rovo server by URL", () => {
  it('recognises /v1/mcp/authv2, /v1/mcp and /v1/sse as JSON urls and through mcp-remote, marked as documentation, and leaves other paths, http:// and a look-alike host unlisted', async () => {
    await expectCursorForms(
      {
        authv2: { type: 'http', url: 'https://mcp.atlassian.com/v1/mcp/authv2' },
        token: { type: 'http', url: 'https://mcp.atlassian.com/v1/mcp', headers: { Authorization: 'Basic ${ATLASSIAN_TOKEN}' } },
        sse: { type: 'sse', url: 'https://mcp.atlassian.com/v1/sse' },
        bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.atlassian.com/v1/sse'] },
        root: { url: 'https://mcp.atlassian.com/' },
        plain: { url: 'http://mcp.atlassian.com/v1/mcp' },
        lookalike: { url: 'https://mcp.atlassian.com.example.net/v1/mcp' },
      },
      {
        authv2: 'atlassian-rovo',
        token: 'atlassian-rovo',
        sse: 'atlassian-rovo',
        bridged: 'atlassian-rovo',
        root: null,
        plain: null,
        lookalike: null,
      },
      'atlassian-rovo',
    );
  });

  it("recognises it in Windsurf's serverUrl and in Codex's TOML url", async () => {
    await expectWindsurfAndCodex('atlassian', 'atlassian-rovo', 'https://mcp.atlassian.com/v1/sse', 'https://mcp.atlassian.com/v1/mcp/authv2');
  });
});
