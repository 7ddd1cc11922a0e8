/**
 * Hosted servers by URL: `rclass scan --list` recognises each vendor's
 * documented endpoints (test/scan/hosted-forms.ts) in the forms real
 * configurations write them (a JSON `url`, an `mcp-remote` argument,
 * Windsurf's `serverUrl`, Codex's TOML `url`, Gemini CLI's `httpUrl`), marks
 * the classes of records resting on the vendor's documentation as such
 * (SPEC 5.1), and leaves the host's other paths, http://, look-alike hosts and
 * other packages of the same vendor unlisted, since SPEC 6.1 matches a hosted
 * entry by origin and path prefix only.
 *
 * Each client's file holds every vendor's entries and is listed once
 * (against the whole built registry, so a near miss must match no record at
 * all); each vendor's cases read back their own entries, so a failure names
 * the vendor. Fifteen files of one scan per vendor and client each cost a
 * test worker's start and imports and a validation of the whole registry
 * per scan (issue 30). Names never identify a server (src/scan/report.ts),
 * so sharing a file changes no entry's outcome. In-process; starts nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCUMENTATION_MARK } from '../../src/core/index.ts';
import { runCli, tempDir } from '../cli/harness.ts';
import { HOSTED_VENDORS, otherClientsTitle } from './hosted-forms.ts';
import { registryFile } from './support.ts';

/** Write `text` to `file`, creating its folders; returns `file`. */
function put(file: string, text: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** One entry of `rclass scan --list --json`'s report, as far as these tests read it. */
interface ListedServer {
  name: string;
  record?: string | null;
  status: string;
  record_basis?: string;
  record_mark?: string;
}

/** `rclass scan --list FILE [--client CLIENT] --json` against the built registry, with a scratch HOME; the report's entries. */
async function listJson(file: string, client?: string): Promise<ListedServer[]> {
  const { file: registry } = await registryFile();
  const result = await runCli(['scan', '--list', file, ...(client === undefined ? [] : ['--client', client]), '--json', '--registry', registry], {
    env: { HOME: tempDir(), PATH: process.env.PATH ?? '' },
  });
  return (JSON.parse(result.stdout) as { servers: ListedServer[] }).servers;
}

/** A scan made on first use and shared by the cases that read it. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/** Each of the `KEY.` entries mapped, without the prefix, to its record (null: unlisted) or, with `status`, to its status when no record matched. */
function entriesOf(servers: readonly ListedServer[], key: string, unlisted: 'null' | 'status' = 'null'): Record<string, string | null | undefined> {
  const prefix = `${key}.`;
  return Object.fromEntries(
    servers
      .filter((server) => server.name.startsWith(prefix))
      .map((server) => [server.name.slice(prefix.length), unlisted === 'status' ? (server.record ?? server.status) : server.record]),
  );
}

/** Each entry's name mapped to its record id, or null when no record matched. */
const records = (servers: readonly ListedServer[]): Record<string, string | null | undefined> =>
  Object.fromEntries(servers.map((server) => [server.name, server.record]));

const prefixed = (key: string, servers: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(servers).map(([name, entry]) => [`${key}.${name}`, entry]));

const cursor = once(() => {
  const servers = Object.assign({}, ...HOSTED_VENDORS.map((vendor) => prefixed(vendor.key, vendor.servers))) as Record<string, unknown>;
  return listJson(put(path.join(tempDir(), '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: servers })), 'cursor');
});
const windsurf = once(() => {
  const servers = Object.fromEntries(HOSTED_VENDORS.map((vendor) => [vendor.name, { serverUrl: vendor.windsurf }]));
  return listJson(put(path.join(tempDir(), '.codeium', 'windsurf', 'mcp_config.json'), JSON.stringify({ mcpServers: servers })), 'windsurf');
});
const codex = once(() => {
  const toml = HOSTED_VENDORS.map((vendor) => `[mcp_servers.${vendor.name}]\nurl = "${vendor.codex}"\n`).join('\n');
  return listJson(put(path.join(tempDir(), '.codex', 'config.toml'), toml), 'codex');
});
const gemini = once(() => {
  const servers = Object.fromEntries(HOSTED_VENDORS.filter((vendor) => vendor.gemini !== undefined).map((vendor) => [vendor.name, { httpUrl: vendor.gemini }]));
  return listJson(put(path.join(tempDir(), '.gemini', 'settings.json'), JSON.stringify({ mcpServers: servers })), 'gemini-cli');
});

for (const vendor of HOSTED_VENDORS) {
  describe(vendor.title, () => {
    it(vendor.forms, async () => {
      const servers = await cursor();
      expect(entriesOf(servers, vendor.key)).toEqual(vendor.expected);
      if (vendor.documentation === undefined) return;
      for (const server of servers.filter((entry) => entry.name.startsWith(`${vendor.key}.`) && entry.record === vendor.documentation)) {
        expect([server.record_basis, server.record_mark]).toEqual(['documentation', DOCUMENTATION_MARK]);
      }
    });

    it(otherClientsTitle(vendor), async () => {
      const mine = (servers: ListedServer[]) => records(servers.filter((server) => server.name === vendor.name));
      expect(mine(await windsurf())).toEqual({ [vendor.name]: vendor.record });
      if (vendor.gemini !== undefined) expect(mine(await gemini())).toEqual({ [vendor.name]: vendor.record });
      expect(mine(await codex())).toEqual({ [vendor.name]: vendor.record });
    });
  });
}

/** Issue 24's second batch of vendors, every endpoint form their records' notes cite, in a project's `.mcp.json`. */
const SECOND_BATCH: Record<string, Record<string, unknown>> = {
  globalping: {
    http: { type: 'http', url: 'https://mcp.globalping.dev/mcp' },
    token: { type: 'http', url: 'https://mcp.globalping.dev/mcp', headers: { Authorization: 'Bearer ${GLOBALPING_TOKEN}' } },
    bridgedSse: { command: 'npx', args: ['mcp-remote', 'https://mcp.globalping.dev/sse', '--header', 'Authorization: Bearer ${GLOBALPING_TOKEN}'] },
    sse: { type: 'sse', url: 'https://mcp.globalping.dev/sse' },
    authorize: { type: 'http', url: 'https://mcp.globalping.dev/authorize' },
  },
  buildkite: {
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
  },
  prisma: {
    http: { type: 'http', url: 'https://mcp.prisma.io/mcp' },
    sse: { type: 'sse', url: 'https://mcp.prisma.io/sse', headers: { Authorization: 'Bearer ${PRISMA_TOKEN}' } },
    bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.prisma.io/mcp'] },
    local: { command: 'npx', args: ['-y', 'prisma', 'mcp'] },
    site: { type: 'http', url: 'https://mcp.prisma.io/authorize' },
  },
  apify: {
    hosted: { type: 'http', url: 'https://mcp.apify.com' },
    token: { type: 'http', url: 'https://mcp.apify.com/', headers: { Authorization: 'Bearer ${APIFY_TOKEN}' } },
    scoped: { type: 'http', url: 'https://mcp.apify.com?tools=actors,docs,apify/rag-web-browser,apify/web-fetch' },
    widgets: { type: 'http', url: 'https://mcp.apify.com/?tools=actors,docs&ui=true' },
    bridged: { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.apify.com/?tools=storage,runs'] },
    npx: { command: 'npx', args: ['-y', '@apify/actors-mcp-server', '--tools', 'actors,docs'], env: { APIFY_TOKEN: 'apify_api_x' } },
    lookalike: { type: 'http', url: 'https://mcp.apify.com.evil.example/mcp' },
  },
};

const secondBatch = once(() => {
  const servers = Object.assign({}, ...Object.entries(SECOND_BATCH).map(([key, entries]) => prefixed(key, entries))) as Record<string, unknown>;
  return listJson(put(path.join(tempDir(), 'proj', '.mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2)));
});

describe('hosted servers of the second vendor batch, by their documented URL forms', () => {
  it("recognises Globalping's Streamable HTTP and SSE endpoints, with a token header and through mcp-remote, and not its OAuth pages", async () => {
    expect(entriesOf(await secondBatch(), 'globalping', 'status')).toEqual({
      http: 'globalping',
      token: 'globalping',
      bridgedSse: 'globalping',
      sse: 'globalping',
      authorize: 'unlisted',
    });
  });
  it("recognises Buildkite's OAuth and token pass-through endpoints with their read-only and toolset paths and headers, and its two container images", async () => {
    expect(entriesOf(await secondBatch(), 'buildkite', 'status')).toEqual({
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
    expect(entriesOf(await secondBatch(), 'prisma', 'status')).toEqual({
      http: 'prisma-hosted',
      sse: 'prisma-hosted',
      bridged: 'prisma-hosted',
      local: 'unlisted',
      site: 'unlisted',
    });
  });
  it("recognises Apify's hosted server with its tools and ui query forms and the npm package, and not a look-alike host", async () => {
    expect(entriesOf(await secondBatch(), 'apify', 'status')).toEqual({
      hosted: 'apify',
      token: 'apify',
      scoped: 'apify',
      widgets: 'apify',
      bridged: 'apify',
      npx: 'apify',
      lookalike: 'unlisted',
    });
  });
});
