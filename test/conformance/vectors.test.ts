/**
 * Runs every conformance vector (SPEC 11) through the reference classifier
 * and validator: classification cases must give the expected class, source,
 * rule and policy; invalid records must be rejected by the named check;
 * derivation cases must give the expected class and disclosure from their
 * effects alone (SPEC 2.9).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Classifier, Registry, Session, loadRuleDataForTests, type DeploymentOverride, type ServerRecord } from './harness.ts';
import { inlineSource } from '../../src/records/source.ts';
import { validateSources } from '../../src/records/validate.ts';
import { EFFECT_IDS, deriveClass, isDisclosure } from '../../src/core/effects.ts';

interface Call {
  server: string;
  tool: string;
  arguments: unknown;
}
interface ClassificationCase {
  id: string;
  section: string;
  description: string;
  registry: string[];
  call: Call;
  server_version?: string | null;
  session?: { prior_calls: Call[]; egress_allow: string[] };
  deployment?: { overrides: DeploymentOverride[]; capture?: { captured: boolean; ref?: string; detail?: string } };
  expect: { class: string; source: string; rule?: string; policy: string };
}
interface InvalidCase {
  id: string;
  section: string;
  description: string;
  record: unknown;
  file?: string;
  expect: { check: string };
}
interface DerivationCase {
  id: string;
  section: string;
  description: string;
  effects: string[];
  expect: { class: string; disclosure: boolean };
}
interface Vectors {
  spec_version: string;
  records: Record<string, ServerRecord>;
  classification: ClassificationCase[];
  invalid_records: InvalidCase[];
  derivation: DerivationCase[];
}

const vectors = JSON.parse(readFileSync(new URL('../../conformance/vectors.json', import.meta.url), 'utf8')) as Vectors;

beforeAll(async () => {
  await loadRuleDataForTests();
});

describe('conformance vectors: classification', () => {
  it('has at least 52 classification cases, each citing a section', () => {
    expect(vectors.classification.length).toBeGreaterThanOrEqual(52);
    for (const c of vectors.classification) expect(c.section).toMatch(/^\d+(\.\d+)*(,\d+(\.\d+)*)*$/);
  });

  for (const c of vectors.classification) {
    it(`${c.id} (SPEC ${c.section})`, () => {
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
      const got = classifier.check(c.call.server, c.call.tool, c.call.arguments, options);
      expect({ class: got.class, source: got.source, policy: got.policy, ...(c.expect.rule !== undefined ? { rule: got.rule } : {}) }).toEqual(c.expect);
      if (c.expect.rule === undefined) expect(got.rule).toBeUndefined();
    });
  }
});

describe('conformance vectors: invalid records', () => {
  it('has at least 9 invalid records', () => {
    expect(vectors.invalid_records.length).toBeGreaterThanOrEqual(9);
  });

  for (const c of vectors.invalid_records) {
    it(`${c.id} is rejected by [${c.expect.check}] (SPEC ${c.section})`, () => {
      const id = (c.record as { id?: string }).id ?? 'record';
      const { problems, records } = validateSources([inlineSource(c.file ?? `registry/${id}.yaml`, c.record)]);
      expect(records).toEqual([]);
      expect(problems.map((p) => p.check)).toContain(c.expect.check);
    });
  }

  it('every inline record of the classification cases is itself valid', () => {
    const sources = Object.entries(vectors.records).map(([name, record]) => inlineSource(`registry/${name}.yaml`, record));
    const { problems } = validateSources(sources);
    expect(problems).toEqual([]);
  });
});

describe('conformance vectors: derivation (SPEC 2.9)', () => {
  it('has one case `effect-<id>` per effect of the vocabulary, with that effect alone, and every case cites a section', () => {
    const perEffect = vectors.derivation.filter((c) => c.id.startsWith('effect-'));
    expect(perEffect.map((c) => c.id)).toEqual(EFFECT_IDS.map((id) => `effect-${id}`));
    for (const c of perEffect) expect(c.effects).toEqual([c.id.slice('effect-'.length)]);
    for (const c of vectors.derivation) expect(c.section).toMatch(/^2\.9(\.\d+)*$/);
    expect(new Set(vectors.derivation.map((c) => c.id)).size).toBe(vectors.derivation.length);
  });

  for (const c of vectors.derivation) {
    it(`${c.id} (SPEC ${c.section}): [${c.effects.join(', ')}] derive ${c.expect.class}${c.expect.disclosure ? ', a disclosure' : ''}`, () => {
      expect({ class: deriveClass(c.effects), disclosure: isDisclosure(c.effects) }).toEqual(c.expect);
    });
  }
});
