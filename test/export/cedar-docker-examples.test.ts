/**
 * schema/mcp.cedarschema accepts Docker's own documented MCP policies
 * (SPEC 8.3): the example statements of Docker Sandboxes' MCP access and
 * policy reference pages, kept as data with their source in
 * test/fixtures/docker-cedar/examples.json, validated in strict mode with the
 * real Cedar engine. The one example on `context.args` stays outside the
 * schema, since any tool's arguments cannot be typed.
 */
import { readFileSync } from 'node:fs';
import * as cedar from '@cedar-policy/cedar-wasm/nodejs';
import { describe, expect, it } from 'vitest';

const SCHEMA = readFileSync(new URL('../../schema/mcp.cedarschema', import.meta.url), 'utf8');
const EXAMPLES = JSON.parse(readFileSync(new URL('../fixtures/docker-cedar/examples.json', import.meta.url), 'utf8')) as {
  source: string;
  validates: Array<{ page: string; policy: string }>;
};

/** Strict validation errors of one policy against the schema. */
function errorsOf(policy: string): string[] {
  const result = cedar.validate({ schema: SCHEMA, policies: { staticPolicies: policy }, validationSettings: { mode: 'strict' } });
  if (result.type !== 'success') return result.errors.map((error) => error.message);
  return result.validationErrors.map((error) => error.error.message);
}

describe("Docker's documented MCP policies against schema/mcp.cedarschema (SPEC 8.3)", () => {
  it('has the 14 statements of the two pages, each parsing as Cedar', () => {
    expect(EXAMPLES.validates).toHaveLength(14);
    for (const { policy } of EXAMPLES.validates) expect(cedar.checkParsePolicySet({ staticPolicies: policy })).toEqual({ type: 'success' });
  });

  for (const [i, { page, policy }] of EXAMPLES.validates.entries()) {
    it(`regression: example ${i + 1} (${page}) validates in strict mode`, () => {
      expect(errorsOf(policy)).toEqual([]);
    });
  }
});
