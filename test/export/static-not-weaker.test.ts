/**
 * Property (SPEC 8.1, 9): for every registry tool (a sample of them in
 * `npm test`, every one in `npm run test:crawl`: test/registry-sample.ts)
 * and every static format,
 * the exported decision is never more permissive than the hook's decision
 * for any call of that tool in any session. Each format's output is read
 * back as its enforcement point reads it (JSON lists, Cedar policy ids and
 * annotations, agentgateway rules through a real CEL evaluator), and the
 * hook's decision comes from the same classifier and thresholds the hook
 * uses, with a session that has or has not read, an egress allowlist, and
 * generated arguments (URLs among them).
 *
 * Permissiveness: `allow` (runs with no one asked) < no decision (the
 * client's own default) < ask or deny (never runs without a person).
 * Ask and deny count alike: SPEC 8.1 sends a tool whose rules can lower
 * it below `--deny-from` to approval rather than deny, so the per-call
 * decision stays possible where the enforcement point can ask.
 */
import { parse as parseCel } from '@marcbachmann/cel-js';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { Classifier } from '../../src/core/classify.ts';
import { type Thresholds, gatewayThresholds } from '../../src/core/policy.ts';
import type { RegistryDocument } from '../../src/core/record.ts';
import { Registry } from '../../src/core/registry.ts';
import { Session } from '../../src/core/session.ts';
import { renderCedar } from '../../src/export/cedar.ts';
import { renderToolHive, toolhivePolicy, type ToolHiveConfig } from '../../src/export/cedar-toolhive.ts';
import { renderCel } from '../../src/export/cel.ts';
import { claudeToolName, renderClaudeSettings } from '../../src/export/claude-settings.ts';
import { cursorToolToken, renderCursorCli } from '../../src/export/cursor-cli.ts';
import { planPolicy } from '../../src/export/plan.ts';
import { cedarPolicyId } from '../../src/export/cedar.ts';
import { decisionFor } from '../../src/hook/decide.ts';
import { CRAWL, CRAWL_TIMEOUT, changedRecordIds } from '../site/sample.ts';
import { sampleTools, toolKind } from '../registry-sample.ts';
import { registryDocument } from './registry.ts';

type Level = 0 | 1 | 2;
const ALLOW: Level = 0;
const DEFAULT: Level = 1;
const HUMAN: Level = 2;

const FORMATS = ['cedar', 'cedar-toolhive', 'cel', 'claude-settings', 'cursor-cli'] as const;
type Format = (typeof FORMATS)[number];
/** The gateways deny what no policy permits, so their exports (and the hook compared with them) use gatewayThresholds. */
const GATEWAY = new Set<Format>(['cedar', 'cedar-toolhive', 'cel']);

const THRESHOLDS: Thresholds[] = [];
for (const allowUpTo of [undefined, 'R0', 'R1'] as const) {
  for (const denyFrom of [undefined, 'R2', 'R3', 'R4'] as const) {
    const t: Thresholds = {};
    if (allowUpTo !== undefined) t.allowUpTo = allowUpTo;
    if (denyFrom !== undefined) t.denyFrom = denyFrom;
    THRESHOLDS.push(t);
  }
}

/** A reader of one rendered export: the level it gives `server/tool`. */
type Reader = (server: string, tool: string) => Level;

function cedarReader(text: string): Reader {
  const levels = new Map<string, Level>();
  for (const match of text.matchAll(/^@id\("((?:[^"\\]|\\.)*)"\)\n(@requireApproval\(.*\)\n)?(permit|forbid) /gm)) {
    levels.set(JSON.parse(`"${match[1]!}"`) as string, match[3] === 'forbid' || match[2] !== undefined ? HUMAN : ALLOW);
  }
  // Docker's gateway denies what no policy permits.
  return (server, tool) => levels.get(cedarPolicyId(server, tool)) ?? HUMAN;
}

function toolhiveReader(text: string): Reader {
  const policies = new Set((JSON.parse(text) as ToolHiveConfig).cedar.policies);
  return (_server, tool) => (policies.has(toolhivePolicy('permit', tool)) && !policies.has(toolhivePolicy('forbid', tool)) ? ALLOW : HUMAN);
}

function celReader(text: string): Reader {
  const rules = (parseYaml(text) as { mcpAuthorization: { rules: Array<{ allow: string }> } }).mcpAuthorization.rules;
  const compiled = rules.map((rule) => parseCel(rule.allow));
  // The level depends on the target and tool name only; each pair's rules are evaluated once, not once per generated call.
  const levels = new Map<string, Level>();
  return (server, tool) => {
    const key = JSON.stringify([server, tool]);
    let level = levels.get(key);
    if (level === undefined) {
      const context = { mcp: { tool: { name: tool, target: server } } };
      level = compiled.some((evaluate) => {
        try {
          return evaluate(context) === true;
        } catch {
          return false;
        }
      })
        ? ALLOW
        : HUMAN;
      levels.set(key, level);
    }
    return level;
  };
}

function claudeReader(text: string): Reader {
  const lists = (JSON.parse(text) as { permissions: { allow: string[]; ask: string[]; deny: string[] } }).permissions;
  const [allow, ask, deny] = [new Set(lists.allow), new Set(lists.ask), new Set(lists.deny)];
  return (server, tool) => {
    const name = claudeToolName(server, tool);
    if (deny.has(name) || ask.has(name)) return HUMAN;
    return allow.has(name) ? ALLOW : DEFAULT;
  };
}

