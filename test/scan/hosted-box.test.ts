/**
 * Box's hosted server (registry/box.yaml, from Box's documentation): `rclass
 * scan --list` recognises its one documented endpoint, https://mcp.box.com,
 * in the forms real configurations write it (a JSON `url`, with or without a
 * path; Windsurf's `serverUrl`; an `mcp-remote` argument; Codex's TOML `url`),
 * marks its classes as resting on the vendor's documentation, and leaves
 * look-alike hosts unlisted. In-process; starts nothing.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../cli/harness.ts';
import { DOCUMENTATION_MARK as MARK, listJson, put, records } from './hosted-support.ts';

describe("Box's hosted server by URL", () => {
  it('recognises https://mcp.box.com as a JSON url (bare, with a trailing slash, with a path) and through mcp-remote, and leaves other hosts unlisted', async () => {
    const file = put(
      path.join(tempDir(), '.cursor', 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          bare: { url: 'https://mcp.box.com' },
          slash: { url: 'https://mcp.box.com/' },
          path: { type: 'http', url: 'https://mcp.box.com/mcp' },
          bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.box.com'] },
          http: { url: 'http://mcp.box.com' },
          lookalike: { url: 'https://mcp.box.com.example.net' },
        },
      }),
    );
    const report = await listJson(file, 'cursor');
    expect(records(report)).toEqual({ bare: 'box', slash: 'box', path: 'box', bridged: 'box', http: null, lookalike: null });
    for (const server of report.servers.filter((entry) => entry.record === 'box')) {
      expect([server.record_basis, server.record_mark]).toEqual(['documentation', MARK]);
    }
  });

  it("recognises it in Windsurf's serverUrl and in Codex's TOML url", async () => {
    const windsurf = put(
      path.join(tempDir(), '.codeium', 'windsurf', 'mcp_config.json'),
      JSON.stringify({ mcpServers: { box: { serverUrl: 'https://mcp.box.com' } } }),
    );
    expect(records(await listJson(windsurf, 'windsurf'))).toEqual({ box: 'box' });
    const codex = put(path.join(tempDir(), '.codex', 'config.toml'), '[mcp_servers.box]\nurl = "https://mcp.box.com"\n');
    expect(records(await listJson(codex, 'codex'))).toEqual({ box: 'box' });
  });
});
