/**
 * The offline `evidence-path` check: evidence names a file, so it can be
 * fetched and linked (SPEC 5.2, 5.9). Paths outside `server.path` are fine.
 */
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../scripts/lib/problems.ts';
import { parseRecordSource } from '../../scripts/lib/source.ts';
import { validateSources } from '../../scripts/lib/validate.ts';

const RECORD = `id: demo
name: Demo
description: A record used by the tests.
server:
  repository: example/demo
  path: packages/server
provenance:
  status: draft
  author: tests
  reviewers: []
  last_verified: 2026-11-30
  commit: 0123456789abcdef0123456789abcdef01234567
tools:
  - name: alpha
    class: R0
    rationale: Reads and changes nothing.
    evidence: { path: PATH, line: 10 }
`;

function problems(evidencePath: string): string[] {
  const parsed = parseRecordSource('registry/demo.yaml', RECORD.replace('PATH', evidencePath));
  return validateSources([parsed.source]).problems.map(formatProblem);
}

describe('evidence-path check', () => {
  it('a file outside server.path is accepted', () => {
    expect(problems('packages/shared/tools.ts')).toEqual([]);
  });

  it('a path ending with a slash is reported at the path value', () => {
    expect(problems('packages/server/')).toEqual([
      'registry/demo.yaml:17:23  error  [evidence-path]  evidence of `alpha` cites `packages/server/`, which ends with `/`; cite the file that defines the tool',
    ]);
  });

  it('a path with an empty segment is reported at the path value', () => {
    expect(problems('packages//server.ts')).toEqual([
      'registry/demo.yaml:17:23  error  [evidence-path]  evidence of `alpha` cites `packages//server.ts`, which has an empty segment (`//`)',
    ]);
  });
});
