/**
 * The `package-before` check (SPEC 5.3): a package's `before`, the first
 * release that runs another server, comes after every release the record
 * was read at (min_version, a live listing, a package pin).
 */
import { describe, expect, it } from 'vitest';
import { DEMO_INTEGRITY, checkRecordText, packageRecord } from './demo-record.ts';

const COMMIT = '  commit: 0123456789abcdef0123456789abcdef01234567';

/** A record of `demo-mcp` whose package says `before: <before>`, pinned to a commit unless `base` says otherwise, with optional extra lines under `server` and `provenance`. */
function record(before: string, options: { server?: string[]; provenance?: string[]; base?: string } = {}): string {
  return packageRecord({
    server: ['  packages:', `    - { registry: npm, name: demo-mcp, before: "${before}" }`, ...(options.server ?? [])],
    base: [options.base ?? COMMIT],
    ...(options.provenance !== undefined ? { provenance: options.provenance } : {}),
  });
}

const problems = (text: string): string[] => checkRecordText('registry/demo.yaml', text).problems;

describe('package-before check', () => {
  it('accepts a before that comes after min_version, the live listing and the package pin', () => {
    const text = record('0.3.1', {
      server: ['  min_version: 0.2.5'],
      base: `  package: { registry: npm, name: demo-mcp, version: 0.2.5, integrity: "${DEMO_INTEGRITY}" }`,
      provenance: ['  live_listing: { registry: npm, package: demo-mcp, version: 0.2.5, date: 2026-12-01, algorithm: rc-def-v2 }'],
    });
    expect(checkRecordText('registry/demo.yaml', text)).toEqual({ problems: [], accepted: 1 });
  });

  it('reports a min_version at or after before, at before', () => {
    expect(problems(record('0.3.1', { server: ['  min_version: 0.3.1'] }))).toEqual([
      'registry/demo.yaml:7:48  error  [package-before]  `demo-mcp` runs another server from 0.3.1 on, but min_version names 0.3.1; `before` must come after every release the record was read at',
    ]);
  });

  it('reports a live listing of the package past before, and a package pin past it', () => {
    const text = record('0.3.1', {
      base: `  package: { registry: npm, name: demo-mcp, version: 0.3.3, integrity: "${DEMO_INTEGRITY}" }`,
      provenance: ['  live_listing: { registry: npm, package: demo-mcp, version: 0.3.3, date: 2026-12-01, algorithm: rc-def-v2 }'],
    });
    expect(problems(text)).toEqual([
      'registry/demo.yaml:7:48  error  [package-before]  `demo-mcp` runs another server from 0.3.1 on, but live_listing names 0.3.3; `before` must come after every release the record was read at',
      'registry/demo.yaml:7:48  error  [package-before]  `demo-mcp` runs another server from 0.3.1 on, but provenance.package names 0.3.3; `before` must come after every release the record was read at',
    ]);
  });

  it('regression: a min_version that is a pre-release of before is already past it', () => {
    expect(problems(record('2.0.0', { server: ['  min_version: 2.0.0-rc.1'] }))).toHaveLength(1);
  });
});
