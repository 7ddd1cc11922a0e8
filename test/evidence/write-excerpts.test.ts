/**
 * Writing excerpts into records (`npm run evidence -- --write-excerpts`,
 * scripts/evidence/write-excerpts.ts): only the `excerpt` (and a span's
 * `end`) is added or replaced; comments, key order, flow style and every
 * other byte stay as they were, and a second run changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { applyExcerpts } from '../../scripts/evidence/write-excerpts.ts';

const RECORD = `# a comment that must stay
id: demo
tools:
  - name: read_file
    class: R0
    effects: [read]
    evidence: { path: src/index.ts, line: 24 } # trailing comment
  - name: write_file
    class: R2
    evidence:
      path: src/index.ts
      line: 40
notes: >-
  Folded text
  over two lines.
`;

describe('applyExcerpts', () => {
  it('adds the excerpt to a flow map and to a block map and changes nothing else', () => {
    const result = applyExcerpts(RECORD, [
      { evidencePath: ['tools', 0, 'evidence'], excerpt: "'read_file',", end: undefined },
      { evidencePath: ['tools', 1, 'evidence'], excerpt: 'server.tool(\n  "write_file",', end: 41 },
    ]);
    expect(result).toBe(
      RECORD.replace('line: 24 }', `line: 24, excerpt: "'read_file'," }`).replace(
        '      line: 40\n',
        '      line: 40\n      end: 41\n      excerpt: "server.tool(\\n  \\"write_file\\","\n',
      ),
    );
    expect(parse(result).tools[1].evidence).toEqual({ path: 'src/index.ts', line: 40, end: 41, excerpt: 'server.tool(\n  "write_file",' });
  });

  it('a second run with the same excerpts returns the text unchanged', () => {
    const edits = [{ evidencePath: ['tools', 0, 'evidence'], excerpt: 'a "quoted" line: with, flow {chars}', end: undefined }];
    const once = applyExcerpts(RECORD, edits);
    expect(parse(once).tools[0].evidence.excerpt).toBe('a "quoted" line: with, flow {chars}');
    expect(applyExcerpts(once, edits)).toBe(once);
  });

  it('replaces a stale excerpt in place', () => {
    const once = applyExcerpts(RECORD, [{ evidencePath: ['tools', 0, 'evidence'], excerpt: 'old', end: undefined }]);
    const twice = applyExcerpts(once, [{ evidencePath: ['tools', 0, 'evidence'], excerpt: 'new', end: undefined }]);
    expect(twice).toBe(once.replace('excerpt: "old"', 'excerpt: "new"'));
  });

  it('refuses an evidence path that is not a map', () => {
    expect(() => applyExcerpts(RECORD, [{ evidencePath: ['tools', 5, 'evidence'], excerpt: 'x', end: undefined }])).toThrow(
      'no evidence map at tools.5.evidence',
    );
  });
});
