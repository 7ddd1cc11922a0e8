/**
 * Cedar for Docker's MCP gateway (SPEC 8.3), checked with the real Cedar
 * engine: the output parses and validates against schema/mcp.cedarschema,
 * and for every registry tool an authorization request gives the decision
 * its class implies. Every `forbid` is shown to fire.
 */
import * as cedar from '@cedar-policy/cedar-wasm/nodejs';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { classRank } from '../../src/core/classes.ts';
import type { RegistryDocument } from '../../src/core/record.ts';
import { SPEC_VERSION, buildDocument } from '../../src/core/registry.ts';
import { CEDAR_ACTION, renderCedar } from '../../src/export/cedar.ts';
import { planPolicy, type ServerSelection } from '../../src/export/plan.ts';
import type { Thresholds } from '../../src/core/policy.ts';
import { lowestClass } from '../../src/core/policy.ts';
import { sampleRecords } from '../registry-sample.ts';
import { CRAWL, CRAWL_TIMEOUT, changedRecordIds } from '../site/sample.ts';
import { registryDocument, syntheticRecord, worstCase } from './registry.ts';

const SCHEMA = readFileSync(new URL('../../schema/mcp.cedarschema', import.meta.url), 'utf8');

type Outcome = 'permit' | 'approval' | 'deny';

/**
 * A compiled policy set. Every policy is checked to have exactly the shape
 * `resource in MCP::Server::"<s>" [&& resource.name == "<t>"]` with
 * `@id("rclass/<s>/<t or *>")`, so a request for a tool of server `s` can
 * only match policies of `s` (a tool's one parent is its server). The set
 * is therefore also prepared per server, which gives the same decisions as
 * the whole set and keeps the engine fast enough to ask about every tool;
 * the whole set is still asked about a sample.
 */
interface Compiled {
  wholeSetId: string;
  serverSetIds: Map<string, string>;
  policies: Record<string, string>;
  annotations: Map<string, Record<string, string>>;
  effects: Map<string, 'permit' | 'forbid'>;
}

let counter = 0;

type Json = Record<string, unknown>;

/** The server (and tool) a policy is scoped to, or an error naming the unexpected shape. */
function scopeOf(json: Json): { server: string; tool?: string } {
  const fail = (): never => {
    throw new Error(`unexpected policy shape: ${JSON.stringify(json)}`);
  };
  const conditions = json.conditions as Json[];
  if (conditions.length !== 1 || conditions[0]!.kind !== 'when') fail();
  if (JSON.stringify(json.principal) !== '{"op":"All"}' || JSON.stringify(json.resource) !== '{"op":"All"}') fail();
  if (JSON.stringify(json.action) !== '{"op":"==","entity":{"type":"MCP::Action","id":"invokeTool"}}') fail();
  const body = conditions[0]!.body as Json;
  const serverOf = (expr: Json): string => {
    const inner = expr.in as { left: Json; right: { Value: { __entity: { type: string; id: string } } } } | undefined;
    if (inner === undefined || JSON.stringify(inner.left) !== '{"Var":"resource"}' || inner.right.Value?.__entity?.type !== 'MCP::Server') fail();
    return inner!.right.Value.__entity.id;
  };
  if ('in' in body) return { server: serverOf(body) };
  const and = body['&&'] as { left: Json; right: Json } | undefined;
  if (and === undefined) return fail();
  const eq = and.right['=='] as { left: Json; right: { Value: unknown } } | undefined;
  if (eq === undefined || JSON.stringify(eq.left) !== '{".":{"left":{"Var":"resource"},"attr":"name"}}' || typeof eq.right.Value !== 'string') fail();
  return { server: serverOf(and.left), tool: eq!.right.Value as string };
}

function prepare(policies: Record<string, string>): string {
  counter += 1;
  const setId = `set${counter}`;
  const prepared = cedar.preparsePolicySet(setId, { staticPolicies: policies });
  if (prepared.type !== 'success') throw new Error(JSON.stringify(prepared.errors));
  return setId;
}

