/**
 * Cedar entities with each tool's class as attributes (SPEC 8.3.1), checked
 * with the real Cedar engine: schema/rclass-tools.cedarschema parses, the
 * exported entities of the whole registry are valid against it, policies
 * on the attributes validate in strict mode, and `resource.rclass <= 1`
 * permits exactly the tools whose worst case is R0 or R1, for every
 * registry tool.
 */
import { readFileSync } from 'node:fs';
import * as cedar from '@cedar-policy/cedar-wasm/nodejs';
import { beforeAll, describe, expect, it } from 'vitest';
import { classRank } from '../../src/core/classes.ts';
import type { RegistryDocument } from '../../src/core/record.ts';
import { buildDocument } from '../../src/core/registry.ts';
import { renderCedarEntities } from '../../src/export/cedar-entities.ts';
import { registryDocument, syntheticRecord, worstCase } from './registry.ts';

const SCHEMA = readFileSync(new URL('../../schema/rclass-tools.cedarschema', import.meta.url), 'utf8');

/** The policy SPEC 8.3.1 gives as its example: R0 and R1 tools, whatever their server. */
const UP_TO_R1 = 'permit (principal, action == Action::"call_tool", resource) when { resource.rclass <= 1 };';

type Entity = { uid: { type: string; id: string }; attrs: Record<string, cedar.CedarValueJson>; parents: Array<{ type: string; id: string }> };

let document: RegistryDocument;
let entities: Entity[];

beforeAll(async () => {
  document = await registryDocument();
  entities = JSON.parse(renderCedarEntities(document)) as Entity[];
  const schema = cedar.preparseSchema('rclass-tools', SCHEMA);
  if (schema.type !== 'success') throw new Error(JSON.stringify(schema.errors));
});

/** Policy sets prepared in the engine, by their text. */
const prepared = new Map<string, string>();

/** An entity list's Tool and MCP entities by id. */
interface EntityIndex {
  tools: Map<string, Entity>;
  servers: Map<string, Entity>;
}

/** The index of each entity list {@link decide} was given, made once per list: a search of the list per call was quadratic in the registry. */
const indexes = new WeakMap<Entity[], EntityIndex>();

function indexOf(list: Entity[]): EntityIndex {
  let index = indexes.get(list);
  if (index === undefined) {
    index = { tools: new Map(), servers: new Map() };
    for (const entry of list) {
      const byId = entry.uid.type === 'Tool' ? index.tools : entry.uid.type === 'MCP' ? index.servers : undefined;
      // The first entity of an id, as Array.find returns it.
      if (byId !== undefined && !byId.has(entry.uid.id)) byId.set(entry.uid.id, entry);
    }
    indexes.set(list, index);
  }
  return index;
}

/**
 * Ask the engine about one call of `tool` under `policies`, validated
 * against the schema, with the tool's own entity and its servers' (what a
 * request needs; the whole list would be parsed again for every call).
 */
function decide(policies: string[], tool: string, against: Entity[] = entities): { decision: string; errors: unknown[] } {
  const key = policies.join('\n');
  let id = prepared.get(key);
  if (id === undefined) {
    id = `entities${prepared.size}`;
    const parsed = cedar.preparsePolicySet(id, { staticPolicies: Object.fromEntries(policies.map((text, i) => [`p${i}`, text])) });
    if (parsed.type !== 'success') throw new Error(JSON.stringify(parsed.errors));
    prepared.set(key, id);
  }
  const index = indexOf(against);
  const entity = index.tools.get(tool);
  const servers = [...new Set(entity?.parents.map((parent) => parent.id) ?? [])].flatMap((id) => {
    const server = index.servers.get(id);
    return server === undefined ? [] : [server];
  });
  const answer = cedar.statefulIsAuthorized({
    principal: { type: 'Client', id: 'user123' },
    action: { type: 'Action', id: 'call_tool' },
    resource: { type: 'Tool', id: tool },
    context: {},
    preparsedSchemaName: 'rclass-tools',
    validateRequest: true,
    preparsedPolicySetId: id,
    entities: [...servers, ...(entity === undefined ? [] : [entity])],
  });
  if (answer.type !== 'success') throw new Error(JSON.stringify(answer.errors));
  return { decision: answer.response.decision, errors: answer.response.diagnostics.errors };
}

