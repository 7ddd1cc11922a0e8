/**
 * One server's and one tool's policy files (`policyFiles` with a scope,
 * issue 27 item 8): the same export code as the whole-registry downloads,
 * limited to one record (`rclass policy --server ID`) or to one of its tools.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RegistryDocument } from '../../src/core/record.ts';
import { HOOK_FORMATS, policyFiles } from '../../src/export/index.ts';
import { registryDocument } from './registry.ts';

let document: RegistryDocument;
beforeAll(async () => {
  document = await registryDocument();
});

const GENERATOR = 'rclass 0.0.0-test';
const content = (files: ReturnType<typeof policyFiles>, format: string) => files.find((file) => file.format === format)?.content ?? '';

describe('policy files for one server or one tool', () => {
  it("memory's files are every listing format, each command naming --server memory, and no hook format", () => {
    const files = policyFiles(document, GENERATOR, { server: 'memory' });
    expect(files.map((file) => file.format)).toEqual([
      'cedar',
      'cedar-toolhive',
      'cel',
      'claude-settings',
      'cursor-cli',
      'cursor-ide',
      'gemini',
      'codex-disabled-tools',
    ]);
    expect(files.every((file) => file.command.endsWith(' --server memory'))).toBe(true);
    expect(files.some((file) => HOOK_FORMATS.has(file.format))).toBe(false);
  });

  it("memory's Claude Code rules ask before its R2–R4 tools and name no other server", () => {
    const settings = JSON.parse(content(policyFiles(document, GENERATOR, { server: 'memory' }), 'claude-settings')) as {
      permissions: { ask: string[]; allow: string[] };
    };
    const record = document.servers.find((server) => server.id === 'memory')!;
    const asked = record.tools
      .filter((tool) => tool.class >= 'R2')
      .map((tool) => `mcp__memory__${tool.name}`)
      .sort();
    expect([...settings.permissions.ask].sort()).toEqual(asked);
    expect(settings.permissions.ask).toContain('mcp__memory__delete_entities');
    expect([...settings.permissions.ask, ...settings.permissions.allow].every((rule) => rule.startsWith('mcp__memory__'))).toBe(true);
  });

  it("one server's Cedar rules are exactly its rules in the whole-registry file", () => {
    const whole = content(policyFiles(document, GENERATOR), 'cedar');
    const one = content(policyFiles(document, GENERATOR, { server: 'memory' }), 'cedar');
    const rules = one.split('\n\n').filter((block) => block.includes('@id("rclass/memory/'));
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) expect(whole).toContain(rule);
  });

  it('a tool-scoped file lists that tool alone: memory delete_entities asks in Claude Code and needs approval in Cedar', () => {
    const files = policyFiles(document, GENERATOR, { server: 'memory', tool: 'delete_entities' });
    const settings = JSON.parse(content(files, 'claude-settings')) as { permissions: { ask: string[]; allow: string[]; deny: string[] } };
    expect(settings.permissions).toEqual({ allow: [], ask: ['mcp__memory__delete_entities'], deny: [] });
    const cedar = content(files, 'cedar');
    expect(cedar).toContain('Covers 1 server (names from registry), 1 tools: R0 0, R1 0, R2 0, R3 0, R4 1.');
    expect(cedar.match(/@id\("/g)).toHaveLength(1);
    expect(cedar).toContain('@id("rclass/memory/delete_entities")\n@requireApproval("R4 Irreversible');
  });

  it('asked for two formats (as a tool page is), the files are those of every format filtered to them, in the same order', () => {
    const scope = { server: 'memory', tool: 'delete_entities' };
    const two = policyFiles(document, GENERATOR, scope, new Set(['claude-settings', 'cedar'] as const));
    expect(two.map((file) => file.format)).toEqual(['cedar', 'claude-settings']);
    expect(two).toEqual(policyFiles(document, GENERATOR, scope).filter((file) => file.format === 'cedar' || file.format === 'claude-settings'));
    expect(policyFiles(document, GENERATOR, scope, new Set(['claude-hook'] as const))).toEqual([]);
  });
});