function compile(text: string): Compiled {
  const parts = cedar.policySetTextToParts(text);
  if (parts.type !== 'success') throw new Error(JSON.stringify(parts.errors));
  const policies: Record<string, string> = {};
  const byServer = new Map<string, Record<string, string>>();
  const annotations = new Map<string, Record<string, string>>();
  const effects = new Map<string, 'permit' | 'forbid'>();
  for (const policy of parts.policies) {
    const json = cedar.policyToJson(policy);
    if (json.type !== 'success') throw new Error(JSON.stringify(json.errors));
    const id = json.json.annotations?.id;
    if (id === undefined) throw new Error(`policy without @id: ${policy}`);
    expect(Object.hasOwn(policies, id), `duplicate id ${id}`).toBe(false);
    const scope = scopeOf(json.json as unknown as Json);
    expect(id).toBe(`rclass/${scope.server}/${scope.tool ?? '*'}`);
    policies[id] = policy;
    const group = byServer.get(scope.server) ?? {};
    group[id] = policy;
    byServer.set(scope.server, group);
    annotations.set(id, json.json.annotations ?? {});
    effects.set(id, json.json.effect);
  }
  const serverSetIds = new Map([...byServer].map(([server, group]) => [server, prepare(group)]));
  return { wholeSetId: prepare(policies), serverSetIds, policies, annotations, effects };
}

beforeAll(() => {
  const schema = cedar.preparseSchema('mcp', SCHEMA);
  if (schema.type !== 'success') throw new Error(JSON.stringify(schema.errors));
});

/**
 * Ask the engine about one call of `tool` on the server registered as
 * `server`; approval = a determining permit carries @requireApproval.
 * @param whole ask the whole policy set instead of the server's part
 */
function authorize(compiled: Compiled, server: string, tool: string, whole = false): { outcome: Outcome; reason: string[] } {
  const resource = { type: 'MCP::Tool', id: `${server}/${tool}` };
  const setId = whole ? compiled.wholeSetId : compiled.serverSetIds.get(server);
  if (setId === undefined) return { outcome: 'deny', reason: [] };
  const answer = cedar.statefulIsAuthorized({
    principal: { type: 'MCP::User', id: 'alice' },
    action: { type: 'MCP::Action', id: 'invokeTool' },
    resource,
    context: {},
    preparsedSchemaName: 'mcp',
    validateRequest: true,
    preparsedPolicySetId: setId,
    entities: [
      {
        uid: { type: 'MCP::Server', id: server },
        attrs: { type: 'local-stdio', identityURL: `local://stdio/${server}`, requiresOAuth: false, requiresNetwork: false, command: '', args: [] },
        parents: [],
      },
      {
        uid: resource,
        attrs: { name: tool, readOnly: false, destructive: true, idempotent: false, openWorld: true },
        parents: [{ type: 'MCP::Server', id: server }],
      },
    ],
  });
  if (answer.type !== 'success') throw new Error(JSON.stringify(answer.errors));
  expect(answer.response.diagnostics.errors).toEqual([]);
  const reason = answer.response.diagnostics.reason;
  if (answer.response.decision === 'deny') return { outcome: 'deny', reason };
  const approval = reason.some((id) => compiled.annotations.get(id)?.requireApproval !== undefined);
  return { outcome: approval ? 'approval' : 'permit', reason };
}

/** Validate a policy set in strict mode; pass the {@link Compiled} form when the caller has it, so it is not parsed and prepared twice. */
function validate(source: string | Compiled): void {
  const compiled = typeof source === 'string' ? compile(source) : source;
  const result = cedar.validate({ schema: SCHEMA, policies: { staticPolicies: compiled.policies }, validationSettings: { mode: 'strict' } });
  expect(result.type).toBe('success');
  if (result.type === 'success') {
    // validate() reports success even with validation errors; they are in validationErrors.
    expect(result.validationErrors).toEqual([]);
    expect(result.validationWarnings).toEqual([]);
  }
}

function expected(base: string, lowest: string, thresholds: Thresholds): Outcome {
  const rank = (c: string) => classRank(c as 'R0');
  if (thresholds.denyFrom !== undefined && rank(base) >= rank(thresholds.denyFrom) && rank(lowest) >= rank(thresholds.denyFrom)) return 'deny';
  if (rank(base) <= rank(thresholds.allowUpTo ?? 'R1')) return 'permit';
  return 'approval';
}

