/**
 * Tool fingerprints (SPEC 5.2.1) and waiting drafts: the browser-safe
 * digest agrees with the audit log's Node digest of the same canonical
 * JSON; the validator rejects a draft entry until it is classified, a
 * fingerprint without the listing it came from, and any draft waiting in
 * registry/drafts/.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalDefinition } from '../../src/core/definition-normal.ts';
import { toolDefinition, toolFingerprint } from '../../src/core/fingerprint.ts';
import { canonicalJson, sha256Hex } from '../../src/node/digest.ts';
import { checkDraftsDir } from '../../src/records/drafts-dir.ts';
import { checkRecordText } from './demo-record.ts';

const FP = 'a'.repeat(64);

/** A small record with a package, and `extra` lines under the provenance and the first tool. */
function record(options: { provenance?: string[]; tool?: string[]; effects?: string; evidencePath?: string } = {}): string {
  return [
    'id: demo',
    'name: Demo',
    'description: A record used by the tests.',
    'server:',
    '  repository: example/demo',
    '  packages:',
    '    - { registry: npm, name: demo-mcp }',
    'provenance:',
    '  status: draft',
    '  author: tests',
    '  reviewers: []',
    '  last_verified: 2026-11-30',
    '  commit: 0123456789abcdef0123456789abcdef01234567',
    ...(options.provenance ?? []),
    'tools:',
    '  - name: alpha',
    '    class: R4',
    '    rationale: Deletes rows with no copy kept.',
    `    evidence: { path: ${options.evidencePath ?? 'src/index.ts'}, line: 10 }`,
    `    effects: [${options.effects ?? 'delete'}]`,
    ...(options.tool ?? []),
    '',
  ].join('\n');
}

describe('tool fingerprints', () => {
  it('is the SHA-256 of the canonical JSON of the rc-def-v2 normal form of {description, inputSchema, annotations}, as the Node digest computes it', async () => {
    const listed = {
      name: 'alpha',
      title: 'ignored',
      description: 'Reads a file.',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
      annotations: { readOnlyHint: true },
    };
    const definition = toolDefinition(listed);
    expect(definition).toEqual({ description: 'Reads a file.', inputSchema: listed.inputSchema, annotations: { readOnlyHint: true } });
    const normal = normalDefinition(definition);
    expect(canonicalJson(normal)).toBe(
      '{"algorithm":"rc-def-v2","annotations":{"readOnlyHint":true},"description":"Reads a file.","inputSchema":{"properties":{"path":{"type":["string"]}},"type":["object"]}}',
    );
    expect(await toolFingerprint(definition)).toBe(sha256Hex(canonicalJson(normal)));
    // The empty definition: SHA-256 of `{"algorithm":"rc-def-v2"}`.
    expect(await toolFingerprint({})).toBe(sha256Hex('{"algorithm":"rc-def-v2"}'));
  });

  it('does not change with key order or the tool name, and changes with one schema property', async () => {
    const a = await toolFingerprint(toolDefinition({ name: 'x', inputSchema: { type: 'object', required: ['q'] }, description: 'D' }));
    const b = await toolFingerprint(toolDefinition({ description: 'D', inputSchema: { required: ['q'], type: 'object' }, name: 'y' }));
    const c = await toolFingerprint(toolDefinition({ description: 'D', inputSchema: { required: ['q', 'r'], type: 'object' } }));
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });
});

describe('validation of fingerprints and drafts', () => {
  it('accepts fingerprints with the npm listing they came from', () => {
    const text = record({
      provenance: ['  live_listing: { registry: npm, package: demo-mcp, version: 1.2.3, date: 2026-12-01, algorithm: rc-def-v2 }'],
      tool: [`    fingerprint: ${FP}`],
    });
    expect(checkRecordText('registry/demo.yaml', text)).toEqual({ problems: [], accepted: 1 });
  });

  it('rejects a fingerprint with no live listing, and one beside `unavailable`', () => {
    expect(checkRecordText('registry/demo.yaml', record({ tool: [`    fingerprint: ${FP}`] })).problems).toEqual([
      'registry/demo.yaml:20:18  error  [fingerprint-source]  `alpha` has a fingerprint, but provenance.live_listing does not name the package and version it was listed from',
    ]);
    const unavailable = record({ provenance: ['  live_listing: { unavailable: "Published only as a container image." }'], tool: [`    fingerprint: ${FP}`] });
    expect(checkRecordText('registry/demo.yaml', unavailable).problems).toEqual([
      'registry/demo.yaml:14:32  error  [fingerprint-source]  live_listing says no live listing was possible, but `alpha` has a fingerprint',
    ]);
  });

  it('rejects fingerprints of the raw digest (a listing that names no algorithm) and accepts rc-def-v2 ones', () => {
    const old = record({
      provenance: ['  live_listing: { registry: npm, package: demo-mcp, version: 1.2.3, date: 2026-12-01 }'],
      tool: [`    fingerprint: ${FP}`],
    });
    expect(checkRecordText('registry/demo.yaml', old).problems).toEqual([
      'registry/demo.yaml:14:17  error  [fingerprint-algorithm]  the fingerprints are not of algorithm rc-def-v2 (live_listing names none: rc-def-v1); take them again with `npm run refresh -- --fingerprints --only demo`',
    ]);
    const current = record({
      provenance: ['  live_listing: { registry: npm, package: demo-mcp, version: 1.2.3, date: 2026-12-01, algorithm: rc-def-v2 }'],
      tool: [`    fingerprint: ${FP}`],
    });
    expect(checkRecordText('registry/demo.yaml', current).problems).toEqual([]);
  });

  it('rejects a live listing of a package the record does not name', () => {
    const text = record({ provenance: ['  live_listing: { registry: npm, package: other-mcp, version: 1.2.3, date: 2026-12-01 }'] });
    expect(checkRecordText('registry/demo.yaml', text).problems).toEqual([
      'registry/demo.yaml:14:43  error  [fingerprint-source]  live_listing names npm package `other-mcp`, which is not one of server.packages',
    ]);
  });

  it('reports every draft waiting in registry/drafts/, finished or not, and nothing for an absent folder', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rclass-drafts-'));
    expect(await checkDraftsDir(path.join(dir, 'none'), 'registry/drafts')).toEqual([]);
    writeFileSync(path.join(dir, 'demo.yaml'), record({ effects: 'unclassified' }));
    const problems = await checkDraftsDir(dir, 'registry/drafts');
    expect(problems.map((problem) => `${problem.file}:${problem.line} ${problem.check}`)).toEqual([
      'registry/drafts/demo.yaml:1 pending-draft',
      'registry/drafts/demo.yaml:19 unknown-effect',
    ]);
  });
});