describe('schema/rclass-tools.cedarschema and the cedar-entities export', () => {
  it('the schema parses, and the exported entities of the whole registry are valid against it', () => {
    expect(cedar.checkParseSchema(SCHEMA)).toEqual({ type: 'success' });
    expect(cedar.checkParseEntities({ entities, schema: SCHEMA })).toEqual({ type: 'success' });
  });

  it('policies on rclass, effects, disclosure and the server validate in strict mode', () => {
    const policies = {
      up_to_r1: UP_TO_R1,
      github_reads: 'permit (principal, action == Action::"call_tool", resource in MCP::"github") when { resource.rclass == 0 };',
      no_sends:
        'permit (principal, action == Action::"call_tool", resource) when { resource.rclass <= 2 && !resource.effects.contains("send") && !resource.disclosure };',
    };
    const result = cedar.validate({ schema: SCHEMA, policies: { staticPolicies: policies }, validationSettings: { mode: 'strict' } });
    expect(result.type).toBe('success');
    if (result.type === 'success') {
      expect(result.validationErrors).toEqual([]);
      expect(result.validationWarnings).toEqual([]);
    }
  });

  it('a policy on an attribute the export does not write fails validation', () => {
    const result = cedar.validate({
      schema: SCHEMA,
      policies: { staticPolicies: { p: 'permit (principal, action == Action::"call_tool", resource) when { resource.readOnlyHint };' } },
      validationSettings: { mode: 'strict' },
    });
    expect(result.type === 'success' && result.validationErrors.length > 0).toBe(true);
  });

  it('resource.rclass <= 1 permits exactly the tool names whose worst case is R0 or R1 in every record that lists them', () => {
    const worst = new Map<string, number>();
    for (const record of document.servers)
      for (const tool of record.tools) worst.set(tool.name, Math.max(worst.get(tool.name) ?? 0, classRank(worstCase(tool))));
    const wrong: string[] = [];
    for (const [name, rank] of worst) {
      const { decision, errors } = decide([UP_TO_R1], name);
      expect(errors).toEqual([]);
      if (decision !== (rank <= 1 ? 'allow' : 'deny')) wrong.push(`${name} R${rank} ${decision}`);
    }
    expect(wrong).toEqual([]);
    expect(worst.size).toBeGreaterThan(100);
  });

  it('denies a tool no record lists: with no entity, the attribute cannot be read and no permit applies', () => {
    expect(decide([UP_TO_R1], 'no_such_tool_xyz').decision).toBe('deny');
  });

  it('gives a name two records share the strictest values and both servers as parents', () => {
    const doc = buildDocument([syntheticRecord('alpha', [{ name: 'sync', class: 'R1' }]), syntheticRecord('beta', [{ name: 'sync', class: 'R4' }])]);
    const shared = JSON.parse(renderCedarEntities(doc)) as Entity[];
    const sync = shared.find((entity) => entity.uid.type === 'Tool' && entity.uid.id === 'sync')!;
    expect(sync.attrs).toMatchObject({ rclass: 4, baseRclass: 4, requiresReview: true });
    expect(sync.attrs.effects).toEqual(['delete', 'edit-restorable']);
    expect(sync.parents).toEqual([
      { type: 'MCP', id: 'alpha' },
      { type: 'MCP', id: 'beta' },
    ]);
    expect(decide([UP_TO_R1], 'sync', shared).decision).toBe('deny');
  });

  it("firecrawl's crawl, marked egress, has rclass 4 while its baseRclass is the record's class", () => {
    const crawl = entities.find((entity) => entity.uid.type === 'Tool' && entity.uid.id === 'firecrawl_crawl')!;
    const record = document.servers.find((entry) => entry.id === 'firecrawl')!.tools.find((tool) => tool.name === 'firecrawl_crawl')!;
    expect(crawl.attrs).toMatchObject({ rclass: 4, baseRclass: classRank(record.class), egress: true });
  });
});
