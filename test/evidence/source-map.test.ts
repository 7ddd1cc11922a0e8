/**
 * The original file a source map embeds (scripts/evidence/source-map.ts,
 * SPEC 5.2): found by its exact `sources` entry, with its text from
 * `sourcesContent`; anything else says why not.
 */
import { describe, expect, it } from 'vitest';
import { embeddedSource } from '../../scripts/evidence/source-map.ts';

const map = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

describe('embeddedSource', () => {
  it('returns the text of the entry whose name is written exactly as given', () => {
    const found = embeddedSource(map({ version: 3, sources: ['../src/a.ts', '../src/b.ts'], sourcesContent: ['a\n', 'b\nb\n'], mappings: '' }), '../src/b.ts');
    expect(found.kind === 'found' && found.bytes.toString('utf8')).toBe('b\nb\n');
  });

  it('does not resolve or normalise names: `src/b.ts` is not `../src/b.ts`', () => {
    expect(embeddedSource(map({ version: 3, sources: ['../src/b.ts'], sourcesContent: ['b\n'] }), 'src/b.ts')).toEqual({
      kind: 'not-embedded',
      sources: ['../src/b.ts'],
    });
  });

  it('says a source is not embedded when the map carries no text for it', () => {
    expect(embeddedSource(map({ version: 3, sources: ['../src/a.ts'] }), '../src/a.ts')).toEqual({ kind: 'not-embedded', sources: ['../src/a.ts'] });
    expect(embeddedSource(map({ version: 3, sources: ['../src/a.ts'], sourcesContent: [null] }), '../src/a.ts')).toEqual({
      kind: 'not-embedded',
      sources: ['../src/a.ts'],
    });
  });

  it('says the file is not a source map when it is not JSON or has no sources list', () => {
    expect(embeddedSource(Buffer.from('export const a=1;'), 'a.ts')).toEqual({ kind: 'not-a-map' });
    expect(embeddedSource(map({ version: 3 }), 'a.ts')).toEqual({ kind: 'not-a-map' });
    expect(embeddedSource(map(['a.ts']), 'a.ts')).toEqual({ kind: 'not-a-map' });
  });
});
