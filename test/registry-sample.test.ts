/**
 * The sample of registry tools and live fixtures `npm test` checks one by
 * one (test/registry-sample.ts; issue 30): every kind stays covered, the
 * largest record and the changed records are in, and nothing else is.
 */
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../src/core/registry.ts';
import { syntheticRecord } from './export/registry.ts';
import type { LiveFixture } from './registry/support/live-fixture.ts';
import { liveFeatures, sampleLiveFixtures, sampleTools, toolKind } from './registry-sample.ts';

const document = buildDocument([
  syntheticRecord('alpha', [
    { name: 'read', class: 'R0' },
    { name: 'read_more', class: 'R0' },
    { name: 'drop', class: 'R4', lowest: 'R2' },
  ]),
  syntheticRecord('beta', [
    { name: 'list', class: 'R0' },
    { name: 'get', class: 'R0' },
    { name: 'find', class: 'R0' },
    { name: 'post', class: 'R4' },
  ]),
  syntheticRecord('gamma', [
    { name: 'peek', class: 'R0' },
    { name: 'wipe', class: 'R4', lowest: 'R2' },
  ]),
]);

function fixture(id: string, parts: Partial<LiveFixture> = {}): LiveFixture {
  return { id, package: id, version: '1.0.0', bin: undefined, files: {}, runs: [{ args: [], env: {}, tools: ['a'] }], ...parts };
}

describe('the sample of registry tools', () => {
  it('takes the first tool of every kind, every tool of the largest record, and every tool of a changed record', () => {
    const sample = sampleTools(document, ['gamma']);
    expect(sample.map(({ server, tool, reasons }) => [`${server}/${tool.name}`, reasons])).toEqual([
      ['alpha/read', ['first of kind R0']],
      ['alpha/drop', ['first of kind R4 rules']],
      ['beta/list', ['largest record']],
      ['beta/get', ['largest record']],
      ['beta/find', ['largest record']],
      ['beta/post', ['first of kind R4', 'largest record']],
      ['gamma/peek', ['changed']],
      ['gamma/wipe', ['changed']],
    ]);
  });

  it('covers every kind of tool the registry has', () => {
    const every = new Set(document.servers.flatMap((record) => record.tools.map(toolKind)));
    expect(new Set(sampleTools(document, []).map(({ tool }) => toolKind(tool)))).toEqual(every);
    expect(every).toEqual(new Set(['R0', 'R4 rules', 'R4']));
  });
});

describe('the sample of live fixtures', () => {
  const fixtures = [
    fixture('a-plain'),
    fixture('b-env', { runs: [{ args: [], env: { TOKEN: 'x' }, tools: ['a'] }] }),
    fixture('c-env-args', { runs: [{ args: ['--read-only'], env: { TOKEN: 'x' }, tools: ['a'] }] }),
    fixture('d-bin-runs', {
      bin: 'd',
      runs: [
        { args: [], env: {}, tools: ['a'] },
        { args: [], env: {}, tools: ['a', 'b', 'c'] },
      ],
    }),
    fixture('e-files', { files: { kubeconfig: 'x' }, runs: [{ args: ['<file:kubeconfig>'], env: {}, tools: ['a'] }] }),
    fixture('f-plain'),
    fixture('g-plain'),
  ];

  it('names the ways a fixture starts its server, or plain', () => {
    expect(fixtures.map(liveFeatures)).toEqual([['plain'], ['env'], ['args', 'env'], ['bin', 'several runs'], ['files', 'args'], ['plain'], ['plain']]);
  });

  it('takes the first fixture with each way of starting, the longest listing and the changed records, and no other', () => {
    expect([...sampleLiveFixtures(fixtures, ['g-plain'])]).toEqual([
      ['a-plain', ['first with plain']],
      ['b-env', ['first with env']],
      ['c-env-args', ['first with args']],
      ['d-bin-runs', ['first with bin', 'first with several runs', 'longest listing']],
      ['e-files', ['first with files']],
      ['g-plain', ['changed']],
    ]);
  });
});
