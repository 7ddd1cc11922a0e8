/**
 * Canonical JSON and the hash of a line (SPEC 10.2).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, entryHash, isSha256Hex } from '../../src/audit/chain.ts';
import { MAX_CANONICAL_DEPTH, canonicalJson, digestOf } from '../../src/node/digest.ts';
import { rfc3339 } from '../../src/node/time.ts';

describe('canonical JSON', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('gives equal text for values that differ only in key order', () => {
    expect(canonicalJson(JSON.parse('{"x":1,"y":[1,2]}'))).toBe(canonicalJson(JSON.parse('{"y":[1,2],"x":1}')));
  });

  it('sorts keys by UTF-16 code units and escapes strings as JSON.stringify does (RFC 8785)', () => {
    expect(canonicalJson({ '\u00e9': 1, z: 2, '\ud83d\ude00': 3, '1': 4 })).toBe('{"1":4,"z":2,"é":1,"😀":3}');
    expect(canonicalJson('line\nbreak "quoted" \u2028')).toBe(JSON.stringify('line\nbreak "quoted" \u2028'));
    expect(canonicalJson([1.5, 1e21, -0, 10])).toBe('[1.5,1e+21,0,10]');
  });

  it('leaves out undefined members, writes non-finite numbers as null, and refuses values with no JSON form', () => {
    expect(canonicalJson({ a: undefined, b: Number.NaN })).toBe('{"b":null}');
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
    expect(() => canonicalJson({ a: 1n })).toThrow(TypeError);
  });

  it('refuses nesting deeper than its cap instead of overflowing the stack, and digestOf answers null', () => {
    let deep: unknown = 1;
    for (let i = 0; i < MAX_CANONICAL_DEPTH + 5; i += 1) deep = [deep];
    expect(() => canonicalJson(deep)).toThrow(RangeError);
    expect(digestOf(deep)).toBeNull();
    expect(digestOf({ a: 1 })).toBe(createHash('sha256').update('{"a":1}').digest('hex'));
  });
});

describe('line hashes', () => {
  it('hash the canonical JSON without `hash`, prev_hash included', () => {
    const entry = { seq: 1, prev_hash: GENESIS_HASH, event: 'decision', hash: 'ignored' };
    expect(entryHash(entry)).toBe(createHash('sha256').update(`{"event":"decision","prev_hash":"${GENESIS_HASH}","seq":1}`).digest('hex'));
    expect(entryHash({ ...entry, prev_hash: 'f'.repeat(64) })).not.toBe(entryHash(entry));
    expect(isSha256Hex(entryHash(entry))).toBe(true);
    expect(isSha256Hex('A'.repeat(64))).toBe(false);
  });

  it('write times as RFC 3339 with an offset', () => {
    expect(rfc3339(new Date())).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/);
  });
});
