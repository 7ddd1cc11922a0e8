/**
 * The refresh's pure parts: reading gates, the pinned version, tag
 * prefixes, comparing a listing with a record, writing fingerprints into a
 * record's text, and the Markdown report.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ServerRecord } from '../../src/core/record.ts';
import { compareWithRecord } from '../../src/refresh/compare.ts';
import { gatesToTurnOn, readGate } from '../../src/refresh/gates.ts';
import { releaseTagPrefix, tagVersion } from '../../src/refresh/latest.ts';
import { pinnedVersion } from '../../src/refresh/pinned.ts';
import { writeFingerprints } from '../../src/refresh/record-edit.ts';
import { reportMarkdown } from '../../src/refresh/report.ts';
import type { ServerRefresh } from '../../src/refresh/types.ts';
import { ROOT } from '../../scripts/lib/paths.ts';
import { FROZEN_DIR } from './frozen.ts';

// The record as written by hand (frozen at chrome-devtools-mcp 1.7.0): without the fingerprint and live_listing lines the refresh writes.
const chromeText = readFileSync(path.join(FROZEN_DIR, 'registry', 'chrome-devtools.yaml'), 'utf8')
  .split('\n')
  .filter((line) => !line.startsWith('    fingerprint:') && !line.startsWith('  live_listing:'))
  .join('\n');
const chrome = parse(chromeText) as ServerRecord;

describe('reading gates', () => {
  it('reads the first switch of each chrome-devtools gate that is off by default and exposes tools', () => {
    const read = gatesToTurnOn(chrome.gates).map((gate) => {
      const reading = readGate(gate);
      return [gate.id, 'switch' in reading ? reading.switch : reading.unreadable];
    });
    expect(read).toEqual([
      ['slim', { kind: 'arg', arg: '--slim' }],
      ['category-extensions', { kind: 'arg', arg: '--categoryExtensions=true' }],
      ['category-experimental-third-party', { kind: 'arg', arg: '--categoryExperimentalThirdParty=true' }],
      ['category-experimental-webmcp', { kind: 'arg', arg: '--categoryExperimentalWebmcp=true' }],
      ['experimental-vision', { kind: 'arg', arg: '--experimentalVision' }],
      ['memory-debugging', { kind: 'arg', arg: '--memoryDebugging' }],
      ['experimental-interop-tools', { kind: 'arg', arg: '--experimentalInteropTools' }],
      ['experimental-screencast', { kind: 'arg', arg: '--experimentalScreencast' }],
    ]);
  });

  it('reads NAME=value, turns --x=false into --x=true, and says when a description names no switch', () => {
    expect(readGate({ id: 'a', kind: 'toolset', description: 'Set GITHUB_TOOLSETS=actions to add them.' })).toMatchObject({
      switch: { kind: 'env', name: 'GITHUB_TOOLSETS', value: 'actions' },
    });
    expect(readGate({ id: 'b', kind: 'toolset', description: 'Network tools; --categoryNetwork=false removes them.' })).toMatchObject({
      switch: { kind: 'arg', arg: '--categoryNetwork=true' },
    });
    expect(readGate({ id: 'c', kind: 'capability', description: 'Tools of the connected workspace plan.' })).toMatchObject({
      unreadable: 'gate `c` does not name a --flag or NAME=value in its description',
    });
  });
});

describe('versions', () => {
  it('takes the pinned version from the evidence package, then min_version, then the release text, then the live fixture', () => {
    const integrity = `sha512-${'A'.repeat(86)}==`;
    const packaged = {
      ...chrome,
      provenance: { ...chrome.provenance, commit: undefined, package: { registry: 'npm' as const, name: 'chrome-devtools-mcp', version: '1.11.0', integrity } },
    };
    expect(pinnedVersion(packaged, 'chrome-devtools-mcp', '1.0.0')).toEqual({ version: '1.11.0', from: 'package' });
    // A package that is not the server's own (the tools live in a dependency) does not name the server's version.
    expect(
      pinnedVersion(
        { ...packaged, provenance: { ...packaged.provenance, package: { ...packaged.provenance.package, name: 'playwright-core' } } },
        'chrome-devtools-mcp',
        '1.0.0',
      ),
    ).toEqual({ version: '1.7.0', from: 'min_version' });
    expect(pinnedVersion(chrome, 'chrome-devtools-mcp', '1.0.0')).toEqual({ version: '1.7.0', from: 'min_version' });
    const memory = {
      ...chrome,
      server: { repository: 'modelcontextprotocol/servers' },
      provenance: { ...chrome.provenance, release: '@modelcontextprotocol/server-memory 2026.7.4' },
    };
    expect(pinnedVersion(memory, '@modelcontextprotocol/server-memory', '2026.8.31')).toEqual({ version: '2026.7.4', from: 'release' });
    expect(
      pinnedVersion({ ...memory, provenance: { ...memory.provenance, release: 'unreleased' } }, '@modelcontextprotocol/server-memory', '2026.8.31'),
    ).toEqual({ version: '2026.8.31', from: 'fixture' });
  });

  it('reads a tag prefix from provenance.release and versions from tags', () => {
    expect(releaseTagPrefix('chrome-devtools-mcp 1.7.0 (tag chrome-devtools-mcp-v1.7.0)')).toBe('chrome-devtools-mcp-');
    expect(releaseTagPrefix('@wonderwhy-er/desktop-commander 0.2.46 (tag v0.2.46)')).toBe('');
    expect(releaseTagPrefix('firecrawl-mcp 3.24.0')).toBeUndefined();
    expect(tagVersion('chrome-devtools-mcp-v1.11.0', 'chrome-devtools-mcp-')).toBe('1.11.0');
    expect(tagVersion('other-v2.0.0', 'chrome-devtools-mcp-')).toBeUndefined();
  });
});

describe('comparing a listing with a record', () => {
  it('names new, removed and changed tools, and tools behind a gate that could not be turned on as not seen', () => {
    const listing = { registry: 'npm' as const, package: 'chrome-devtools-mcp', version: '1.7.0', date: '2026-12-01', algorithm: 'rc-def-v2' as const };
    const record = {
      ...chrome,
      provenance: { ...chrome.provenance, live_listing: listing },
      tools: [
        { ...chrome.tools[0]!, name: 'kept', fingerprint: 'a'.repeat(64), gated_by: [] },
        { ...chrome.tools[0]!, name: 'changed', fingerprint: 'b'.repeat(64), gated_by: [] },
        { ...chrome.tools[0]!, name: 'gone', gated_by: [] },
        { ...chrome.tools[0]!, name: 'hidden', gated_by: ['plan'] },
      ],
    };
    const seen = new Map([
      ['kept', { name: 'kept', fingerprint: 'a'.repeat(64), unstable: false }],
      ['changed', { name: 'changed', fingerprint: 'c'.repeat(64), unstable: false }],
      ['fresh', { name: 'fresh', unstable: false }],
    ]);
    expect(compareWithRecord(record, seen, new Set(['plan']))).toEqual({
      added: [{ name: 'fresh', unstable: false }],
      removed: ['gone'],
      notSeen: [{ name: 'hidden', gates: ['plan'] }],
      changed: ['changed'],
      compared: 2,
    });
    // Fingerprints of another algorithm (a listing that names none: rc-def-v1) are not compared: names only.
    const { algorithm: _algorithm, ...older } = listing;
    const old = compareWithRecord({ ...record, provenance: { ...record.provenance, live_listing: older as never } }, seen, new Set(['plan']));
    expect([old.changed, old.compared]).toEqual([[], 0]);
  });
});

describe('writing fingerprints into a record', () => {
  it('adds one line per tool and one live_listing line, and leaves every other line as it was', () => {
    // An all-digit digest is quoted, or YAML would read it as a number.
    const prints = { click: '1'.repeat(64), drag: 'ab'.repeat(32) };
    const text = writeFingerprints(chromeText, prints, {
      registry: 'npm',
      package: 'chrome-devtools-mcp',
      version: '1.7.0',
      date: '2026-12-01',
      algorithm: 'rc-def-v2',
    });
    const added = text.split('\n').filter((line) => !chromeText.split('\n').includes(line));
    expect(added).toEqual([
      '  live_listing: { registry: npm, package: chrome-devtools-mcp, version: 1.7.0, date: 2026-12-01, algorithm: rc-def-v2 }',
      `    fingerprint: "${'1'.repeat(64)}"`,
      `    fingerprint: ${'ab'.repeat(32)}`,
    ]);
    const data = parse(text) as ServerRecord;
    expect(data.tools.find((tool) => tool.name === 'drag')!.fingerprint).toBe('ab'.repeat(32));
    expect(data.tools.find((tool) => tool.name === 'click')!.fingerprint).toBe('1'.repeat(64));
    // Writing again replaces rather than adds; an empty set with `unavailable` removes them.
    expect(
      writeFingerprints(text, prints, { registry: 'npm', package: 'chrome-devtools-mcp', version: '1.7.0', date: '2026-12-01', algorithm: 'rc-def-v2' }),
    ).toBe(text);
    const none = writeFingerprints(text, {}, { unavailable: 'It could not be listed here.' });
    expect(none.split('\n').filter((line) => !chromeText.split('\n').includes(line))).toEqual([
      '  live_listing: { unavailable: It could not be listed here. }',
    ]);
  });
});

describe('writing fingerprints into a record without gates', () => {
  it('puts live_listing at the end of provenance when tools: follows it directly (regression: such records were refused)', () => {
    const text = readFileSync(path.join(ROOT, 'registry', 'memory.yaml'), 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith('  live_listing:'))
      .join('\n');
    const next = writeFingerprints(
      text,
      { read_graph: 'cd'.repeat(32) },
      { registry: 'npm', package: '@modelcontextprotocol/server-memory', version: '2026.7.4', date: '2026-12-01', algorithm: 'rc-def-v2' },
    );
    const lines = next.split('\n');
    expect(lines[lines.indexOf('tools:') - 1]).toBe(
      '  live_listing: { registry: npm, package: "@modelcontextprotocol/server-memory", version: 2026.7.4, date: 2026-12-01, algorithm: rc-def-v2 }',
    );
  });
});

describe('the Markdown report', () => {
  it('has a table row per record and details for drift, naming the new tools and the draft', () => {
    const server: ServerRefresh = {
      id: 'chrome-devtools',
      source: 'npm',
      subject: 'chrome-devtools-mcp',
      pinned: { version: '1.7.0', from: 'min_version' },
      latest: { version: '1.11.0' },
      listedVersion: '1.11.0',
      status: 'drift',
      launch: 'test/fixtures/live/chrome-devtools.json',
      runs: [{ label: 'fixture run 1', shown: '--slim', ok: true, tools: 3 }],
      gatesNotTurnedOn: [],
      added: [{ name: 'get_css_styles', unstable: false }],
      removed: [],
      notSeen: [],
      changed: [],
      compared: 0,
      fingerprints: {},
      unstable: [],
      draft: 'registry/drafts/chrome-devtools.yaml',
      notes: [],
      seconds: 9,
    };
    const text = reportMarkdown({ mode: 'latest', date: '2026-12-01', servers: [server], exitCode: 1 });
    expect(text).toContain('Exit 1: drift found. 1 records: 0 current, 0 newer with the same tools, 1 drift');
    expect(text).toContain('| chrome-devtools | npm chrome-devtools-mcp | 1.7.0 (min_version) → 1.11.0 | drift | 1 | 0 | 0 |');
    expect(text).toContain('- New tools (1): `get_css_styles`');
    expect(text).toContain('- Draft: `registry/drafts/chrome-devtools.yaml`');
  });
});
