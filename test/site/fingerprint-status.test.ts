/**
 * The record page's line on fingerprints (SPEC 5.2.1): how many tools have
 * one and from which listing, or the record's reason why none exist.
 */
import { describe, expect, it } from 'vitest';
import type { ServerRecord } from '../../src/core/record.ts';
import { fingerprintStatus } from '../../src/site/lib/fingerprint-status.ts';

const base = { status: 'draft', author: 'tests', reviewers: [], last_verified: '2026-12-01', commit: '0'.repeat(40) } as const;
const tool = { name: 'a', class: 'R0', effects: ['read'], rationale: 'It only reads.', evidence: { path: 'x', line: 1 } } as const;

describe('the fingerprint line of a record page', () => {
  it('counts the tools with a fingerprint and names the listing and algorithm', () => {
    const record: Pick<ServerRecord, 'provenance' | 'tools'> = {
      provenance: {
        ...base,
        reviewers: [],
        live_listing: { registry: 'npm', package: 'demo-mcp', version: '1.2.3', date: '2026-12-01', algorithm: 'rc-def-v2' },
      },
      tools: [
        { ...tool, effects: ['read'], fingerprint: 'a'.repeat(64) },
        { ...tool, effects: ['read'], name: 'b' },
      ],
    };
    expect(fingerprintStatus(record)).toBe(
      '1 of 2 tools, from a live listing of demo-mcp 1.2.3 on 2026-12-01 (rc-def-v2); rclass scan counts a tool whose definition differs as R4.',
    );
  });

  it('gives the reason a record has none', () => {
    const record: Pick<ServerRecord, 'provenance' | 'tools'> = {
      provenance: { ...base, reviewers: [], live_listing: { unavailable: 'Published only as a container image.' } },
      tools: [{ ...tool, effects: ['read'] }],
    };
    expect(fingerprintStatus(record)).toBe('None: Published only as a container image.');
    expect(fingerprintStatus({ provenance: { ...base, reviewers: [] }, tools: [] })).toBe('None: the record does not say whether a live listing was possible.');
  });
});
