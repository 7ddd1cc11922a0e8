/**
 * Hidden characters made visible (src/core/hidden-characters.ts): what a
 * person approving a call would not see, or what reorders what they see,
 * becomes a `\uXXXX` escape, and nothing else changes.
 */
import { describe, expect, it } from 'vitest';
import { hiddenPieces, revealHidden } from '../../src/core/hidden-characters.ts';

/** A file name that reads "invoice_exe.pdf" on screen: U+202E reverses what follows, U+200B is not drawn at all. */
const DISGUISED = 'invoice_\u202Efdp.exe\u200B';

describe('hidden characters', () => {
  it('a right-to-left override and a zero-width space in JSON arguments become escapes that parse back to the same value', () => {
    const json = JSON.stringify({ entityNames: [DISGUISED] });
    const shown = revealHidden(json);
    expect(shown.text).toBe('{"entityNames":["invoice_\\u202efdp.exe\\u200b"]}');
    expect(shown.hidden).toEqual(['U+202E', 'U+200B']);
    expect(JSON.parse(shown.text)).toEqual({ entityNames: [DISGUISED] });
  });

  it('splits text into plain runs and hidden characters, each with its escape and code point, in order', () => {
    expect(hiddenPieces(DISGUISED)).toEqual([
      { text: 'invoice_' },
      { hidden: '\u202E', escape: '\\u202e', codePoint: 'U+202E' },
      { text: 'fdp.exe' },
      { hidden: '\u200B', escape: '\\u200b', codePoint: 'U+200B' },
    ]);
  });

  it('reveals the isolates, a Hangul filler, a tag character (as its surrogate pair), ESC and the line separator; keeps tab, newline, accents and emoji without a selector', () => {
    const shown = revealHidden('a\u2066b\u2069\u3164\u{E0041}\u001b[2J\u2028\tZoë 😀\n');
    expect(shown.text).toBe('a\\u2066b\\u2069\\u3164\\udb40\\udc41\\u001b[2J\\u2028\tZoë 😀\n');
    expect(shown.hidden).toEqual(['U+2066', 'U+2069', 'U+3164', 'U+E0041', 'U+001B', 'U+2028']);
  });

  it('leaves text without hidden characters as it is, a literal backslash-u included', () => {
    expect(revealHidden('{"note":"\\\\u202e is only text"}')).toEqual({ text: '{"note":"\\\\u202e is only text"}', hidden: [] });
  });
});
