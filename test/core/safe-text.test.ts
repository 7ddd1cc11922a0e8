/**
 * The one filter for outside text (src/core/safe-text.ts): nothing unsafe
 * survives it, and it is at least as strict as each of the character sets
 * it replaced (CLI messages, hook reasons, identification reasons, scan
 * output, audit reports, policy comments, SQL reasons).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasUnsafeText, safeText } from '../../src/core/safe-text.ts';
import { messageOf } from '../../src/core/errors.ts';

/** The sets the helper replaced, as they were written. */
const FORMER_SETS = [
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u,
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u,
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u,
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]|\p{Cf}/u,
  /[\u0000-\u001f\u007f\u2028\u2029]/u,
  /[\u0000-\u001f\u007f-\u009f]/u,
];
const TAB_AND_NEWLINE = /[\t\n]/;

const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      '\u0000',
      '\t',
      '\n',
      '\r',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u009f',
      '\u00ad',
      '\u061c',
      '\u200b',
      '\u200e',
      '\u2028',
      '\u2029',
      '\u202e',
      '\u2066',
      '\u2069',
      '\ufeff',
    ),
    fc.constantFrom('a', ' ', 'é', '中', '😀'),
  ),
});

describe('safeText', () => {
  it('leaves no unsafe character', () => {
    fc.assert(fc.property(text, (value) => !hasUnsafeText(safeText(value))));
  });

  it('removes every character any former set removed (at least as strict)', () => {
    for (let code = 0; code <= 0xffff; code += 1) {
      const char = String.fromCharCode(code);
      if (code >= 0xd800 && code <= 0xdfff) continue;
      if (FORMER_SETS.some((set) => set.test(char))) expect(safeText(char), `U+${code.toString(16)}`).toBe('');
    }
  });

  it('keeps tab and newline only when asked, and nothing else unsafe', () => {
    fc.assert(
      fc.property(text, (value) => {
        const kept = safeText(value, { keepTabAndNewline: true });
        return !hasUnsafeText(kept.replace(/[\t\n]/g, '')) && kept.replace(/[^\t\n]/g, '') === value.replace(/[^\t\n]/g, '');
      }),
    );
    expect(TAB_AND_NEWLINE.test(safeText('a\tb\nc'))).toBe(false);
  });

  it('replaces each character, or each run, with the replacement', () => {
    expect(safeText('a\u0000\u202eb', { replacement: '?' })).toBe('a??b');
    expect(safeText('a\r\n\u2028b', { replacement: ' ', runs: true })).toBe('a b');
    expect(safeText('plain text é 中 😀')).toBe('plain text é 中 😀');
  });
});

describe('messageOf', () => {
  it('gives an Error its message and anything else its String form', () => {
    expect(messageOf(new TypeError('bad value'))).toBe('bad value');
    expect(messageOf('thrown text')).toBe('thrown text');
    expect(messageOf(42)).toBe('42');
    expect(messageOf(undefined)).toBe('undefined');
  });
});
