/**
 * `effects-order`: a tool's or rule's effects are listed once each, in the
 * vocabulary's order (SPEC 2.9.1), so the same effects read the same in every
 * record (neon listed `[shared-write, metered]` where pinecone listed
 * `[metered, shared-write]`, and both passed).
 */
import { describe, expect, it } from 'vitest';
import { checkRecordText, demoRecord } from './demo-record.ts';

function orderProblems(text: string): string[] {
  return checkRecordText('registry/demo.yaml', text).problems.filter((line) => line.includes('[effects-order]'));
}

describe('effects-order', () => {
  it('accepts effects in the vocabulary order', () => {
    expect(orderProblems(demoRecord({ beta: true }).replace('effects: [delete]', 'effects: [metered, shared-write, delete]'))).toEqual([]);
  });

  it('regression: refuses [shared-write, metered] at its line and names the order to use', () => {
    const text = demoRecord({ beta: true }).replace('effects: [delete]', 'effects: [shared-write, metered, delete]');
    const line = text.split('\n').findIndex((l) => l.includes('[shared-write, metered, delete]')) + 1;
    expect(orderProblems(text)).toEqual([
      `registry/demo.yaml:${line}:14  error  [effects-order]  \`beta\`: list the effects in the vocabulary's order: [metered, shared-write, delete]`,
    ]);
  });

  it('refuses an effect listed twice', () => {
    const text = demoRecord().replace('effects: [read]', 'effects: [read, read]');
    expect(orderProblems(text)).toHaveLength(1);
    expect(orderProblems(text)[0]).toContain('`alpha`: an effect is listed twice');
  });
});
