/**
 * Canva's hosted server (registry/canva.yaml, from Canva's own plugin
 * repository canva-sdks/canva-skills): `rclass scan --list` recognises its
 * documented endpoint https://mcp.canva.com/mcp in the forms real
 * configurations write it (a JSON `url`, the `mcp-remote@latest` bridge of the
 * plugin's Cursor configuration, Windsurf's `serverUrl`, Codex's TOML `url`),
 * marks its classes as resting on the vendor's documentation, and leaves the
 * host's other paths, http:// and a look-alike host unlisted. In-process;
 * starts nothing.
 */
import { describe, it } from 'vitest';
import { expectCursorForms, expectWindsurfAndCodex } from './hosted-support.ts';

describe("Canva's hosted server by URL", () => {
  it('recognises https://mcp.canva.com/mcp as a JSON url and through mcp-remote@latest, marked as documentation, and leaves other paths, http:// and a look-alike host unlisted', async () => {
    await expectCursorForms(
      {
        http: { type: 'http', url: 'https://mcp.canva.com/mcp' },
        bridged: { command: 'npx', args: ['-y', 'mcp-remote@latest', 'https://mcp.canva.com/mcp'] },
        sse: { url: 'https://mcp.canva.com/sse' },
        plain: { url: 'http://mcp.canva.com/mcp' },
        lookalike: { url: 'https://mcp.canva.com.example.net/mcp' },
      },
      { http: 'canva', bridged: 'canva', sse: null, plain: null, lookalike: null },
      'canva',
    );
  });

  it("recognises it in Windsurf's serverUrl and in Codex's TOML url", async () => {
    await expectWindsurfAndCodex('canva', 'canva', 'https://mcp.canva.com/mcp');
  });
});
