/**
 * Runs the `action_metadata` and `evidence` conformance vectors (SPEC 7.4,
 * 11) through the reference implementation: the hints, `reversibility`,
 * `outcome` and `requiresReview` a tool's class gives, and the evidence
 * document of a listed tool with its `evidenceRef` digest.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ClassInput, canonicalJson, classMetadata, evidenceDocument, evidenceRef, Registry, type ServerRecord } from '../../src/core/index.ts';

interface MetadataCase {
  id: string;
  section: string;
  description: string;
  tool?: ClassInput;
  expect: { annotations: Record<string, unknown>; action_metadata: Record<string, unknown> };
}
interface EvidenceCase {
  id: string;
  section: string;
  description: string;
  record: string;
  tool: string;
  registry: { spec_version: string; release: string };
  expect: { document: Record<string, unknown>; digest: string };
}
interface Vectors {
  records: Record<string, ServerRecord>;
  action_metadata: MetadataCase[];
  evidence: EvidenceCase[];
}

const vectors = JSON.parse(readFileSync(new URL('../../conformance/vectors.json', import.meta.url), 'utf8')) as Vectors;

describe('conformance vectors: action metadata (SPEC 7.4)', () => {
  it('cover every class, egress, disclosure and a tool no record lists', () => {
    const classes = new Set(vectors.action_metadata.flatMap((c) => (c.tool === undefined ? [] : [c.tool.class])));
    expect([...classes].sort()).toEqual(['R0', 'R1', 'R2', 'R3', 'R4']);
    expect(vectors.action_metadata.some((c) => c.tool?.egress === true)).toBe(true);
    expect(vectors.action_metadata.some((c) => c.tool?.disclosure === true)).toBe(true);
    expect(vectors.action_metadata.some((c) => c.tool === undefined)).toBe(true);
  });

  for (const vector of vectors.action_metadata) {
    it(`${vector.id}: ${vector.description}`, () => {
      const metadata = classMetadata(vector.tool);
      expect({ ...metadata.hints, reversibility: metadata.reversibility }).toEqual(vector.expect.annotations);
      expect({ outcome: metadata.outcome, requiresReview: metadata.requiresReview }).toEqual(vector.expect.action_metadata);
    });
  }
});

describe('conformance vectors: evidence documents (SPEC 7.4)', () => {
  for (const vector of vectors.evidence) {
    it(`${vector.id}: ${vector.description}`, async () => {
      const record = Registry.fromRecords([vectors.records[vector.record]!]).document.servers[0]!;
      const tool = record.tools.find((entry) => entry.name === vector.tool)!;
      const document = evidenceDocument(record, tool, vector.registry);
      expect(document).toEqual(vector.expect.document);
      const ref = await evidenceRef(document);
      expect(ref.digest).toBe(vector.expect.digest);
      // The digest is the SHA-256 of the RFC 8785 form, computed here a second way.
      expect(`sha256:${createHash('sha256').update(canonicalJson(vector.expect.document)).digest('hex')}`).toBe(vector.expect.digest);
    });
  }

  it('an evidenceRef names its type and canonicalization and carries ref and schema only when given', async () => {
    const vector = vectors.evidence[0]!;
    const bare = await evidenceRef(vector.expect.document as never);
    expect(bare).toEqual({ type: 'rclass.tool-class.v1', digest: vector.expect.digest, canonicalization: 'jcs/rfc8785' });
    const placed = await evidenceRef(vector.expect.document as never, { ref: 'https://example.test/t.json#/evidence', schema: 'https://example.test/s.json' });
    expect(placed.ref).toBe('https://example.test/t.json#/evidence');
    expect(placed.schema).toBe('https://example.test/s.json');
  });
});
