/**
 * Characters a person approving a call would not see, or that change the
 * order they see the rest in, made visible as `\uXXXX` escapes (issue 28
 * follow-up: the proxy's approval page and terminal question). Hiding is
 * the danger here, not removing: `safeText` (./safe-text.ts) drops such
 * characters from text meant to be read, which would show a person
 * arguments other than those that run. Browser-safe.
 *
 * The set: every code point Unicode marks Default_Ignorable_Code_Point
 * (UAX #44; the bidirectional controls U+202A–U+202E and U+2066–U+2069,
 * the zero-width characters U+200B–U+200D, U+2060, the byte-order mark,
 * the Hangul fillers, the variation selectors, the tag characters U+E0000
 * onwards), every format character (category Cf, which adds the Arabic
 * and other number marks), the C0 and C1 controls but tab and newline,
 * DEL, and the line and paragraph separators U+2028 and U+2029.
 */

// Built from a string, as in ./safe-text.ts: Biome's noControlCharactersInRegex refuses a literal naming control characters.
const HIDDEN_SET = '[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029]|\\p{Cf}|\\p{Default_Ignorable_Code_Point}';
const HIDDEN = new RegExp(HIDDEN_SET, 'u');

/** A piece of text: shown as it is, or a hidden character with the escape that shows it. */
type TextPiece = { text: string } | { hidden: string; escape: string; codePoint: string };

/** The JSON-style escape of one character: `\u202e`, or a surrogate pair's two escapes above U+FFFF. */
function escapeOf(character: string): string {
  let escaped = '';
  for (let index = 0; index < character.length; index += 1) escaped += `\\u${character.charCodeAt(index).toString(16).padStart(4, '0')}`;
  return escaped;
}

/**
 * Split text into what shows as it is and the hidden characters in it, in order.
 * @param text any string
 * @returns pieces whose `text`/`hidden` parts joined give `text` back; each hidden piece has its escape (`\u202e`) and its code point (`U+202E`)
 */
export function hiddenPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let plain = '';
  for (const character of text) {
    if (!HIDDEN.test(character)) {
      plain += character;
      continue;
    }
    if (plain !== '') pieces.push({ text: plain });
    plain = '';
    const codePoint = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    pieces.push({ hidden: character, escape: escapeOf(character), codePoint });
  }
  if (plain !== '') pieces.push({ text: plain });
  return pieces;
}

/**
 * Text with every hidden character written as its `\uXXXX` escape, and the
 * code points it found, for a terminal where nothing can be marked but the
 * escape itself. Inside JSON text the escapes keep the JSON's meaning
 * (RFC 8259 section 7), since such characters stand only inside strings.
 * @returns the visible text, and the code points of the hidden characters in order (`U+202E`)
 */
export function revealHidden(text: string): { text: string; hidden: string[] } {
  const hidden: string[] = [];
  let shown = '';
  for (const piece of hiddenPieces(text)) {
    if ('text' in piece) shown += piece.text;
    else {
      shown += piece.escape;
      hidden.push(piece.codePoint);
    }
  }
  return { text: shown, hidden };
}
