/**
 * The evidence basis in what the registry emits (SPEC 5.1, 5.8): every
 * record of `registry.json` names its base in `provenance.basis`; a record
 * resting on the vendor's documentation keeps each quote's page as its
 * evidence URL, says where the evidence is in words with the quote, and a
 * classification of its tools carries `basis: documentation`.
 */
import { describe, expect, it } from 'vitest';
import { Classifier, DOCUMENTATION_MARK, Registry, buildDocument, evidenceBasis, type ServerRecord } from '../../src/core/index.ts';
import { evidencePlace } from '../../src/core/registry.ts';

const PAGE = 'https://docs.example.com/mcp/tools';
const base = (id: string, provenance: Partial<ServerRecord['provenance']>, evidence: ServerRecord['tools'][number]['evidence']): ServerRecord => ({
  id,
  name: id,
  description: 'Test record.',
  server: { urls: [`https://${id}.example.com/mcp`] },
  provenance: { status: 'draft', author: 'a', reviewers: [], last_verified: '2026-12-05', ...provenance },
  tools: [{ name: 'list_items', class: 'R0', effects: ['read'], rationale: 'Reads.', evidence }],
});
const documented = base(
  'hosted',
  { documentation: { retrieved: '2026-12-05', pages: [PAGE] } },
  { url: PAGE, quote: 'Lists the items of a workspace without changing them.' },
);
const atCommit = base('sourced', { commit: 'f'.repeat(40) }, { path: 'src/index.ts', line: 3 });
atCommit.server.repository = 'example/sourced';

describe('the evidence basis in registry.json and classifications', () => {
  it('names each record’s base in provenance.basis, and keeps a quote’s page as its evidence url', () => {
    const document = buildDocument([documented, atCommit]);
    expect(document.servers.map((record) => [record.id, record.provenance.basis])).toEqual([
      ['hosted', 'documentation'],
      ['sourced', 'commit'],
    ]);
    expect(document.servers[0]!.tools[0]!.evidence).toEqual({ url: PAGE, quote: 'Lists the items of a workspace without changing them.' });
    expect(evidenceBasis(documented)).toBe('documentation');
  });

  it('says where documentation evidence is in words, with the quote', () => {
    expect(evidencePlace(documented.tools[0]!.evidence)).toBe(`the vendor's documentation, ${PAGE}: "Lists the items of a workspace without changing them."`);
  });

  it('marks a classification of a documentation record’s tool, and not one of a record resting on source', () => {
    const classifier = new Classifier(Registry.fromDocument(buildDocument([documented, atCommit])));
    expect(classifier.check('hosted', 'list_items', {})).toMatchObject({ class: 'R0', basis: 'documentation', evidence: PAGE });
    expect(classifier.check('sourced', 'list_items', {})).not.toHaveProperty('basis');
    expect(DOCUMENTATION_MARK).toBe("from the vendor's documentation, not from source");
  });
});
