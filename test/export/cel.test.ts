/**
 * agentgateway `mcpAuthorization` in CEL (SPEC 8.4), checked with a real CEL
 * implementation (@marcbachmann/cel-js) under agentgateway's rule
 * semantics: for every registry tool, the rules allow exactly the tools at
 * or below the threshold.
 */
import { parse as parseCel } from '@marcbachmann/cel-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { classRank } from '../../src/core/classes.ts';
import type { RegistryDocument } from '../../src/core/record.ts';
import { buildDocument } from '../../src/core/registry.ts';
import { CEL_ALLOW_NOTHING, celRules, celString, renderCel } from '../../src/export/cel.ts';
import { planPolicy } from '../../src/export/plan.ts';
import type { Thresholds } from '../../src/core/policy.ts';
import { registryDocument, syntheticRecord, worstCase } from './registry.ts';

type Rule = { allow?: string; deny?: string; require?: string } | string;

/** cel-js's compiled form of each rule, parsed once: the whole-registry checks evaluate every rule for every tool (issue 30). */
const parsed = new Map<string, ReturnType<typeof parseCel>>();

/** The compiled expression (cel-js `parse`); throws as `parse` does on an expression it cannot compile, every time it is asked. */
function compiled(expression: string): ReturnType<typeof parseCel> {
  let evaluate = parsed.get(expression);
  if (evaluate === undefined) {
    evaluate = parseCel(expression);
    parsed.set(expression, evaluate);
  }
  return evaluate;
}

/**
 * agentgateway's evaluation, as documented for HTTP authorization and used
 * for MCP: no rules allow; a matching deny denies; a false require denies;
 * a matching allow allows; otherwise deny if any allow rule exists. A CEL
 * error counts as not matching (so a require fails closed).
 */
function agentgatewayAllows(rules: Rule[], target: string, tool: string): boolean {
  if (rules.length === 0) return true;
  const context = { mcp: { tool: { name: tool, target } } };
  const evaluate = (expression: string): boolean => {
    try {
      return compiled(expression)(context) === true;
    } catch {
      return false;
    }
  };
  const normal = rules.map((rule) => (typeof rule === 'string' ? { allow: rule } : rule));
  if (normal.some((rule) => rule.deny !== undefined && evaluate(rule.deny))) return false;
  if (normal.some((rule) => rule.require !== undefined && !evaluate(rule.require))) return false;
  if (normal.some((rule) => rule.allow !== undefined && evaluate(rule.allow))) return true;
  return !normal.some((rule) => rule.allow !== undefined);
}

function rulesOf(yamlText: string): Rule[] {
  const parsed = parseYaml(yamlText) as { mcpAuthorization: { rules: Rule[] } };
  return parsed.mcpAuthorization.rules;
}

let document: RegistryDocument;
beforeAll(async () => {
  document = await registryDocument();
});

for (const [label, thresholds, limit] of [
  ['default thresholds (allow up to R1)', {}, 'R1'],
  ['--allow-up-to R0', { allowUpTo: 'R0' }, 'R0'],
  ['--deny-from R4 (no effect: only allow rules)', { denyFrom: 'R4' }, 'R1'],
] as Array<[string, Thresholds, 'R0' | 'R1']>) {
  describe(`whole registry, ${label}`, () => {
    let rules: Rule[];
    beforeAll(() => {
      rules = rulesOf(renderCel(planPolicy(document, { generator: 'rclass test', thresholds })));
    });

    it('compiles every rule with cel-js and writes no deny or require rule', () => {
      for (const rule of rules) {
        expect(Object.keys(rule as object)).toEqual(['allow']);
        expect(() => parseCel((rule as { allow: string }).allow)).not.toThrow();
      }
    });

    it(`allows exactly the tools at or below ${limit}, for every registry tool`, () => {
      const wrong: string[] = [];
      let checked = 0;
      for (const record of document.servers) {
        for (const tool of record.tools) {
          checked += 1;
          const want = classRank(worstCase(tool)) <= classRank(limit);
          if (agentgatewayAllows(rules, record.id, tool.name) !== want) wrong.push(`${record.id}/${tool.name} ${tool.class}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(checked).toBe(document.totals.tools);
    });

    it('denies a tool name under a target it does not belong to, an unlisted tool, and an unknown target', () => {
      const allowedSomewhere = document.servers.flatMap((record) =>
        record.tools.filter((tool) => classRank(worstCase(tool)) <= classRank(limit)).map((tool) => ({ server: record.id, tool: tool.name })),
      );
      const sample = allowedSomewhere[0]!;
      const elsewhere = document.servers.find((record) => !record.tools.some((tool) => tool.name === sample.tool))!;
      expect(agentgatewayAllows(rules, elsewhere.id, sample.tool)).toBe(false);
      expect(agentgatewayAllows(rules, sample.server, 'no_such_tool_xyz')).toBe(false);
      expect(agentgatewayAllows(rules, 'no-such-target', sample.tool)).toBe(false);
    });
  });
}

describe('edge cases', () => {
  it('writes `allow: "false"` when nothing may run, because an empty rule list would allow everything', () => {
    const doc = buildDocument([
      syntheticRecord('loud', [
        { name: 'post', class: 'R4' },
        { name: 'charge', class: 'R2' },
      ]),
    ]);
    const rules = rulesOf(renderCel(planPolicy(doc, { generator: 'rclass test', thresholds: {} })));
    expect(rules).toEqual([{ allow: CEL_ALLOW_NOTHING }]);
    expect(agentgatewayAllows(rules, 'loud', 'post')).toBe(false);
    expect(agentgatewayAllows([], 'loud', 'post')).toBe(true);
  });

  it('quotes odd names so the expression still means the same thing', () => {
    const doc = buildDocument([
      syntheticRecord('odd', [
        { name: 'say "hi"\\now', class: 'R0' },
        { name: 'plain', class: 'R4' },
      ]),
    ]);
    const plan = planPolicy(doc, { generator: 'rclass test', thresholds: {}, servers: [{ name: 'we"ird', recordId: 'odd' }] });
    const rules = rulesOf(renderCel(plan));
    expect(rules).toEqual(celRules(plan));
    expect(agentgatewayAllows(rules, 'we"ird', 'say "hi"\\now')).toBe(true);
    expect(agentgatewayAllows(rules, 'we"ird', 'plain')).toBe(false);
    expect(celString('a\nb')).toBe('"a\\u000ab"');
  });

  it('leaves an unrecognised server out and says so in the header', () => {
    const doc = buildDocument([syntheticRecord('odd', [{ name: 'read', class: 'R0' }])]);
    const text = renderCel(
      planPolicy(doc, {
        generator: 'rclass test',
        thresholds: {},
        servers: [
          { name: 'mystery', unrecognised: 'no record names the npm package `x`' },
          { name: 'odd', recordId: 'odd' },
        ],
      }),
    );
    expect(text).toContain('# mystery: unrecognised (no record names the npm package `x`), so none of its tools is allowed.');
    expect(agentgatewayAllows(rulesOf(text), 'mystery', 'read')).toBe(false);
    expect(agentgatewayAllows(rulesOf(text), 'odd', 'read')).toBe(true);
  });
});
