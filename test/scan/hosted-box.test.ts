/**
 * Box's hosted server (registry/box.yaml, from Box's documentation): `rclass
 * scan --list` recognises its one documented endpoint, https://mcp.box.com,
 * in the forms real configurations write it (a JSON `url`, with or without a
 * path; Windsurf's `serverUrl`; an `mcp-remote` argument; Codex's TOML `url`),
 * marks its classes as resting on the vendor's documentation, and leaves
 * look-alike hosts unlisted. In-process; starts nothing.
 */
import { describe, it } from 'vitest';
import { expectCursorForms, expectWindsurfAndCodex } from './hosted-support.ts';

describe("Box's hosted server by URL", () => {
  it('recognises https://mcp.box.com as a JSON url (bare, with a trailing slash, with a path) and through mcp-remote, and leaves other hosts unlisted', async () => {
    await expectCursorForms(
      {
        bare: { url: 'https://mcp.box.com' },
        slash: { url: 'https://mcp.box.com/' },
        path: { type: 'http', url: 'https://mcp.box.com/mcp' },
        bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.box.com'] },
        http: { url: 'http://mcp.box.com' },
        lookalike: { url: 'https://mcp.box.com.example.net' },
      },
      { bare: 'box', slash: 'box', path: 'box', bridged: 'box', http: null, lookalike: null },
      'box',
    );
  });

  it("recognises it in Windsurf's serverUrl and in Codex's TOML url", async () => {
    await expectWindsurfAndCodex('box', 'box', 'https://mcp.box.com');
  });
});
