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
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../cli/harness.ts';
import { DOCUMENTATION_MARK as MARK, listJson, put, records } from './hosted-support.ts';

describe("Canva's hosted server by URL", () => {
  it('recognises https://mcp.canva.com/mcp as a JSON url and through mcp-remote@latest, marked as documentation, and leaves other paths, http:// and a look-alike host unlisted', async () => {
    const file = put(
      path.join(tempDir(), '.cursor', 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          http: { type: 'http', url: 'https://mcp.canva.com/mcp' },
          bridged: { command: 'npx', args: ['-y', 'mcp-remote@latest', 'https://mcp.canva.com/mcp'] },
          sse: { url: 'https://mcp.canva.com/sse' },
          plain: { url: 'http://mcp.canva.com/mcp' },
          lookalike: { url: 'https://mcp.canva.com.example.net/mcp' },
        },
      }),
    );
    const report = await listJson(file, 'cursor');
    expect(records(report)).toEqual({ http: 'canva', bridged: 'canva', sse: null, plain: null, lookalike: null });
    for (const server of report.servers.filter((entry) => entry.record === 'canva')) {
      expect([server.record_basis, server.record_mark]).toEqual(['documentation', MARK]);
    }
  });

  it("recognises it in Windsurf's serverUrl and in Codex's TOML url", async () => {
    const windsurf = put(
      path.join(tempDir(), '.codeium', 'windsurf', 'mcp_config.json'),
      JSON.stringify({ mcpServers: { canva: { serverUrl: 'https://mcp.canva.com/mcp' } } }),
    );
    expect(records(await listJson(windsurf, 'windsurf'))).toEqual({ canva: 'canva' });
    const codex = put(path.join(tempDir(), '.codex', 'config.toml'), '[mcp_servers.canva]\nurl = "https://mcp.canva.com/mcp"\n');
    expect(records(await listJson(codex, 'codex'))).toEqual({ canva: 'canva' });
  });
});
