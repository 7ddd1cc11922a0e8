/**
 * `rclass scan --list` recognises the hosted servers recorded for issue 24's
 * second batch of vendors by every endpoint form their records' notes cite
 * (Streamable HTTP, SSE, query-scoped forms, and `mcp-remote` bridges), and
 * leaves the same host's other paths unlisted, since SPEC 6.1 matches a
 * hosted entry by origin and path prefix only. In-process; starts nothing.
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

/** Each configuration entry's record id, or its status when no record matched. */
async function recognised(servers: Record<string, unknown>): Promise<Record<string, string>> {
  const file = put(path.join(tempDir(), 'proj', '.mcp.json'), { mcpServers: servers });
  const { file: registry } = await registryFile();
  const result = await runCli(['scan', '--list', file, '--registry', registry, '--json'], { env: { HOME: tempDir(), PATH: process.env.PATH ?? '' } });
  const report = JSON.parse(result.stdout) as { servers: Array<{ name: string; record?: string; status: string }> };
  return Object.fromEntries(report.servers.map((server) => [server.name, server.record ?? server.status]));
}

describe('hosted servers of the second vendor batch, by their documented URL forms', () => {
  it("recognises Globalping's Streamable HTTP and SSE endpoints, with a token header and through mcp-remote, and not its OAuth pages", async () => {
    expect(
      await recognised({
        http: { type: 'http', url: 'https://mcp.globalping.dev/mcp' },
        token: { type: 'http', url: 'https://mcp.globalping.dev/mcp', headers: { Authorization: 'Bearer ${GLOBALPING_TOKEN}' } },
        bridgedSse: { command: 'npx', args: ['mcp-remote', 'https://mcp.globalping.dev/sse', '--header', 'Authorization: Bearer ${GLOBALPING_TOKEN}'] },
        sse: { type: 'sse', url: 'https://mcp.globalping.dev/sse' },
        authorize: { type: 'http', url: 'https://mcp.globalping.dev/authorize' },
      }),
    ).toEqual({ http: 'globalping', token: 'globalping', bridgedSse: 'globalping', sse: 'globalping', authorize: 'unlisted' });
  });
  it("recognises Buildkite's OAuth and token pass-through endpoints with their read-only and toolset paths and headers, and its two container images", async () => {
    expect(
      await recognised({
        oauth: { type: 'http', url: 'https://mcp.buildkite.com/mcp' },
        readonly: { type: 'http', url: 'https://mcp.buildkite.com/mcp/readonly' },
        toolset: { type: 'http', url: 'https://mcp.buildkite.com/mcp/x/pipelines' },
        toolsetReadonly: { type: 'http', url: 'https://mcp.buildkite.com/mcp/x/pipelines/readonly' },
        toolsetHeader: { type: 'http', url: 'https://mcp.buildkite.com/mcp/readonly', headers: { 'X-Buildkite-Toolsets': 'user,pipelines,builds' } },
        direct: { type: 'http', url: 'https://mcp.buildkite.com/direct', headers: { Authorization: 'Bearer ${BUILDKITE_API_TOKEN}' } },
        directToolsetReadonly: { type: 'http', url: 'https://mcp.buildkite.com/direct/x/builds/readonly' },
        bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.buildkite.com/mcp'] },
        docker: {
          command: 'docker',
          args: ['run', '--pull=always', '-q', '-i', '--rm', '-e', 'BUILDKITE_API_TOKEN', 'buildkite/mcp-server', 'stdio'],
          env: { BUILDKITE_API_TOKEN: 'bkua_xxxxx' },
        },
        ghcr: { command: 'docker', args: ['run', '-i', '--rm', '-e', 'BUILDKITE_API_TOKEN', 'ghcr.io/buildkite/buildkite-mcp-server:1.19.0', 'stdio'] },
        oauthMetadata: { type: 'http', url: 'https://mcp.buildkite.com/.well-known/oauth-protected-resource' },
      }),
    ).toEqual({
      oauth: 'buildkite',
      readonly: 'buildkite',
      toolset: 'buildkite',
      toolsetReadonly: 'buildkite',
      toolsetHeader: 'buildkite',
      direct: 'buildkite',
      directToolsetReadonly: 'buildkite',
      bridged: 'buildkite',
      docker: 'buildkite',
      ghcr: 'buildkite',
      oauthMetadata: 'unlisted',
    });
  });
  it("recognises Prisma's remote server at both endpoints its MCP registry entry declares, directly and through mcp-remote, and not the local prisma mcp command", async () => {
    expect(
      await recognised({
        http: { type: 'http', url: 'https://mcp.prisma.io/mcp' },
        sse: { type: 'sse', url: 'https://mcp.prisma.io/sse', headers: { Authorization: 'Bearer ${PRISMA_TOKEN}' } },
        bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.prisma.io/mcp'] },
        local: { command: 'npx', args: ['-y', 'prisma', 'mcp'] },
        site: { type: 'http', url: 'https://mcp.prisma.io/authorize' },
      }),
    ).toEqual({ http: 'prisma-hosted', sse: 'prisma-hosted', bridged: 'prisma-hosted', local: 'unlisted', site: 'unlisted' });
  });
  it("recognises Apify's hosted server with its tools and ui query forms and the npm package, and not a look-alike host", async () => {
    expect(
      await recognised({
        hosted: { type: 'http', url: 'https://mcp.apify.com' },
        token: { type: 'http', url: 'https://mcp.apify.com/', headers: { Authorization: 'Bearer ${APIFY_TOKEN}' } },
        scoped: { type: 'http', url: 'https://mcp.apify.com?tools=actors,docs,apify/rag-web-browser,apify/web-fetch' },
        widgets: { type: 'http', url: 'https://mcp.apify.com/?tools=actors,docs&ui=true' },
        bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.apify.com/?tools=storage,runs'] },
        npx: { command: 'npx', args: ['-y', '@apify/actors-mcp-server', '--tools', 'actors,docs'], env: { APIFY_TOKEN: 'apify_api_x' } },
        lookalike: { type: 'http', url: 'https://mcp.apify.com.evil.example/mcp' },
      }),
    ).toEqual({ hosted: 'apify', token: 'apify', scoped: 'apify', widgets: 'apify', bridged: 'apify', npx: 'apify', lookalike: 'unlisted' });
  });
});