let document: RegistryDocument;
beforeAll(async () => {
  document = await registryDocument();
  expect(document.totals.tools).toBeGreaterThan(100);
});

describe('schema/mcp.cedarschema', () => {
  it('parses as a Cedar schema', () => {
    expect(cedar.checkParseSchema(SCHEMA)).toEqual({ type: 'success' });
  });
});

/**
 * The records every threshold variant asks about: every record in the crawl tier; in `npm test` the records
 * holding the first tool of every kind, the largest record and the changed ones (test/registry-sample.ts), so the
 * cost does not grow with the registry (issue 30). The threshold logic depends on a tool's class, not on its
 * server, and every kind of tool occurs in the sample. The stricter variants used a second sample of their own
 * (every tenth server and the two largest) until issue 30; one sample now serves all three.
 */
let checkedDocument: RegistryDocument;
/** The records of {@link checkedDocument} chosen by the sample alone, also in the crawl tier: those the whole policy set is asked about. */
let sampled: RegistryDocument;
beforeAll(() => {
  sampled = sampleRecords(document, changedRecordIds());
  checkedDocument = CRAWL ? document : sampled;
  expect(new Set(checkedDocument.servers.flatMap((record) => record.tools.map((tool) => tool.class))).size).toBe(5);
});

for (const [label, thresholds] of [
  ['default thresholds', {}],
  ['--deny-from R4', { denyFrom: 'R4' }],
  ['--deny-from R3 --allow-up-to R0', { denyFrom: 'R3', allowUpTo: 'R0' }],
] as Array<[string, Thresholds]>) {
  describe(`registry, ${label}, ${CRAWL ? 'every server' : 'a record of every kind of tool (every server with RCLASS_CRAWL=1)'}`, () => {
    let compiled: Compiled;
    beforeAll(() => {
      compiled = compile(renderCedar(planPolicy(checkedDocument, { generator: 'rclass test', thresholds })));
    }, CRAWL_TIMEOUT);

    it('validates in strict mode against schema/mcp.cedarschema', () => {
      validate(compiled);
    });

    it(
      'gives every registry tool the decision its base class implies',
      () => {
        const mismatches: string[] = [];
        let checked = 0;
        for (const record of checkedDocument.servers) {
          for (const tool of record.tools) {
            const want = expected(worstCase(tool), lowestClass(tool), thresholds);
            const got = authorize(compiled, record.id, tool.name);
            checked += 1;
            if (got.outcome !== want) mismatches.push(`${record.id}/${tool.name} ${tool.class}: want ${want}, got ${got.outcome}`);
            if (got.outcome !== 'deny') expect(got.reason).toEqual([`rclass/${record.id}/${tool.name}`]);
          }
        }
        expect(mismatches).toEqual([]);
        expect(checked).toBe(checkedDocument.totals.tools);
      },
      CRAWL_TIMEOUT,
    );

    it('gives the same decisions with the whole policy set, for the first and last tool of every sampled server', () => {
      for (const record of sampled.servers) {
        for (const tool of [record.tools[0]!, record.tools.at(-1)!]) {
          expect(authorize(compiled, record.id, tool.name, true), `${record.id}/${tool.name}`).toEqual(authorize(compiled, record.id, tool.name));
        }
      }
    });

    it('denies, with the whole set, a tool the record does not list, a server the registry does not know, and a tool name under another server', () => {
      const first = document.servers[0]!;
      expect(authorize(compiled, first.id, 'no_such_tool_xyz', true).outcome).toBe('deny');
      expect(authorize(compiled, 'no-such-server', first.tools[0]!.name, true).outcome).toBe('deny');
      const second = document.servers[1]!;
      const foreign = first.tools.find((tool) => !second.tools.some((other) => other.name === tool.name))!;
      expect(authorize(compiled, second.id, foreign.name, true).outcome).toBe('deny');
    });

    it('fires every forbid it writes', () => {
      const forbids = [...compiled.effects].filter(([, effect]) => effect === 'forbid').map(([id]) => id);
      if (thresholds.denyFrom === undefined) expect(forbids).toEqual([]);
      else expect(forbids.length).toBeGreaterThan(0);
      for (const id of forbids) {
        const [, server, tool] = id.split('/') as [string, string, string];
        const got = authorize(compiled, server, tool);
        expect(got.outcome, id).toBe('deny');
        expect(got.reason, id).toContain(id);
      }
    });
  });
}

