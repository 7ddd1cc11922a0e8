/**
 * `rclass scan --list` over the forms real configurations use (issue 24):
 * a Claude Code plugin's `.mcp.json` (a bare map of server names), the
 * public registry in `npx --registry`, `bunx -y` and `uvx --from`; and a
 * file whose shape rclass does not know, which is unread with exit 3 in
 * every format, never an empty passing report; and hosted servers' path-
 * and query-scoped URLs as their records' notes document them. In-process;
 * starts nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../cli/harness.ts';
import { registryFile } from './support.ts';

function put(file: string, value: unknown): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
}

async function scanList(file: string, ...extra: string[]) {
  const { file: registry } = await registryFile();
  return runCli(['scan', '--list', file, '--registry', registry, ...extra], { env: { HOME: tempDir(), PATH: process.env.PATH ?? '' } });
}

describe('rclass scan --list over the forms real configurations use', () => {
  it("recognises the servers of a Claude Code plugin's .mcp.json written as a bare map, with the launcher forms real files use", async () => {
    const file = put(path.join(tempDir(), 'plugin', '.mcp.json'), {
      gallery: { command: 'npx', args: ['--registry', 'https://registry.npmjs.org', '-y', '@playwright/mcp@latest'] },
      bun: { command: 'bunx', args: ['-y', '@modelcontextprotocol/server-memory'] },
      git: { command: 'uvx', args: ['--from', 'mcp-server-git', 'mcp-server-git'] },
      custom: { command: 'npx', args: ['--registry', 'https://npm.evil.example/', '-y', '@playwright/mcp'] },
    });
    const result = await scanList(file, '--json');
    const report = JSON.parse(result.stdout) as { complete: boolean; servers: Array<{ name: string; record?: string; status: string }> };
    expect(report.complete).toBe(true);
    expect(Object.fromEntries(report.servers.map((server) => [server.name, server.record ?? server.status]))).toEqual({
      gallery: 'playwright',
      bun: 'memory',
      git: 'git',
      custom: 'unlisted',
    });
  });

  it("recognises hosted servers by their documented path- and query-scoped URL forms, and leaves a host's other paths and a per-enterprise host unlisted", async () => {
    const file = put(path.join(tempDir(), 'proj', '.mcp.json'), {
      mcpServers: {
        supabaseScoped: { type: 'http', url: 'https://mcp.supabase.com/mcp?project_ref=abcdefghijklmnop&read_only=true&features=database,docs' },
        githubToolsetReadonly: { type: 'http', url: 'https://api.githubcopilot.com/mcp/x/repos/readonly' },
        githubReadonlyInsiders: { type: 'http', url: 'https://api.githubcopilot.com/mcp/x/issues/readonly/insiders' },
        sentryProject: { type: 'http', url: 'https://mcp.sentry.dev/mcp/sentry/mcp-server?experimental=1' },
        sentrySkills: { type: 'http', url: 'https://mcp.sentry.dev/mcp?skills=inspect,triage' },
        context7Oauth: { type: 'http', url: 'https://mcp.context7.com/mcp/oauth' },
        cloudflareSse: { type: 'sse', url: 'https://observability.mcp.cloudflare.com/sse' },
        stackLibs: { type: 'http', url: 'https://stack.mcp.cloudflare.com/mcp?libs=cloudflare,hono,vite' },
        viaMcpRemote: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.supabase.com/mcp?read_only=true'] },
        squareRemote: { command: 'npx', args: ['mcp-remote', 'https://mcp.squareup.com/sse'] },
        squareLocal: { command: 'npx', args: ['square-mcp-server', 'start'], env: { ACCESS_TOKEN: 'sq0atp-x', SANDBOX: 'true' } },
        expo: { type: 'http', url: 'https://mcp.expo.dev/mcp' },
        cloudflareApi: { type: 'http', url: 'https://mcp.cloudflare.com/mcp', headers: { Authorization: 'Bearer ${CLOUDFLARE_API_TOKEN}' } },
        sentrySse: { type: 'sse', url: 'https://mcp.sentry.dev/sse' },
        enterprise: { type: 'http', url: 'https://copilot-api.octocorp.ghe.com/mcp' },
        huggingface: { type: 'http', url: 'https://huggingface.co/mcp' },
        huggingfaceLogin: { type: 'http', url: 'https://huggingface.co/mcp?login' },
        huggingfaceBouquet: { type: 'http', url: 'https://huggingface.co/mcp?bouquet=search&mix=jobs' },
        huggingfaceBridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://huggingface.co/mcp?login'] },
        huggingfaceSite: { type: 'http', url: 'https://huggingface.co/models' },
        neon: { type: 'http', url: 'https://mcp.neon.tech/mcp' },
        neonSse: { type: 'sse', url: 'https://mcp.neon.tech/sse' },
        neonReadonlyProject: { type: 'http', url: 'https://mcp.neon.tech/mcp?readonly=true&projectId=my-project-id' },
        neonCategories: { type: 'http', url: 'https://mcp.neon.tech/mcp?category=querying&category=schema' },
        neonApiKey: { type: 'http', url: 'https://mcp.neon.tech/mcp', headers: { Authorization: 'Bearer ${NEON_API_KEY}' } },
        neonListTools: { type: 'http', url: 'https://mcp.neon.tech/api/list-tools' },
        mapbox: { type: 'http', url: 'https://mcp.mapbox.com/mcp' },
        mapboxBridged: { command: 'npx', args: ['mcp-remote', 'https://mcp.mapbox.com/mcp'] },
        brightdata: { type: 'http', url: 'https://mcp.brightdata.com/mcp?token=YOUR_API_TOKEN&groups=ecommerce,browser' },
        browserstack: { type: 'http', url: 'https://mcp.browserstack.com/mcp' },
        browserstackSetupPage: { type: 'http', url: 'https://mcp.browserstack.com/one-click-setup?client=cursor' },
        browserbase: { type: 'http', url: 'https://mcp.browserbase.com/mcp' },
        browserbaseBridged: { command: 'npx', args: ['mcp-remote', 'https://mcp.browserbase.com/mcp'] },
        figma: { type: 'http', url: 'https://mcp.figma.com/mcp', headers: { 'X-Figma-Plugin-Bundle': 'figma_prod@2_2_96' } },
        figmaDesktop: { type: 'http', url: 'http://127.0.0.1:3845/mcp' },
      },
    });
    const result = await scanList(file, '--json');
    const report = JSON.parse(result.stdout) as { servers: Array<{ name: string; record?: string; status: string }> };
    expect(Object.fromEntries(report.servers.map((server) => [server.name, server.record ?? server.status]))).toEqual({
      supabaseScoped: 'supabase',
      githubToolsetReadonly: 'github',
      githubReadonlyInsiders: 'github',
      sentryProject: 'sentry',
      sentrySkills: 'sentry',
      context7Oauth: 'context7',
      cloudflareSse: 'cloudflare-observability',
      stackLibs: 'cloudflare-stack',
      viaMcpRemote: 'supabase',
      squareRemote: 'square',
      squareLocal: 'square',
      expo: 'expo',
      cloudflareApi: 'cloudflare-api',
      sentrySse: 'unlisted',
      enterprise: 'unlisted',
      huggingface: 'huggingface',
      huggingfaceLogin: 'huggingface',
      huggingfaceBouquet: 'huggingface',
      huggingfaceBridged: 'huggingface',
      huggingfaceSite: 'unlisted',
      neon: 'neon-hosted',
      neonSse: 'neon-hosted',
      neonReadonlyProject: 'neon-hosted',
      neonCategories: 'neon-hosted',
      neonApiKey: 'neon-hosted',
      neonListTools: 'unlisted',
      mapbox: 'mapbox',
      mapboxBridged: 'mapbox',
      brightdata: 'brightdata',
      browserstack: 'browserstack',
      browserstackSetupPage: 'unlisted',
      browserbase: 'browserbase-hosted',
      browserbaseBridged: 'browserbase-hosted',
      figma: 'figma',
      figmaDesktop: 'unlisted',
    });
  });

  it('reports a file whose shape rclass does not know as unread, with exit 3, in text, JSON and SARIF', async () => {
    const file = put(path.join(tempDir(), 'proj', '.cursor', 'mcp.json'), {
      servers: { notes: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] } },
    });
    const text = await scanList(file);
    expect(text.code).toBe(3);
    expect(text.stdout).toContain('cannot be read:');
    expect(text.stdout).toContain(
      'has no map of servers where Cursor reads them (`mcpServers`); its servers are under `servers`, which Cursor does not read, so its shape is not one rclass knows and it was not read',
    );
    expect(text.stdout).toContain('The scan is incomplete (exit 3)');

    const json = await scanList(file, '--json');
    expect(json.code).toBe(3);
    const report = JSON.parse(json.stdout) as { complete: boolean; servers: unknown[]; configs: Array<{ problem?: string }> };
    expect(report.complete).toBe(false);
    expect(report.servers).toEqual([]);
    expect(report.configs[0]?.problem).toContain('not one rclass knows');

    const sarif = await scanList(file, '--format', 'sarif');
    expect(sarif.code).toBe(3);
    const log = JSON.parse(sarif.stdout) as {
      runs: Array<{ invocations: Array<{ toolExecutionNotifications?: Array<{ level: string; message: { text: string } }> }> }>;
    };
    const notes = log.runs[0]?.invocations[0]?.toolExecutionNotifications ?? [];
    expect(notes.some((note) => note.level === 'error' && note.message.text.includes('not one rclass knows'))).toBe(true);
  });
});
