/**
 * Vercel's hosted server (registry/vercel.yaml, from Vercel's documentation):
 * `rclass scan --list` recognises https://mcp.vercel.com in the forms real
 * configurations write it (a JSON `url`, bare or with a trailing slash; the
 * project-scoped https://mcp.vercel.com/<teamSlug>/<projectSlug>; the
 * https://mcp.vercel.com/cli/mcp connection the Documentation and CLI tool
 * page names; an `mcp-remote` argument; Windsurf's `serverUrl`; Gemini CLI's
 * `httpUrl`; Codex's TOML `url`), marks its classes as resting on the
 * vendor's documentation, and leaves http:// and look-alike hosts unlisted.
 * In-process; starts nothing.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../cli/harness.ts';
import { expectCursorForms, listJson, put, records } from './hosted-support.ts';

describe("Vercel's hosted server by URL", () => {
  it('recognises https://mcp.vercel.com bare, with a trailing slash, project-scoped and at /cli/mcp, through mcp-remote, and leaves http:// and a look-alike host unlisted', async () => {
    await expectCursorForms(
      {
        bare: { url: 'https://mcp.vercel.com' },
        slash: { url: 'https://mcp.vercel.com/' },
        project: { type: 'http', url: 'https://mcp.vercel.com/my-team/my-project' },
        cli: { url: 'https://mcp.vercel.com/cli/mcp' },
        bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.vercel.com'] },
        http: { url: 'http://mcp.vercel.com' },
        lookalike: { url: 'https://mcp.vercel.com.example.net' },
      },
      {
        bare: 'vercel',
        slash: 'vercel',
        project: 'vercel',
        cli: 'vercel',
        bridged: 'vercel',
        http: null,
        lookalike: null,
      },
      'vercel',
    );
  });

  it("recognises it in Windsurf's serverUrl, Gemini CLI's httpUrl and Codex's TOML url", async () => {
    const windsurf = put(
      path.join(tempDir(), '.codeium', 'windsurf', 'mcp_config.json'),
      JSON.stringify({ mcpServers: { vercel: { serverUrl: 'https://mcp.vercel.com' } } }),
    );
    expect(records(await listJson(windsurf, 'windsurf'))).toEqual({ vercel: 'vercel' });
    const gemini = put(
      path.join(tempDir(), '.gemini', 'settings.json'),
      JSON.stringify({ mcpServers: { vercel: { httpUrl: 'https://mcp.vercel.com/my-team/my-project' } } }),
    );
    expect(records(await listJson(gemini, 'gemini-cli'))).toEqual({ vercel: 'vercel' });
    const codex = put(path.join(tempDir(), '.codex', 'config.toml'), '[mcp_servers.vercel]\nurl = "https://mcp.vercel.com"\n');
    expect(records(await listJson(codex, 'codex'))).toEqual({ vercel: 'vercel' });
  });
});
