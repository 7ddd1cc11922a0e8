/**
 * The third evidence base, the vendor's published tool reference (SPEC 5.1,
 * 5.9): its shape in the schema and the `evidence-documentation` check. A
 * record resting on it quotes one of its pages for every tool, names no
 * path or line, and needs no repository; other records quote nothing.
 */
import { describe, expect, it } from 'vitest';
import { checkRecordText, DEMO_PAGE, documentationRecord, packageRecord } from './demo-record.ts';

const check = (text: string) => checkRecordText('registry/demo.yaml', text);

describe("the vendor's documentation as an evidence base", () => {
  it('accepts a hosted record with no repository whose tool quotes one of its pages', () => {
    expect(check(documentationRecord())).toEqual({ problems: [], accepted: 1 });
  });

  it('reports a quote whose url is not one of the documentation pages, at the url', () => {
    const text = documentationRecord({
      evidence: ['      url: https://docs.example.com/other', '      quote: "alpha lists the items of a workspace without changing them."'],
    });
    expect(check(text).problems).toEqual([
      `registry/demo.yaml:21:12  error  [evidence-documentation]  evidence of \`alpha\` quotes \`https://docs.example.com/other\`, which is not one of provenance.documentation.pages (\`${DEMO_PAGE}\`)`,
    ]);
  });

  it('reports a tool of a documentation record that cites a path and line, at its evidence', () => {
    const text = documentationRecord({ evidence: ['      path: src/index.ts', '      line: 10'] });
    expect(check(text).problems).toEqual([
      "registry/demo.yaml:20:5  error  [evidence-documentation]  evidence of `alpha` cites a path and line, but the record's evidence base is the vendor's documentation, which has no source: give `url` (one of provenance.documentation.pages) and `quote`, the vendor's sentence the effects rest on",
    ]);
  });

  it('reports a path beside a quote, at the path', () => {
    const text = documentationRecord({
      evidence: [`      url: ${DEMO_PAGE}`, '      quote: "alpha lists the items of a workspace without changing them."', '      path: src/index.ts'],
    });
    expect(check(text).problems).toEqual([
      "registry/demo.yaml:23:7  error  [schema]  `tools[0].evidence.path` is not allowed beside `quote`: evidence quoted from the vendor's documentation names its page in `url`, not a file (`path`)",
    ]);
  });

  it('reports a quote without its url, and a quote shorter than 20 characters', () => {
    expect(check(documentationRecord({ evidence: ['      quote: "alpha lists the items of a workspace without changing them."'] })).problems).toEqual([
      'registry/demo.yaml:21:7  error  [schema]  `tools[0].evidence` is missing required property `url`',
    ]);
    expect(check(documentationRecord({ evidence: [`      url: ${DEMO_PAGE}`, '      quote: "Lists items."'] })).problems).toEqual([
      'registry/demo.yaml:22:14  error  [schema]  `tools[0].evidence.quote` must have at least 20 characters',
    ]);
  });

  it('reports documentation without pages, and a page that is not https', () => {
    expect(check(documentationRecord({ base: ['  documentation:', '    retrieved: 2026-12-05', '    pages: []'] })).problems).toContain(
      'registry/demo.yaml:12:12  error  [schema]  `provenance.documentation.pages` must have at least 1 item',
    );
    const plain = check(
      documentationRecord({ base: ['  documentation:', '    retrieved: 2026-12-05', '    pages:', '      - http://docs.example.com/mcp/tools'] }),
    );
    expect(plain.problems).toContain(
      'registry/demo.yaml:13:9  error  [schema]  `provenance.documentation.pages[0]` must be an https page of the vendor, without a fragment; got `"http://docs.example.com/mcp/tools"`',
    );
  });

  it('reports a second evidence base beside the documentation, at the documentation', () => {
    const text = documentationRecord({
      base: ['  documentation:', '    retrieved: 2026-12-05', '    pages:', `      - ${DEMO_PAGE}`, '  commit: 0123456789abcdef0123456789abcdef01234567'],
    });
    expect(check(text).problems).toEqual([
      "registry/demo.yaml:10:3  error  [schema]  `provenance` must name exactly one evidence base: `commit` (a commit of the repository), `package` (a published npm package at a version) or `documentation` (the vendor's published tool reference)",
    ]);
  });

  it('still requires a repository of a record resting on a commit or a package', () => {
    const text = packageRecord().replace('  repository: example/demo\n', '');
    expect(check(text).problems).toEqual(['registry/demo.yaml:5:3  error  [schema]  `server` is missing required property `repository`']);
  });

  it('reports a quote in a record resting on a package, at the quote', () => {
    const text = packageRecord({ evidence: `{ url: ${DEMO_PAGE}, quote: "alpha lists the items of a workspace without changing them." }` });
    expect(check(text).problems).toEqual([
      'registry/demo.yaml:18:58  error  [evidence-documentation]  evidence of `alpha` quotes documentation, which only a record whose evidence base is `provenance.documentation` may do; at a commit or a package, cite the source with `path` and `line`',
    ]);
  });
});