/** Cursor's CLI has no ask list: a tool on neither list stays on Cursor's default, which asks before an MCP tool runs (SPEC 8.6). */
function cursorReader(text: string): Reader {
  const allow = new Set((JSON.parse(text) as { permissions: { allow: string[]; deny: string[] } }).permissions.allow);
  return (server, tool) => (allow.has(cursorToolToken(server, tool)) ? ALLOW : HUMAN);
}

let document: RegistryDocument;
let classifier: Classifier;
const readers = new Map<string, Reader>();

function reader(format: Format, index: number): Reader {
  const key = `${format} ${index}`;
  let found = readers.get(key);
  if (found === undefined) {
    const plan = planPolicy(document, { generator: 'rclass test', thresholds: THRESHOLDS[index]! });
    switch (format) {
      case 'cedar':
        found = cedarReader(renderCedar(plan));
        break;
      case 'cedar-toolhive':
        found = toolhiveReader(renderToolHive(plan));
        break;
      case 'cel':
        found = celReader(renderCel(plan));
        break;
      case 'claude-settings':
        found = claudeReader(renderClaudeSettings(plan));
        break;
      case 'cursor-cli':
        found = cursorReader(renderCursorCli(plan));
        break;
    }
    readers.set(key, found);
  }
  return found;
}

const HOOK_LEVEL = { allow: ALLOW, none: DEFAULT, ask: HUMAN, deny: HUMAN } as const;

beforeAll(async () => {
  document = await registryDocument();
  classifier = new Classifier(Registry.fromDocument(document));
});

/** Argument values: URLs on and off a small allowlist, host:port text, and any JSON. */
const value = fc.oneof(
  fc.webUrl(),
  fc.constantFrom('https://docs.python.org/3/', 'https://evil.example/?d=x', 'evil.example:443', '', 'SELECT 1', 'DROP TABLE users'),
  fc.jsonValue({ maxDepth: 2 }),
);

describe('static exports are never more permissive than the hook (SPEC 8.1, 9)', () => {
  it('regression: fetch/fetch and playwright/browser_navigate are not allowed by any static format, since the hook asks for them after a read', () => {
    for (const [server, tool] of [
      ['fetch', 'fetch'],
      ['playwright', 'browser_navigate'],
    ] as const) {
      for (const format of FORMATS) {
        for (let index = 0; index < THRESHOLDS.length; index += 1) {
          expect.soft(reader(format, index)(server, tool), `${format} ${JSON.stringify(THRESHOLDS[index])} ${server}/${tool}`).not.toBe(ALLOW);
        }
      }
    }
  });

  // Every registry tool in the crawl tier; in `npm test` the first tool of every kind, the largest record's tools and
  // the changed records' tools (test/registry-sample.ts). The exports read back are always the whole registry's.
  it(
    `holds for ${CRAWL ? 'every registry tool' : 'a sample of registry tools (every tool with RCLASS_CRAWL=1)'}, every format and thresholds, over generated sessions and arguments`,
    async () => {
      expect(document.servers.flatMap((record) => record.tools).length).toBeGreaterThan(1000);
      const tools = CRAWL
        ? document.servers.flatMap((record) => record.tools.map((tool) => ({ server: record.id, tool })))
        : sampleTools(document, changedRecordIds());
      expect(new Set(tools.map(({ tool }) => toolKind(tool)))).toEqual(new Set(document.servers.flatMap((record) => record.tools.map(toolKind))));
      for (const { server } of tools) await classifier.prepare(server, '');
      for (const { server, tool } of tools) await classifier.prepare(server, tool.name);
      const wrong: string[] = [];
      for (const { server, tool } of tools) {
        const keys = [
          ...(tool.egress?.destination ?? []),
          ...(tool.rules ?? []).flatMap(
            (rule) =>
              JSON.stringify(rule.when)
                .match(/"arg":"([^"]+)"/g)
                ?.map((m) => m.slice(7, -1)) ?? [],
          ),
          'url',
          'sql',
        ];
        const outcome = fc.check(
          fc.property(
            fc.nat(THRESHOLDS.length - 1),
            fc.boolean(),
            fc.subarray(['docs.python.org', 'example.com', 'github.com']),
            fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 4 }),
            (index, hasRead, egressAllow, args) => {
              const session = new Session({ hasRead, egressAllow });
              const cls = classifier.check(server, tool.name, args, { session }).class;
              for (const format of FORMATS) {
                const thresholds = GATEWAY.has(format) ? gatewayThresholds(THRESHOLDS[index]!) : THRESHOLDS[index]!;
                const hook = HOOK_LEVEL[decisionFor(cls, thresholds)];
                const exported = reader(format, index)(server, tool.name);
                if (exported < hook) {
                  wrong.push(
                    `${format} ${JSON.stringify(THRESHOLDS[index])}: ${server}/${tool.name} exported ${exported}, hook ${hook} (${cls}) for ${JSON.stringify(args)} hasRead=${hasRead}`,
                  );
                  return false;
                }
              }
              return true;
            },
          ),
          { numRuns: 12, seed: 15 },
        );
        if (outcome.failed && wrong.length > 20) break;
      }
      expect(wrong).toEqual([]);
    },
    CRAWL_TIMEOUT,
  );
});
