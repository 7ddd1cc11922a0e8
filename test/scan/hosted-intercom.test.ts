/**
 * Intercom's hosted server (registry/intercom.yaml, from Intercom's own
 * plugin repository): `rclass scan --list` recognises its two documented
 * endpoints, Streamable HTTP https://mcp.intercom.com/mcp and the legacy
 * https://mcp.intercom.com/sse, in the forms real configurations write them
 * (a JSON `url`, an `mcp-remote` argument, Windsurf's `serverUrl`, Codex's
 * TOML `url`), marks their classes as resting on the vendor's documentation,
 * and leaves the host's other paths, http:// and a look-alike host unlisted.
 * In-process; starts nothing.
 */
import { describe, it } from 'vitest';
import { expectCursorForms, expectWindsurfAndCodex } from './hosted-support.ts';

describe("Intercom's hosted server by URL", () => {
  it('recognises /mcp and /sse as JSON urls and through mcp-remote, marked as documentation, and leaves other paths, http:// and a look-alike host unlisted', async () => {
    await expectCursorForms(
      {
        http: { type: 'http', url: 'https://mcp.intercom.com/mcp' },
        sse: { type: 'sse', url: 'https://mcp.intercom.com/sse' },
        bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.intercom.com/mcp'] },
        authorize: { url: 'https://mcp.intercom.com/authorize' },
        plain: { url: 'http://mcp.intercom.com/mcp' },
        lookalike: { url: 'https://mcp.intercom.com.example.net/mcp' },
      },
      { http: 'intercom', sse: 'intercom', bridged: 'intercom', authorize: null, plain: null, lookalike: null },
      'intercom',
    );
  });

  it("recognises it in Windsurf's serverUrl and in Codex's TOML url", async () => {
    await expectWindsurfAndCodex('intercom', 'intercom', 'https://mcp.intercom.com/mcp');
  });
});
