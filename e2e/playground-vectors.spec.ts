/**
 * The playground gives the same answers as the CLI. Every classification
 * case of the conformance vectors is run twice: in this test process with
 * the classifier core (src/core, as `rclass` and the vitest conformance
 * suite run it), and in Chromium through the playground's own bundle
 * (`window.rclassPlayground`, the engine the page uses). Class, source, rule
 * and policy must agree for every case, and so must the rest of the answer
 * (rationale, rule outcomes with each condition, notes).
 *
 * The playground classifies against a slimmed copy of registry.json; a
 * second test checks that the copy classifies every tool of the registry
 * exactly as the full document does in Node.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './tab.ts';
import {
  Classifier,
  Registry,
  Session,
  type Classification,
  type DeploymentOverride,
  type PreimageCapture,
  type Predicate,
  type ServerRecord,
  loadAwsOperations,
} from '../src/core/index.ts';
import { loadSqlParser } from '../src/core/sql/index.ts';
import { ROOT, readRegistry } from './support.ts';

interface Call {
  server: string;
  tool: string;
  arguments: unknown;
}
interface ClassificationCase {
  id: string;
  registry: string[];
  call: Call;
  server_version?: string | null;
  session?: { prior_calls: Call[]; egress_allow: string[] };
  deployment?: { overrides: DeploymentOverride[]; capture?: PreimageCapture };
  expect: { class: string; source: string; rule?: string; policy: string };
}
interface Vectors {
  records: Record<string, ServerRecord>;
  classification: ClassificationCase[];
}

const vectors = JSON.parse(readFileSync(join(ROOT, 'conformance/vectors.json'), 'utf8')) as Vectors;

/** The four fields the specification fixes for a conforming answer. */
const core = (c: Classification) => ({ class: c.class, source: c.source, rule: c.rule, policy: c.policy });

/** One case in Node, the way test/conformance/vectors.test.ts runs it. */
function inNode(c: ClassificationCase): Classification {
  const registry = Registry.fromRecords(c.registry.map((name) => vectors.records[name]!));
  const capture = c.deployment?.capture;
  const classifier = new Classifier(registry, {
    overrides: c.deployment?.overrides ?? [],
    ...(capture !== undefined ? { capturePreimage: () => capture } : {}),
  });
  let session: Session | undefined;
  if (c.session !== undefined) {
    session = new Session({ egressAllow: c.session.egress_allow });
    for (const prior of c.session.prior_calls) session.record(classifier.check(prior.server, prior.tool, prior.arguments, { session }));
  }
  const options = { ...(session !== undefined ? { session } : {}), ...('server_version' in c ? { serverVersion: c.server_version } : {}) };
  return classifier.check(c.call.server, c.call.tool, c.call.arguments, options);
}

async function openPlayground(page: Page): Promise<void> {
  await page.goto('playground/');
  await page.waitForFunction(() => window.rclassPlayground !== undefined);
  await page.evaluate(() => window.rclassPlayground!.ready);
}

// The lazily loaded parts of the core, loaded as test/conformance/harness.ts loads them.
test.beforeAll(async () => {
  await loadSqlParser();
  await loadAwsOperations();
});

test('every conformance vector classifies the same in the browser bundle as in Node', async ({ page }) => {
  expect(vectors.classification.length).toBeGreaterThanOrEqual(52);
  await openPlayground(page);
  const inBrowser = await page.evaluate(async (v: Vectors) => {
    const api = window.rclassPlayground!;
    const out: Record<string, Classification> = {};
    for (const c of v.classification) {
      const scenario = {
        call: c.call,
        ...(c.session !== undefined ? { session: { steps: c.session.prior_calls, egressAllow: c.session.egress_allow } } : {}),
        ...('server_version' in c ? { serverVersion: c.server_version } : {}),
        overrides: c.deployment?.overrides ?? [],
        ...(c.deployment?.capture !== undefined ? { capture: c.deployment.capture } : {}),
      };
      out[c.id] = (
        await api.evaluateWith(
          c.registry.map((name) => v.records[name]!),
          scenario,
        )
      ).result;
    }
    return out;
  }, vectors);

  let compared = 0;
  for (const c of vectors.classification) {
    const node = inNode(c);
    const browser = inBrowser[c.id];
    expect(browser, `${c.id}: the browser answered`).toBeDefined();
    expect.soft(core(browser!), `${c.id}: class, source, rule and policy`).toEqual(core(node));
    expect.soft(browser, `${c.id}: the whole classification`).toEqual(node);
    // The Node answer is itself the expected one, so both sides are right, not just alike.
    expect
      .soft(
        { class: node.class, source: node.source, policy: node.policy, ...(c.expect.rule !== undefined ? { rule: node.rule } : {}) },
        `${c.id}: Node matches the vector`,
      )
      .toEqual(c.expect);
    compared += 1;
  }
  expect(compared).toBe(vectors.classification.length);
  test.info().annotations.push({ type: 'vectors', description: `${compared} classification cases compared, browser against Node` });
});

/** JSON with object keys sorted, so two answers compare by content, not by key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Arguments that exercise a tool's rules: none, and each rule's conditions met one at a time. */
function probes(rules: ServerRecord['tools'][number]['rules']): unknown[] {
  const sample = (predicate: Predicate): [string, unknown] | undefined => {
    if ('equals' in predicate) return [predicate.equals.arg, predicate.equals.value];
    if ('one_of' in predicate) return [predicate.one_of.arg, predicate.one_of.values[0]];
    if ('sql_read_only' in predicate) return [predicate.sql_read_only.arg, 'SELECT 1'];
    if ('url_host_in' in predicate) return [predicate.url_host_in.arg, `https://${predicate.url_host_in.hosts[0]}/x`];
    return undefined;
  };
  const out: unknown[] = [{}];
  for (const rule of rules ?? []) {
    const args: Record<string, unknown> = {};
    for (const predicate of rule.when) {
      const pair = sample(predicate);
      if (pair) args[pair[0]] = pair[1];
    }
    out.push(args);
  }
  return out;
}

test('the playground’s slimmed registry classifies every tool as the full registry.json does', async ({ page }) => {
  const document = readRegistry();
  const registry = Registry.fromDocument(document);
  const classifier = new Classifier(registry);
  const calls: Call[] = document.servers.flatMap((record) =>
    record.tools.flatMap((tool) => probes(tool.rules).map((args) => ({ server: record.id, tool: tool.name, arguments: args }))),
  );
  await openPlayground(page);
  const inBrowser = await page.evaluate(async (list: Call[]) => {
    const api = window.rclassPlayground!;
    const out: Classification[] = [];
    for (const call of list) out.push((await api.evaluate({ call })).result);
    return out;
  }, calls);
  const differences: string[] = [];
  calls.forEach((call, i) => {
    const node = classifier.check(call.server, call.tool, call.arguments);
    if (canonical(node) !== canonical(inBrowser[i])) differences.push(`${call.server} ${call.tool} ${JSON.stringify(call.arguments)}`);
  });
  expect(differences.slice(0, 10)).toEqual([]);
  expect(inBrowser).toHaveLength(calls.length);
});
