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
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../cli/harness.ts';
import { DOCUMENTATION_MARK as MARK, listJson, put, records } from './hosted-support.ts';

describe("monday.com's hosted server by URL", () => {
  it('recognises https://mcp.monday.com/mcp as a JSON url and through mcp-remote with headers, marked as documentation, and leaves other paths, http://, a look-alike host and the npm package unlisted', async () => {
    const file = put(
      path.join(tempDir(), '.cursor', 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          http: { url: 'https://mcp.monday.com/mcp' },
          bridged: { command: 'npx', args: ['mcp-remote', 'https://mcp.monday.com/mcp', '--header', 'Api-Version:2025-07'] },
          sse: { url: 'https://mcp.monday.com/sse' },
          plain: { url: 'http://mcp.monday.com/mcp' },
          lookalike: { url: 'https://mcp.monday.com.example.net/mcp' },
          local: { command: 'npx', args: ['@mondaydotcomorg/monday-api-mcp@latest', '-t', 'abcd123'] },
        },
      }),
    );
    const report = await listJson(file, 'cursor');
    expect(records(report)).toEqual({ http: 'monday-hosted', bridged: 'monday-hosted', sse: null, plain: null, lookalike: null, local: null });
    for (const server of report.servers.filter((entry) => entry.record === 'monday-hosted')) {
      expect([server.record_basis, server.record_mark]).toEqual(['documentation', MARK]);
    }
  });

  it("recognises it in Windsurf's serverUrl and in Codex's TOML url", async () => {
    const windsurf = put(
      path.join(tempDir(), '.codeium', 'windsurf', 'mcp_config.json'),
      JSON.stringify({ mcpServers: { monday: { serverUrl: 'https://mcp.monday.com/mcp' } } }),
    );
    expect(records(await listJson(windsurf, 'windsurf'))).toEqual({ monday: 'monday-hosted' });
    const codex = put(path.join(tempDir(), '.codex', 'config.toml'), '[mcp_servers.monday]\nurl = "https://mcp.monday.com/mcp"\n');
    expect(records(await listJson(codex, 'codex'))).toEqual({ monday: 'monday-hosted' });
  });
});
