/**
 * The `evidence-package` check (SPEC 5.1, 5.2, 5.9): a record whose evidence
 * is a published npm package describes that one version, so a live listing
 * of the same package and `server.min_version` (when the package is one the
 * record runs as) name it. Records pinned to a commit are left alone.
 */
import { describe, expect, it } from 'vitest';
import { checkRecordText, packageRecord } from './demo-record.ts';

const problems = (text: string): string[] => checkRecordText('registry/demo.yaml', text).problems;

describe('evidence-package check', () => {
  it('accepts a record whose live listing and min_version name the pinned version (min_version may carry a `v`)', () => {
    const text = packageRecord({
      server: ['  packages:', '    - { registry: npm, name: demo-mcp }', '  min_version: v1.2.3'],
      provenance: ['  live_listing: { registry: npm, package: demo-mcp, version: 1.2.3, date: 2026-12-01, algorithm: rc-def-v2 }'],
    });
    expect(checkRecordText('registry/demo.yaml', text)).toEqual({ problems: [], accepted: 1 });
  });

  it('reports a live listing of another version of the pinned package at its version', () => {
    const text = packageRecord({
      provenance: ['  live_listing: { registry: npm, package: demo-mcp, version: 1.2.4, date: 2026-12-01, algorithm: rc-def-v2 }'],
    });
    expect(problems(text)).toEqual([
      'registry/demo.yaml:14:62  error  [evidence-package]  live_listing lists npm package `demo-mcp` at `1.2.4`, but provenance.package cites it at `1.2.3`; the fingerprints and the evidence must describe the same release',
    ]);
  });

  it('reports a min_version other than the pinned version of a package the record runs as, at min_version', () => {
    const text = packageRecord({ server: ['  packages:', '    - { registry: npm, name: demo-mcp }', '  min_version: 1.2.0'] });
    expect(problems(text)).toEqual([
      'registry/demo.yaml:8:16  error  [evidence-package]  min_version is `1.2.0`, but provenance.package cites npm package `demo-mcp` at `1.2.3`; a record whose evidence is a published package describes that version',
    ]);
  });

  it('leaves min_version alone when the pinned package is not one the record runs as (the tools are defined in a library)', () => {
    const text = packageRecord({ server: ['  packages:', '    - { registry: npm, name: demo-server }', '  min_version: 2.0.0'] });
    expect(problems(text)).toEqual([]);
  });

  it('leaves a record pinned to a commit alone, whatever its min_version and live listing say', () => {
    const text = packageRecord({
      server: ['  packages:', '    - { registry: npm, name: demo-mcp }', '  min_version: 1.0.0'],
      base: ['  commit: 0123456789abcdef0123456789abcdef01234567'],
      provenance: ['  live_listing: { registry: npm, package: demo-mcp, version: 1.2.4, date: 2026-12-01, algorithm: rc-def-v2 }'],
    });
    expect(problems(text)).toEqual([]);
  });

  it('accepts an evidence source inside a source map of the pinned package', () => {
    const text = packageRecord({ evidence: '{ path: dist/index.js.map, line: 3, source: "../src/tools.ts" }' });
    expect(checkRecordText('registry/demo.yaml', text)).toEqual({ problems: [], accepted: 1 });
  });

  it('reports an evidence source whose path is not a source map, and one in a record pinned to a commit', () => {
    expect(problems(packageRecord({ evidence: '{ path: dist/index.js, line: 3, source: "../src/tools.ts" }' }))).toEqual([
      'registry/demo.yaml:18:23  error  [evidence-package]  evidence of `alpha` names the `source` `../src/tools.ts`, so its path must be the source map that embeds it (a `.map` file); got `dist/index.js`',
    ]);
    const atCommit = packageRecord({ base: [`  commit: ${'a'.repeat(40)}`], evidence: '{ path: dist/index.js.map, line: 3, source: "../src/tools.ts" }' });
    expect(problems(atCommit)).toEqual([
      'registry/demo.yaml:18:51  error  [evidence-package]  evidence of `alpha` names a `source` inside a source map, which only a record whose evidence is a published package may do; at a commit, cite the source file itself',
    ]);
  });
});
