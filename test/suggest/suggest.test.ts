import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { suggestEffects } from '../../src/core/suggest/suggest.ts';
import { nameWords } from '../../src/core/suggest/tokens.ts';

/** The nine tools of @modelcontextprotocol/server-memory 2026.8.31 exactly as its tools/list gave them. */
const memory = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'definitions', 'memory-2026.8.31-zod-4.6.7.json'), 'utf8')) as {
  tools: { name: string; description: string; inputSchema: unknown; annotations: unknown }[];
};
const memoryTool = (name: string) => {
  const tool = memory.tools.find((t) => t.name === name);
  if (tool === undefined) throw new Error(`no ${name} in the fixture`);
  return tool;
};
const effectsOf = (s: ReturnType<typeof suggestEffects>) => s.effects.map((x) => x.effect);

describe('suggestEffects', () => {
  it("the memory server's read_graph, as listed, is suggested R0 from the word read", () => {
    const s = suggestEffects(memoryTool('read_graph'));
    expect(s).toMatchObject({ suggested: true, class: 'R0', disclosure: false, confidence: 'high' });
    expect(s.effects).toEqual([{ effect: 'read', confidence: 'high', because: ['name word "read" (reads, searches, lists or computes)'] }]);
  });

  it("the memory server's delete_entities, as listed, is suggested delete and R4", () => {
    const s = suggestEffects(memoryTool('delete_entities'));
    expect(s.class).toBe('R4');
    expect(effectsOf(s)).toEqual(['delete']);
    expect(s.effects[0]?.because).toEqual(['name word "delete" (deletes or destroys)']);
  });

  it("a create is suggested at the worst case of its space: the memory server's create_entities (R1 in its record) comes out R4", () => {
    const s = suggestEffects(memoryTool('create_entities'));
    expect(effectsOf(s)).toEqual(['shared-write', 'publish']);
    expect(s.effects.find((x) => x.effect === 'publish')?.confidence).toBe('low');
    expect(s).toMatchObject({ class: 'R4', disclosure: true, confidence: 'low' });
  });

  it('readOnlyHint: true never lowers a name that writes', () => {
    const s = suggestEffects({ name: 'delete_branch', annotations: { readOnlyHint: true } });
    expect(s.class).toBe('R4');
    expect(effectsOf(s)).toEqual(['delete']);
  });

  it('readOnlyHint: true proposes read for a name with no action word, and says the hint is why', () => {
    const s = suggestEffects({ name: 'cost-anomaly', annotations: { readOnlyHint: true } });
    expect(s.class).toBe('R0');
    expect(s.effects).toEqual([{ effect: 'read', confidence: 'medium', because: ['annotation "readOnlyHint: true" (reads, searches, lists or computes)'] }]);
  });

  it('a name with no action word and no hint proposes no effect and stays R4', () => {
    expect(suggestEffects({ name: 'budgets' })).toEqual({ suggested: true, class: 'R4', effects: [], disclosure: false, confidence: 'low' });
  });

  it('readOnlyHint: false raises a read-named tool to a possible overwrite', () => {
    const s = suggestEffects({ name: 'query_athena', annotations: { readOnlyHint: false } });
    expect(s.class).toBe('R4');
    expect(effectsOf(s)).toEqual(['read', 'overwrite']);
  });

  it('each clause of a name counts: get_or_create_label reads and creates', () => {
    expect(effectsOf(suggestEffects({ name: 'get_or_create_label' }))).toEqual(['read', 'shared-write', 'publish']);
  });

  it('a read noun gives way to an action word in the same clause: firecrawl_monitor_create is a create', () => {
    expect(effectsOf(suggestEffects({ name: 'firecrawl_monitor_create' }))).toEqual(['shared-write', 'publish']);
  });

  it('a write takes the effects of its objects: create_api_key is a credential change', () => {
    const s = suggestEffects({ name: 'create_api_key' });
    expect(effectsOf(s)).toContain('credential');
  });

  it('a description word only adds effects: "permanently" raises a read-named tool', () => {
    const s = suggestEffects({ name: 'get_and_purge', description: 'Fetches the item and permanently removes it.' });
    expect(s.effects.find((x) => x.effect === 'delete')?.because).toContain('description word "permanently" (says the loss is permanent)');
  });

  it('an input property named command raises to run-code', () => {
    const s = suggestEffects({ name: 'get_status', inputSchema: { type: 'object', properties: { command: { type: 'string' } } } });
    expect(effectsOf(s)).toEqual(['read', 'run-code']);
    expect(s.class).toBe('R4');
  });

  it('malformed members are ignored, never thrown on', () => {
    const s = suggestEffects({ name: 'list_items', description: 42, inputSchema: 'not a schema', annotations: null });
    expect(s.class).toBe('R0');
  });

  it('names split at separators and camel-case humps', () => {
    expect(nameWords('listPullRequests')).toEqual(['list', 'pull', 'requests']);
    expect(nameWords('aws___call_aws')).toEqual(['aws', 'call', 'aws']);
    expect(nameWords('atlas-create-DBUser')).toEqual(['atlas', 'create', 'db', 'user']);
  });
});
