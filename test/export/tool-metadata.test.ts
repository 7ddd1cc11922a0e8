/**
 * Every registry tool's class as MCP tool fields (SPEC 7.4): what
 * `rclass export --format tool-metadata` writes and what the site's tool API
 * documents carry, checked against real registry tools and against the
 * published schema with the real validator.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/core/canonical-json.ts';
import type { RegistryDocument } from '../../src/core/record.ts';
import { type ExportedToolMetadata, renderToolMetadata } from '../../src/export/tool-metadata.ts';
import { toolDocument } from '../../src/site/lib/api.ts';
import { runCli, writeRegistry } from '../cli/harness.ts';
import { registryDocument } from './registry.ts';

const META = 'io.modelcontextprotocol/action-metadata';
const SITE = 'https://reversibility.twomuchlabs.com/';

let document: RegistryDocument;
let exported: { spec_version: string; release: string; unknown_tool: ExportedToolMetadata; tools: ExportedToolMetadata[] };
const byName = (server: string, tool: string) => exported.tools.find((entry) => entry.server === server && entry.tool === tool)!;

beforeAll(async () => {
  document = await registryDocument();
  exported = JSON.parse(await renderToolMetadata(document));
});

describe('rclass export --format tool-metadata', () => {
  it('lists every tool of every record once', () => {
    expect(exported.tools).toHaveLength(document.servers.reduce((sum, record) => sum + record.tools.length, 0));
    expect(new Set(exported.tools.map((entry) => `${entry.server}\u0000${entry.tool}`)).size).toBe(exported.tools.length);
  });

  it("every tool's evidenceRef digest is the SHA-256 of its evidence document's canonical JSON", () => {
    for (const entry of exported.tools) {
      const ref = entry._meta[META].evidenceRef!;
      expect(ref.digest).toBe(`sha256:${createHash('sha256').update(canonicalJson(entry.evidence)).digest('hex')}`);
      expect(ref.type).toBe('rclass.tool-class.v1');
      expect(ref.canonicalization).toBe('jcs/rfc8785');
    }
  });

  it('readOnlyHint is true only for tools whose worst case is R0, and destructiveHint exactly where review is required (R2 up)', () => {
    for (const entry of exported.tools) {
      expect(entry.annotations.readOnlyHint).toBe(entry.evidence.worst_class === 'R0');
      expect(entry.annotations.destructiveHint).toBe(!['R0', 'R1'].includes(entry.evidence.worst_class));
      expect(entry._meta[META].requiresReview).toBe(entry.annotations.destructiveHint);
    }
  });

  it("github's create_repository, which can publish, is irreversible, open-world and needs review", () => {
    const entry = byName('github', 'create_repository');
    expect(entry.evidence.class).toBe('R4');
    expect(entry.evidence.disclosure).toBe(true);
    expect(entry.annotations).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true, reversibility: 'none' });
    expect(entry._meta[META].outcome).toBe('irreversible');
    expect(entry._meta[META].requiresReview).toBe(true);
  });

  it("github's remove_sub_issue (R2) names add_sub_issue as its compensating tool and is manual to reverse", () => {
    const entry = byName('github', 'remove_sub_issue');
    expect(entry.evidence.class).toBe('R2');
    expect(entry.evidence.compensating_tool).toBe('add_sub_issue');
    expect(entry.annotations.reversibility).toBe('manual');
    expect(entry._meta[META]).toMatchObject({ outcome: 'consequential', requiresReview: true });
  });

  it("firecrawl's crawl, marked egress, is R4 in every shape while its evidence keeps the record's class", () => {
    const entry = byName('firecrawl', 'firecrawl_crawl');
    expect(entry.evidence.egress).toBe(true);
    expect(entry.evidence.worst_class).toBe('R4');
    expect(entry.annotations.openWorldHint).toBe(true);
    expect(entry._meta[META].outcome).toBe('irreversible');
  });

  it('gives a tool no record lists the values of R4 and no evidenceRef', () => {
    expect(exported.unknown_tool.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
      reversibility: 'none',
    });
    expect(exported.unknown_tool._meta[META]).toEqual({ outcome: 'irreversible', requiresReview: true });
  });
});

describe('the export command', () => {
  it('writes the tool-metadata document for a given registry with --format tool-metadata', async () => {
    const small = { ...document, servers: document.servers.filter((record) => record.id === 'github') };
    const result = await runCli(['export', '--format', 'tool-metadata', '--registry', writeRegistry(small)]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout) as typeof exported;
    expect(out.tools.map((entry) => entry.tool)).toEqual(small.servers[0]!.tools.map((tool) => tool.name));
    expect(out.tools.find((entry) => entry.tool === 'remove_sub_issue')).toEqual(byName('github', 'remove_sub_issue'));
  });

  it('writes Cedar entities with --format cedar-entities: the server, then each tool with its class as attributes', async () => {
    const small = { ...document, servers: document.servers.filter((record) => record.id === 'memory') };
    const result = await runCli(['export', '--format', 'cedar-entities', '--registry', writeRegistry(small)]);
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout) as Array<{ uid: { type: string; id: string }; attrs: Record<string, unknown> }>;
    expect(out[0]!.uid).toEqual({ type: 'MCP', id: 'memory' });
    expect(out.find((entity) => entity.uid.id === 'read_graph')!.attrs).toMatchObject({ rclass: 0, requiresReview: false });
    expect(out.find((entity) => entity.uid.id === 'delete_entities')!.attrs).toMatchObject({ rclass: 4, requiresReview: true });
  });

  it('refuses a format it does not know, with usage exit code 2', async () => {
    const result = await runCli(['export', '--format', 'cedar']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('`--format` must be `registry`, `tool-metadata` or `cedar-entities`; got `cedar`');
  });
});

describe("the site's tool API document", () => {
  it('carries the MCP fields and an evidenceRef whose ref is its own #/evidence, valid against schema/api-tool.schema.json', async () => {
    const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
    (addFormatsModule as unknown as (ajv: Ajv2020) => void)(ajv);
    for (const name of ['record', 'api-tool']) ajv.addSchema(JSON.parse(readFileSync(new URL(`../../schema/${name}.schema.json`, import.meta.url), 'utf8')));
    const validate = ajv.getSchema(`${SITE}schema/api-tool.schema.json`)!;
    const record = document.servers.find((entry) => entry.id === 'github')!;
    const tool = record.tools.find((entry) => entry.name === 'remove_sub_issue')!;
    const api = await toolDocument(document, record, tool, SITE);
    expect(validate(api), JSON.stringify(validate.errors)).toBe(true);
    const ref = api.mcp._meta[META].evidenceRef!;
    expect(ref.ref).toBe(`${SITE}api/v1/servers/github/remove_sub_issue.json#/evidence`);
    expect(ref.schema).toBe(`${SITE}schema/api-tool.schema.json`);
    expect(ref.digest).toBe(byName('github', 'remove_sub_issue')._meta[META].evidenceRef!.digest);
  });
});
