/**
 * monday.com's hosted server (registry/monday-hosted.yaml, from the README of
 * monday.com's own repository mondaycom/mcp): `rclass scan --list` recognises
 * its documented endpoint https://mcp.monday.com/mcp in the forms real
 * configurations write it (a JSON `url`; the README's `mcp-remote` bridge with
 * an Authorization or Api-Version header; Windsurf's `serverUrl`; Codex's TOML
 * `url`), marks its classes as resting on the vendor's documentation, leaves
 * the host's other paths, http:// and a look-alike host unlisted, and does not
 * take the npm package of the same repository for the hosted record.
 * In-process; starts nothing.
 */
import { describe, it } from 'vitest';
import { expectCursorForms, expectWindsurfAndCodex } from './hosted-support.ts';

describe("monday.com's hosted server by URL", () => {
  it('recognises https://mcp.monday.com/mcp as a JSON url and through mcp-remote with headers, marked as documentation, and leaves other paths, http://, a look-alike host and the npm package unlisted', async () => {
    await expectCursorForms(
      {
        http: { url: 'https://mcp.monday.com/mcp' },
        bridged: { command: 'npx', args: ['mcp-remote', 'https://mcp.monday.com/mcp', '--header', 'Api-Version:2025-07'] },
        sse: { url: 'https://mcp.monday.com/sse' },
        plain: { url: 'http://mcp.monday.com/mcp' },
        lookalike: { url: 'https://mcp.monday.com.example.net/mcp' },
        local: { command: 'npx', args: ['@mondaydotcomorg/monday-api-mcp@latest', '-t', 'abcd123'] },
      },
      { http: 'monday-hosted', bridged: 'monday-hosted', sse: null, plain: null, lookalike: null, local: null },
      'monday-hosted',
    );
  });

  it("recognises it in Windsurf's serverUrl and in Codex's TOML url", async () => {
    await expectWindsurfAndCodex('monday', 'monday-hosted', 'https://mcp.monday.com/mcp');
  });
});
