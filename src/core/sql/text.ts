// Small text helpers for the SQL analysis (SPEC 5.4.1). Browser-safe: no Node APIs.

/**
 * UTF-8 length of a JS string in bytes, counting a lone surrogate as 3 bytes
 * (what an encoder would emit for U+FFFD). Stops counting once `stopAbove` is
 * passed, so a huge string costs no more than the cap. Never throws. SPEC 5.4.1 (size cap).
 */
import { safeText } from '../safe-text.ts';
export function utf8Length(s: string, stopAbove = Infinity): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
    if (n > stopAbove) return n;
  }
  return n;
}

/** True when every surrogate in `s` is part of a pair (the string is valid UTF-16). Never throws. SPEC 5.4.1. */
export function isWellFormedUtf16(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (d < 0xdc00 || d > 0xdfff) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}

/**
 * Map from UTF-8 byte offset to UTF-16 index for `s` (which must be well formed).
 * Returns a function; offsets that fall inside a multi-byte character map to the
 * index of that character, offsets past the end map to `s.length`. Never throws.
 * Used to read libpg-query's scanner offsets (UTF-8 bytes). SPEC 5.4.1.
 */
export function byteToIndexMapper(s: string): (byteOffset: number) => number {
  // Fast path: pure ASCII strings have identical offsets.
  let ascii = true;
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii) return (b) => (b < 0 ? 0 : Math.min(b, s.length));
  const starts: number[] = []; // starts[k] = byte offset of UTF-16 index k
  let b = 0;
  for (let i = 0; i < s.length; i++) {
    starts.push(b);
    const c = s.charCodeAt(i);
    if (c < 0x80) b += 1;
    else if (c < 0x800) b += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      starts.push(b); // the low surrogate shares the pair's start
      b += 4;
      i++;
    } else b += 3;
  }
  const total = b;
  return (off) => {
    if (off <= 0) return 0;
    if (off >= total) return s.length;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= off) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
}

/**
 * Turn an error message from the parser into a short, safe reason fragment:
 * drops the quoted excerpt of the input (` at or near "…"`, ` at end of input`),
 * control characters, and anything past 80 characters; lowercased. Never throws. SPEC 5.4.1 (reasons).
 */
export function shortParserMessage(message: unknown): string {
  let m = typeof message === 'string' ? message : 'unknown error';
  const cut = m.search(/ at or near | at end of input/);
  if (cut >= 0) m = m.slice(0, cut);
  m = safeText(m, { replacement: ' ', runs: true }).trim();
  if (m.length > 80) m = `${m.slice(0, 77)}...`;
  return m.length > 0 ? m.toLowerCase() : 'unknown error';
}

/** An identifier from the input made safe for a reason: control characters replaced by ?, at most 64 characters. Never throws. SPEC 5.4.1. */
export function safeName(name: string): string {
  let n = safeText(name, { replacement: '?' });
  if (n.length > 64) n = `${n.slice(0, 61)}...`;
  return n;
}
