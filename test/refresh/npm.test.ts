/**
 * `npm run refresh` end to end against the real npm registry, on a scratch
 * registry with two real records: brave-search, whose package
 * (@modelcontextprotocol/server-brave-search) is deprecated and stays at
 * 0.6.2, the release the record was checked against (unchanged: nothing
 * installed), and chrome-devtools, pinned at 1.7.0 while npm's latest is
 * newer (1.11.0 added get_css_styles, query_heapsnapshot_objects and
 * analyze_heapsnapshot_contexts, as the record's notes say): installed,
 * started with its live fixture's runs, compared, and drafted.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ServerRecord } from '../../src/core/record.ts';
import { checkDraftsDir } from '../../src/records/drafts-dir.ts';
import { runRefresh, scratchHints, scratchRegistry } from './support.ts';

describe('npm run refresh against the real npm registry', () => {
  it('finds brave-search current, installs chrome-devtools-mcp latest, names its new tools, drafts them as R4 for the check to reject, and exits 1', async () => {
    const { root, registry, out } = scratchRegistry(['brave-search', 'chrome-devtools']);
    const hints = scratchHints(root, ['brave-search', 'chrome-devtools']);
    const run = await runRefresh(['--registry-dir', registry, '--hints', hints, '--out', out, '--today', '2026-12-01', '--source', 'npm']);
    expect(run.code, run.stderr).toBe(1);
    const progress = run.stderr.split('\n').filter((line) => line.startsWith('['));
    expect(progress).toHaveLength(2);
    expect(progress[0]).toMatch(/^\[1\/2\] brave-search \(npm @modelcontextprotocol\/server-brave-search\) 0\.6\.2 → 0\.6\.2: current \[\d+ s\]$/);
    expect(progress[1]).toMatch(
      /^\[2\/2\] chrome-devtools \(npm chrome-devtools-mcp\) 1\.7\.0 → \d+\.\d+\.\d+: listed \d+\.\d+\.\d+: drift \d+ new, \d+ removed, \d+ changed \[\d+ s\]$/,
    );

    const report = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8'));
    expect(report).toMatchObject({ format_version: 1, mode: 'latest', date: '2026-12-01', exit_code: 1 });
    const [brave, chrome] = report.servers;
    expect(brave).toMatchObject({
      id: 'brave-search',
      status: 'current',
      pinned: { version: '0.6.2' },
      latest: { version: '0.6.2' },
      listed_version: null,
      runs: [],
    });
    expect(chrome).toMatchObject({
      id: 'chrome-devtools',
      status: 'drift',
      pinned: { version: '1.7.0', from: 'min_version' },
      launch: `${hints}/chrome-devtools.json`,
    });
    expect(chrome.listed_version).toBe(chrome.latest.version);
    expect(chrome.runs.map((r: { label: string; ok: boolean }) => [r.label, r.ok])).toEqual([
      ['fixture run 1', true],
      ['fixture run 2', true],
    ]);
    expect(chrome.added).toEqual(expect.arrayContaining(['analyze_heapsnapshot_contexts', 'get_css_styles', 'query_heapsnapshot_objects']));

    const markdown = readFileSync(path.join(out, 'report.md'), 'utf8');
    expect(markdown).toContain('| brave-search | npm @modelcontextprotocol/server-brave-search | 0.6.2 (release) → 0.6.2 | current | 0 | 0 | 0 |');
    expect(markdown).toContain('`get_css_styles`');

    // The draft sits beside the records; the new tools are R4 with the effects their names suggest, marked suggested- (SPEC 13), and the check rejects them.
    expect(chrome.draft).toMatch(/registry\/drafts\/chrome-devtools\.yaml$/);
    const draft = parse(readFileSync(path.join(registry, 'drafts', 'chrome-devtools.yaml'), 'utf8')) as ServerRecord;
    expect(draft.provenance.status).toBe('draft');
    expect(draft.tools.find((tool) => tool.name === 'get_css_styles')).toMatchObject({ class: 'R4', effects: ['suggested-read'] });
    const problems = await checkDraftsDir(path.join(registry, 'drafts'), 'registry/drafts');
    expect(problems.filter((problem) => problem.check === 'pending-draft')).toHaveLength(1);
    expect(problems.filter((problem) => problem.check === 'unknown-effect').map((problem) => problem.message)).toEqual(
      expect.arrayContaining([
        "`get_css_styles` has `suggested-read`: an effect suggested from the tool's own definition (SPEC 13), not read from source; check it against the source and write `read` (or the effect the source shows) without the mark",
      ]),
    );
  }, 300_000);
});
