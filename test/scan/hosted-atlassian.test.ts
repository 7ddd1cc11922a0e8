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
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../cli/harness.ts';
import { DOCUMENTATION_MARK as MARK, listJson, put, records } from './hosted-support.ts';

describe("Atlassian's hosted Rovo server by URL", () => {
  it('recognises /v1/mcp/authv2, /v1/mcp and /v1/sse as JSON urls and through mcp-remote, marked as documentation, and leaves other paths, http:// and a look-alike host unlisted', async () => {
    const file = put(
      path.join(tempDir(), '.cursor', 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          authv2: { type: 'http', url: 'https://mcp.atlassian.com/v1/mcp/authv2' },
          token: { type: 'http', url: 'https://mcp.atlassian.com/v1/mcp', headers: { Authorization: 'Basic ${ATLASSIAN_TOKEN}' } },
          sse: { type: 'sse', url: 'https://mcp.atlassian.com/v1/sse' },
          bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.atlassian.com/v1/sse'] },
          root: { url: 'https://mcp.atlassian.com/' },
          plain: { url: 'http://mcp.atlassian.com/v1/mcp' },
          lookalike: { url: 'https://mcp.atlassian.com.example.net/v1/mcp' },
        },
      }),
    );
    const report = await listJson(file, 'cursor');
    expect(records(report)).toEqual({
      authv2: 'atlassian-rovo',
      token: 'atlassian-rovo',
      sse: 'atlassian-rovo',
      bridged: 'atlassian-rovo',
      root: null,
      plain: null,
      lookalike: null,
    });
    for (const server of report.servers.filter((entry) => entry.record === 'atlassian-rovo')) {
      expect([server.record_basis, server.record_mark]).toEqual(['documentation', MARK]);
    }
  });

  it("recognises it in Windsurf's serverUrl and in Codex's TOML url", async () => {
    const windsurf = put(
      path.join(tempDir(), '.codeium', 'windsurf', 'mcp_config.json'),
      JSON.stringify({ mcpServers: { atlassian: { serverUrl: 'https://mcp.atlassian.com/v1/sse' } } }),
    );
    expect(records(await listJson(windsurf, 'windsurf'))).toEqual({ atlassian: 'atlassian-rovo' });
    const codex = put(path.join(tempDir(), '.codex', 'config.toml'), '[mcp_servers.atlassian]\nurl = "https://mcp.atlassian.com/v1/mcp/authv2"\n');
    expect(records(await listJson(codex, 'codex'))).toEqual({ atlassian: 'atlassian-rovo' });
  });
});
