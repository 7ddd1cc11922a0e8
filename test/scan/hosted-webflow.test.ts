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
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../cli/harness.ts';
import { listJson, put, records } from './hosted-support.ts';

describe("Webflow's hosted server by URL", () => {
  it('recognises https://mcp.webflow.com/sse as a JSON url and through mcp-remote, and leaves undocumented paths, http:// and a look-alike host unlisted', async () => {
    const file = put(
      path.join(tempDir(), '.cursor', 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          readme: { url: 'https://mcp.webflow.com/sse' },
          sse: { type: 'sse', url: 'https://mcp.webflow.com/sse' },
          slash: { url: 'https://mcp.webflow.com/sse/' },
          bridged: { command: 'npx', args: ['mcp-remote', 'https://mcp.webflow.com/sse'] },
          undocumented: { url: 'https://mcp.webflow.com/mcp' },
          http: { url: 'http://mcp.webflow.com/sse' },
          lookalike: { url: 'https://mcp.webflow.com.example.net/sse' },
        },
      }),
    );
    expect(records(await listJson(file, 'cursor'))).toEqual({
      readme: 'webflow',
      sse: 'webflow',
      slash: 'webflow',
      bridged: 'webflow',
      undocumented: null,
      http: null,
      lookalike: null,
    });
  });

  it("recognises it in Windsurf's serverUrl and in Codex's TOML url", async () => {
    const windsurf = put(
      path.join(tempDir(), '.codeium', 'windsurf', 'mcp_config.json'),
      JSON.stringify({ mcpServers: { webflow: { serverUrl: 'https://mcp.webflow.com/sse' } } }),
    );
    expect(records(await listJson(windsurf, 'windsurf'))).toEqual({ webflow: 'webflow' });
    const codex = put(path.join(tempDir(), '.codex', 'config.toml'), '[mcp_servers.webflow]\nurl = "https://mcp.webflow.com/sse"\n');
    expect(records(await listJson(codex, 'codex'))).toEqual({ webflow: 'webflow' });
  });
});
