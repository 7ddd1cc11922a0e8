/**
 * Small text helpers the exporters share. Browser-safe.
 */
import { safeText } from '../core/safe-text.ts';

/**
 * Make a value safe for a one-line comment: control characters (newlines
 * included) become spaces, so a record's text can never end a comment early.
 */
export function commentSafe(text: string): string {
  return safeText(text, { replacement: ' ', runs: true }).trim();
}

/**
 * Quote a string with double quotes and backslash escapes for languages
 * whose string literals accept `\\`, `\"`, `\n`, `\r`, `\t` and `\u{…}`
 * (Cedar) — every other control character is written as `\u{hex}`.
 */
export function braceEscapedString(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '\\') out += '\\\\';
    else if (char === '"') out += '\\"';
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029) out += `\\u{${code.toString(16)}}`;
    else out += char;
  }
  return `${out}"`;
}

/** Compare strings by UTF-16 code units, for stable sorting independent of locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
