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
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../cli/harness.ts';
import { DOCUMENTATION_MARK as MARK, listJson, put, records } from './hosted-support.ts';

describe("Intercom's hosted server by URL", () => {
  it('recognises /mcp and /sse as JSON urls and through mcp-remote, marked as documentation, and leaves other paths, http:// and a look-alike host unlisted', async () => {
    const file = put(
      path.join(tempDir(), '.cursor', 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          http: { type: 'http', url: 'https://mcp.intercom.com/mcp' },
          sse: { type: 'sse', url: 'https://mcp.intercom.com/sse' },
          bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.intercom.com/mcp'] },
          authorize: { url: 'https://mcp.intercom.com/authorize' },
          plain: { url: 'http://mcp.intercom.com/mcp' },
          lookalike: { url: 'https://mcp.intercom.com.example.net/mcp' },
        },
      }),
    );
    const report = await listJson(file, 'cursor');
    expect(records(report)).toEqual({ http: 'intercom', sse: 'intercom', bridged: 'intercom', authorize: null, plain: null, lookalike: null });
    for (const server of report.servers.filter((entry) => entry.record === 'intercom')) {
      expect([server.record_basis, server.record_mark]).toEqual(['documentation', MARK]);
    }
  });

  it("recognises it in Windsurf's serverUrl and in Codex's TOML url", async () => {
    const windsurf = put(
      path.join(tempDir(), '.codeium', 'windsurf', 'mcp_config.json'),
      JSON.stringify({ mcpServers: { intercom: { serverUrl: 'https://mcp.intercom.com/mcp' } } }),
    );
    expect(records(await listJson(windsurf, 'windsurf'))).toEqual({ intercom: 'intercom' });
    const codex = put(path.join(tempDir(), '.codex', 'config.toml'), '[mcp_servers.intercom]\nurl = "https://mcp.intercom.com/mcp"\n');
    expect(records(await listJson(codex, 'codex'))).toEqual({ intercom: 'intercom' });
  });
});
