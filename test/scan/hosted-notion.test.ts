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
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../cli/harness.ts';
import { DOCUMENTATION_MARK as MARK, listJson, put, records } from './hosted-support.ts';

describe("Notion's hosted server by URL", () => {
  it('recognises https://mcp.notion.com/mcp as a JSON url and through mcp-remote, marked as documentation, and leaves other paths, http:// and a look-alike host unlisted', async () => {
    const file = put(
      path.join(tempDir(), '.cursor', 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          http: { type: 'http', url: 'https://mcp.notion.com/mcp' },
          bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.notion.com/mcp'] },
          authorize: { url: 'https://mcp.notion.com/authorize' },
          plain: { url: 'http://mcp.notion.com/mcp' },
          lookalike: { url: 'https://mcp.notion.com.example.net/mcp' },
        },
      }),
    );
    const report = await listJson(file, 'cursor');
    expect(records(report)).toEqual({ http: 'notion-hosted', bridged: 'notion-hosted', authorize: null, plain: null, lookalike: null });
    for (const server of report.servers.filter((entry) => entry.record === 'notion-hosted')) {
      expect([server.record_basis, server.record_mark]).toEqual(['documentation', MARK]);
    }
  });

  it("recognises it in Windsurf's serverUrl and in Codex's TOML url", async () => {
    const windsurf = put(
      path.join(tempDir(), '.codeium', 'windsurf', 'mcp_config.json'),
      JSON.stringify({ mcpServers: { notion: { serverUrl: 'https://mcp.notion.com/mcp' } } }),
    );
    expect(records(await listJson(windsurf, 'windsurf'))).toEqual({ notion: 'notion-hosted' });
    const codex = put(path.join(tempDir(), '.codex', 'config.toml'), '[mcp_servers.notion]\nurl = "https://mcp.notion.com/mcp"\n');
    expect(records(await listJson(codex, 'codex'))).toEqual({ notion: 'notion-hosted' });
  });
});