describe('edge cases', () => {
  const odd = syntheticRecord('odd', [
    { name: 'quote"and\\backslash', class: 'R0' },
    { name: 'restore', class: 'R1' },
    { name: 'wipe', class: 'R4', lowest: 'R0' },
    { name: 'post', class: 'R4' },
  ]);
  const doc = buildDocument([odd]);

  it('escapes quotes and backslashes in names and annotations, and still authorizes them', () => {
    const text = renderCedar(planPolicy(doc, { generator: 'rclass test', thresholds: {} }));
    validate(text);
    const compiled = compile(text);
    expect(authorize(compiled, 'odd', 'quote"and\\backslash').outcome).toBe('permit');
    expect(compiled.annotations.get('rclass/odd/post')?.requireApproval).toBe('R4 Irreversible (rclass, draft record): Tool post is R4 "for a test".');
  });

  it('keeps an argument-dependent tool on the approval side under --deny-from, and forbids the rest', () => {
    const compiled = compile(renderCedar(planPolicy(doc, { generator: 'rclass test', thresholds: { denyFrom: 'R4' } })));
    expect(authorize(compiled, 'odd', 'wipe').outcome).toBe('approval');
    expect(compiled.annotations.get('rclass/odd/wipe')?.requireApproval).toContain('some arguments make it R0, which only a per-call check can see');
    expect(authorize(compiled, 'odd', 'post')).toEqual({ outcome: 'deny', reason: ['rclass/odd/post'] });
  });

  it('sends R1 to approval with --allow-up-to R0', () => {
    const compiled = compile(renderCedar(planPolicy(doc, { generator: 'rclass test', thresholds: { allowUpTo: 'R0' } })));
    expect(authorize(compiled, 'odd', 'restore').outcome).toBe('approval');
  });

  it('names config servers, leaves an unrecognised server to the default deny, and forbids it outright with --deny-from', () => {
    const servers: ServerSelection[] = [
      { name: 'my odd', recordId: 'odd' },
      { name: 'mystery', unrecognised: 'runs `node`, not a package launcher' },
    ];
    const plain = renderCedar(planPolicy(doc, { generator: 'rclass test', thresholds: {}, servers, source: 'mcp.json' }));
    validate(plain);
    expect(plain).toContain('// mystery: unrecognised, so every tool counts as R4 (runs `node`, not a package launcher)');
    expect(authorize(compile(plain), 'my odd', 'restore').outcome).toBe('permit');
    expect(authorize(compile(plain), 'mystery', 'anything').outcome).toBe('deny');
    const strict = renderCedar(planPolicy(doc, { generator: 'rclass test', thresholds: { denyFrom: 'R4' }, servers, source: 'mcp.json' }));
    validate(strict);
    const compiled = compile(strict);
    expect(authorize(compiled, 'mystery', 'anything')).toEqual({ outcome: 'deny', reason: ['rclass/mystery/*'] });
    expect(authorize(compiled, 'mystery', 'anything', true)).toEqual({ outcome: 'deny', reason: ['rclass/mystery/*'] });
  });

  it('is deterministic and names the generator, spec version and totals in its header', () => {
    const a = renderCedar(planPolicy(doc, { generator: 'rclass 9.9.9', thresholds: {} }));
    expect(a).toBe(renderCedar(planPolicy(doc, { generator: 'rclass 9.9.9', thresholds: {} })));
    expect(a.split('\n')[1]).toBe(`// Generated by rclass 9.9.9 from the Reversibility Classes registry (SPEC ${SPEC_VERSION}): 1 servers, 4 tools.`);
    expect(a).toContain(`action == ${CEDAR_ACTION}`);
  });
});
