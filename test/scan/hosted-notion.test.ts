/**
 * Notion's hosted server (registry/notion-hosted.yaml, from Notion's own plugin
 * repository makenotion/claude-code-notion-plugin): `rclass scan --list` recognises its
 * documented endpoint https://mcp.notion.com/mcp in the forms real
 * configurations write it (a JSON `url`, an `mcp-remote` bridge,
 * Windsurf's `serverUrl`, Codex's TOML `url`),
 * marks its classes as resting on the vendor's documentation, and leaves the
 * host's other paths, http:// and a look-alike host unlisted. In-process;
 * starts nothing.
 */
import { describe, it } from 'vitest';
import { expectCursorForms, expectWindsurfAndCodex } from './hosted-support.ts';

describe("Notion's hosted server by URL", () => {
  it('recognises https://mcp.notion.com/mcp as a JSON url and through mcp-remote, marked as documentation, and leaves other paths, http:// and a look-alike host unlisted', async () => {
    await expectCursorForms(
      {
        http: { type: 'http', url: 'https://mcp.notion.com/mcp' },
        bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.notion.com/mcp'] },
        authorize: { url: 'https://mcp.notion.com/authorize' },
        plain: { url: 'http://mcp.notion.com/mcp' },
        lookalike: { url: 'https://mcp.notion.com.example.net/mcp' },
      },
      { http: 'notion-hosted', bridged: 'notion-hosted', authorize: null, plain: null, lookalike: null },
      'notion-hosted',
    );
  });

  it("recognises it in Windsurf's serverUrl and in Codex's TOML url", async () => {
    await expectWindsurfAndCodex('notion', 'notion-hosted', 'https://mcp.notion.com/mcp');
  });
});
