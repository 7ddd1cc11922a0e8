/**
 * The one filter for text that came from outside (a record, a client
 * configuration, a server's tool list, an error message) before it reaches
 * a terminal, a log line, a policy comment or a reason. Browser-safe.
 *
 * Unsafe characters, one set for every use:
 * - C0 controls U+0000–U+001F (tab and newline too, unless kept);
 * - DEL and the C1 controls U+007F–U+009F;
 * - the line and paragraph separators U+2028 and U+2029;
 * - every Unicode format character (category Cf): the bidirectional
 *   embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069),
 *   the marks U+200E/U+200F and U+061C, the zero-width characters
 *   U+200B–U+200D, the soft hyphen, the byte-order mark U+FEFF, and the rest.
 * Terminal escape sequences are unsafe as a whole; `src/scan/redact.ts`
 * removes them before this filter sees their remains.
 */

const UNSAFE = '[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]|\\p{Cf}';
const UNSAFE_KEEPING_TAB_AND_NEWLINE = '[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029]|\\p{Cf}';

/** How {@link safeText} treats unsafe characters. */
export interface SafeTextOptions {
  /** What an unsafe character becomes; removed (`''`) by default. Use `' '` for one-line text, `'?'` where a removal must show. */
  replacement?: string;
  /** Replace each run of unsafe characters once, rather than each character. */
  runs?: boolean;
  /** Keep tab (U+0009) and newline (U+000A), for text shown on several lines. */
  keepTabAndNewline?: boolean;
}

const patterns = new Map<string, RegExp>();

/** The set as a global regular expression (cached per variant). */
function unsafePattern(options: SafeTextOptions): RegExp {
  const key = `${options.runs === true ? '+' : ''}${options.keepTabAndNewline === true ? 'k' : ''}`;
  let pattern = patterns.get(key);
  if (pattern === undefined) {
    const set = options.keepTabAndNewline === true ? UNSAFE_KEEPING_TAB_AND_NEWLINE : UNSAFE;
    pattern = new RegExp(options.runs === true ? `(?:${set})+` : set, 'gu');
    patterns.set(key, pattern);
  }
  return pattern;
}

/**
 * Text with every unsafe character (see the module comment) removed or replaced.
 * @param text any string; lone surrogates pass through unchanged
 * @returns the text with no unsafe character left but, with `keepTabAndNewline`, tabs and newlines
 */
export function safeText(text: string, options: SafeTextOptions = {}): string {
  return text.replace(unsafePattern(options), options.replacement ?? '');
}

const CONTROLS = /[\p{Cc}]/gu;

/**
 * Text with the C0 and C1 controls (U+0000–U+001F, U+007F–U+009F, Unicode's Cc) removed and everything
 * else kept, format characters (Cf) included: for text that is escaped later rather than stripped
 * (`rclass scan --json` shows a server's `read\u200f_me` as such, SPEC 7).
 */
export function stripControls(text: string): string {
  return text.replace(CONTROLS, '');
}

/** Whether a string holds any unsafe character (tab and newline included). */
export function hasUnsafeText(text: string): boolean {
  return new RegExp(UNSAFE, 'u').test(text);
}

/**
 * JSON text with every unsafe character (see the module comment) written as a
 * `\uXXXX` escape (a surrogate pair above U+FFFF), so the JSON parses to the
 * same value while a terminal, an editor or a diff showing the text sees no
 * bidirectional override or invisible character. JSON.stringify already
 * escapes U+0000–U+001F; the rest of the set (DEL, C1, U+2028/U+2029, Cf)
 * it leaves raw (ECMA-262 JSON.stringify, QuoteJSONString). Every such
 * character can only stand inside a JSON string, so escaping it there is
 * lossless (RFC 8259 section 7).
 * @param json the output of JSON.stringify
 * @returns the same JSON with those characters escaped
 */
export function escapeUnsafeInJson(json: string): string {
  // C0 controls are left out: inside strings JSON.stringify has escaped them, and outside they are the JSON's own newlines and indentation.
  return json.replace(/[\u007f-\u009f\u2028\u2029]|\p{Cf}/gu, (character) => {
    let escaped = '';
    for (let index = 0; index < character.length; index += 1) escaped += `\\u${character.charCodeAt(index).toString(16).padStart(4, '0')}`;
    return escaped;
  });
}
