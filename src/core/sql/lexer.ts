// Lexical "readings" of one SQL text, one per way a server could split it into
// code, literals and comments (SPEC 5.4.1, dialects). The PostgreSQL parser is
// the authority on structure, but a MySQL or SQLite server, or a PostgreSQL
// server with standard_conforming_strings off, may see a quote or comment end
// somewhere else. Each lexer here is small, iterative and linear in the input;
// the caller compares where each reading puts opaque text (literals, quoted
// identifiers, comments) and refuses when they disagree on any code character.
// Browser-safe: no Node APIs.

/** A way of reading the text. `postgresql-backslash` is PostgreSQL with standard_conforming_strings off. */
export type Reading = 'postgresql' | 'postgresql-backslash' | 'mysql' | 'sqlite';

/** An opaque region [start, end) in UTF-16 indexes. `quoted-identifier` covers MySQL/SQLite backticks and SQLite brackets. */
export interface Span {
  start: number;
  end: number;
  kind: 'string' | 'identifier' | 'comment' | 'quoted-identifier';
}

/** Coarse code tokens, only used to estimate nesting before parsing. */
export type CodeToken = { t: 'word'; v: string } | { t: 'open' } | { t: 'close' } | { t: 'comma' } | { t: 'semi' } | { t: 'other' };

export type LexResult = { ok: true; spans: Span[]; tokens: CodeToken[]; executableComment: boolean } | { ok: false; error: string };

const C_SPACE = 0x20;
const C_TAB = 0x09;
const C_LF = 0x0a;
const C_VT = 0x0b;
const C_FF = 0x0c;
const C_CR = 0x0d;
const C_QUOTE = 0x27; // '
const C_DQUOTE = 0x22; // "
const C_BACKTICK = 0x60; // `
const C_BACKSLASH = 0x5c;
const C_DOLLAR = 0x24;
const C_MINUS = 0x2d;
const C_SLASH = 0x2f;
const C_STAR = 0x2a;
const C_HASH = 0x23;

/** PostgreSQL's `space` class: space, tab, LF, CR, FF, VT (`c` is a UTF-16 code unit). Never throws. SPEC 5.4.1. */
function isSqlSpace(c: number): boolean {
  return c === C_SPACE || c === C_TAB || c === C_LF || c === C_CR || c === C_FF || c === C_VT;
}
function isNewline(c: number): boolean {
  return c === C_LF || c === C_CR;
}
function isLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}
function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}
/** PostgreSQL ident_start: letters, underscore, any non-ASCII. */
function isIdentStart(c: number): boolean {
  return isLetter(c) || c === 0x5f || c >= 0x80;
}
/** PostgreSQL ident_cont: ident_start, digits, dollar. */
function isIdentCont(c: number): boolean {
  return isIdentStart(c) || isDigit(c) || c === C_DOLLAR;
}
const OP_CHARS = new Set('~!@#^&|`?+-*/%<>='.split('').map((ch) => ch.charCodeAt(0)));

interface QuoteMode {
  backslash: boolean; // a backslash escapes the next character
  doubling: boolean; // '' inside is an escaped quote
  continuation: boolean; // PostgreSQL: 'a' <newline> 'b' is one literal
}

/**
 * PostgreSQL's whitespace_with_newline followed by a quote: returns the index
 * of that quote, or -1. Mirrors {horiz_space}*{newline}{special_whitespace}*.
 */
function pgContinuation(s: string, p: number): number {
  const n = s.length;
  let j = p;
  while (j < n) {
    const c = s.charCodeAt(j);
    if (c === C_SPACE || c === C_TAB || c === C_FF) j++;
    else break;
  }
  if (j >= n || !isNewline(s.charCodeAt(j))) return -1;
  j++;
  for (;;) {
    if (j >= n) return -1;
    const c = s.charCodeAt(j);
    if (isSqlSpace(c)) {
      j++;
      continue;
    }
    if (c === C_MINUS && s.charCodeAt(j + 1) === C_MINUS) {
      let k = j + 2;
      while (k < n && !isNewline(s.charCodeAt(k))) k++;
      if (k >= n) return -1; // a comment must be followed by a newline here
      j = k + 1;
      continue;
    }
    return c === C_QUOTE ? j : -1;
  }
}

/** End (exclusive) of a quoted run opened at `open` (the index of the opening quote char), or -1 if unterminated. */
function scanQuoted(s: string, open: number, quote: number, mode: QuoteMode): number {
  const n = s.length;
  let j = open + 1;
  while (j < n) {
    const c = s.charCodeAt(j);
    if (mode.backslash && c === C_BACKSLASH) {
      j += 2;
      continue;
    }
    if (c === quote) {
      if (mode.doubling && s.charCodeAt(j + 1) === quote) {
        j += 2;
        continue;
      }
      if (mode.continuation) {
        const k = pgContinuation(s, j + 1);
        if (k >= 0) {
          j = k + 1;
          continue;
        }
      }
      return j + 1;
    }
    j++;
  }
  return -1;
}

/** Dollar-quote tag at `i` (`$` or `$tag$`), returned as text, or undefined. */
function dollarTag(s: string, i: number): string | undefined {
  const n = s.length;
  let j = i + 1;
  if (j < n && s.charCodeAt(j) === C_DOLLAR) return '$$';
  if (j >= n) return undefined;
  const first = s.charCodeAt(j);
  if (!isIdentStart(first)) return undefined;
  j++;
  while (j < n) {
    const c = s.charCodeAt(j);
    if (isIdentStart(c) || isDigit(c)) j++;
    else break;
  }
  if (j < n && s.charCodeAt(j) === C_DOLLAR) return s.slice(i, j + 1);
  return undefined;
}

function pushCode(tokens: CodeToken[], s: string, i: number): number {
  // Returns the next index after one coarse code token starting at i.
  const n = s.length;
  const c = s.charCodeAt(i);
  if (c === 0x28 || c === 0x5b) {
    tokens.push({ t: 'open' });
    return i + 1;
  }
  if (c === 0x29 || c === 0x5d) {
    tokens.push({ t: 'close' });
    return i + 1;
  }
  if (c === 0x2c) {
    tokens.push({ t: 'comma' });
    return i + 1;
  }
  if (c === 0x3b) {
    tokens.push({ t: 'semi' });
    return i + 1;
  }
  if (OP_CHARS.has(c)) {
    let j = i + 1;
    while (j < n) {
      const d = s.charCodeAt(j);
      if (!OP_CHARS.has(d)) break;
      if (d === C_MINUS && s.charCodeAt(j + 1) === C_MINUS) break;
      if (d === C_SLASH && s.charCodeAt(j + 1) === C_STAR) break;
      j++;
    }
    tokens.push({ t: 'other' });
    return j;
  }
  tokens.push({ t: 'other' });
  return i + 1;
}

/** PostgreSQL reading; `backslashStrings` models standard_conforming_strings = off. */
function lexPostgres(s: string, backslashStrings: boolean): LexResult {
  const n = s.length;
  const spans: Span[] = [];
  const tokens: CodeToken[] = [];
  const plain: QuoteMode = { backslash: backslashStrings, doubling: true, continuation: true };
  const extended: QuoteMode = { backslash: true, doubling: true, continuation: true };
  const bits: QuoteMode = { backslash: false, doubling: false, continuation: true };
  const ident: QuoteMode = { backslash: false, doubling: true, continuation: false };
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (isSqlSpace(c)) {
      i++;
      continue;
    }
    if (c === C_MINUS && s.charCodeAt(i + 1) === C_MINUS) {
      let j = i + 2;
      while (j < n && !isNewline(s.charCodeAt(j))) j++;
      spans.push({ start: i, end: j, kind: 'comment' });
      i = j;
      continue;
    }
    if (c === C_SLASH && s.charCodeAt(i + 1) === C_STAR) {
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        const d = s.charCodeAt(j);
        if (d === C_SLASH && s.charCodeAt(j + 1) === C_STAR) {
          depth++;
          j += 2;
        } else if (d === C_STAR && s.charCodeAt(j + 1) === C_SLASH) {
          depth--;
          j += 2;
        } else j++;
      }
      if (depth > 0) return { ok: false, error: 'unterminated /* comment' };
      spans.push({ start: i, end: j, kind: 'comment' });
      i = j;
      continue;
    }
    if (c === C_QUOTE) {
      const end = scanQuoted(s, i, C_QUOTE, plain);
      if (end < 0) return { ok: false, error: 'unterminated quoted string' };
      spans.push({ start: i, end, kind: 'string' });
      tokens.push({ t: 'other' });
      i = end;
      continue;
    }
    if (c === C_DQUOTE) {
      const end = scanQuoted(s, i, C_DQUOTE, ident);
      if (end < 0) return { ok: false, error: 'unterminated quoted identifier' };
      spans.push({ start: i, end, kind: 'identifier' });
      tokens.push({ t: 'other' });
      i = end;
      continue;
    }
    if (c === C_DOLLAR) {
      const next = s.charCodeAt(i + 1);
      if (isDigit(next)) {
        let j = i + 1;
        while (j < n && isDigit(s.charCodeAt(j))) j++;
        tokens.push({ t: 'other' });
        i = j;
        continue;
      }
      const tag = dollarTag(s, i);
      if (tag !== undefined) {
        const close = s.indexOf(tag, i + tag.length);
        if (close < 0) return { ok: false, error: 'unterminated dollar-quoted string' };
        const end = close + tag.length;
        spans.push({ start: i, end, kind: 'string' });
        tokens.push({ t: 'other' });
        i = end;
        continue;
      }
      tokens.push({ t: 'other' });
      i++;
      continue;
    }
    if (isIdentStart(c)) {
      const next = s.charCodeAt(i + 1);
      // Prefixed literals start a token: E'…', B'…', X'…', N'…', U&'…', U&"…".
      if ((c === 0x55 || c === 0x75) && next === 0x26) {
        const q = s.charCodeAt(i + 2);
        if (q === C_QUOTE || q === C_DQUOTE) {
          const mode = q === C_QUOTE ? { ...plain, backslash: backslashStrings } : ident;
          const end = scanQuoted(s, i + 2, q, mode);
          if (end < 0) return { ok: false, error: q === C_QUOTE ? 'unterminated quoted string' : 'unterminated quoted identifier' };
          spans.push({ start: i, end, kind: q === C_QUOTE ? 'string' : 'identifier' });
          tokens.push({ t: 'other' });
          i = end;
          continue;
        }
      }
      if (next === C_QUOTE) {
        let mode: QuoteMode | undefined;
        if (c === 0x45 || c === 0x65) mode = extended;
        else if (c === 0x42 || c === 0x62 || c === 0x58 || c === 0x78) mode = bits;
        else if (c === 0x4e || c === 0x6e) mode = plain;
        if (mode) {
          const end = scanQuoted(s, i + 1, C_QUOTE, mode);
          if (end < 0) return { ok: false, error: 'unterminated quoted string' };
          spans.push({ start: i, end, kind: 'string' });
          tokens.push({ t: 'other' });
          i = end;
          continue;
        }
      }
      let j = i + 1;
      while (j < n && isIdentCont(s.charCodeAt(j))) j++;
      tokens.push({ t: 'word', v: s.slice(i, j).toLowerCase() });
      i = j;
      continue;
    }
    if (isDigit(c) || (c === 0x2e && isDigit(s.charCodeAt(i + 1)))) {
      // Numbers, including 0x…, 1_000, 1.5e-3 and trailing junk (which the parser rejects).
      let j = i + 1;
      while (j < n) {
        const d = s.charCodeAt(j);
        if (isDigit(d) || d === 0x2e || d === 0x5f) j++;
        else if (isLetter(d) || d >= 0x80) {
          j++;
          // exponent sign
          if ((d === 0x45 || d === 0x65) && (s.charCodeAt(j) === 0x2b || s.charCodeAt(j) === C_MINUS) && isDigit(s.charCodeAt(j + 1))) j++;
        } else break;
      }
      tokens.push({ t: 'other' });
      i = j;
      continue;
    }
    i = pushCode(tokens, s, i);
  }
  return { ok: true, spans, tokens, executableComment: false };
}

/** MySQL (default sql_mode): backslash escapes in '…' and "…", backtick identifiers, # and "-- " comments, flat (non-nesting) block comments. */
function lexMysql(s: string): LexResult {
  const n = s.length;
  const spans: Span[] = [];
  const quoted: QuoteMode = { backslash: true, doubling: true, continuation: false };
  const backtick: QuoteMode = { backslash: false, doubling: true, continuation: false };
  let executableComment = false;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === C_HASH || (c === C_MINUS && s.charCodeAt(i + 1) === C_MINUS && (i + 2 >= n || s.charCodeAt(i + 2) <= 0x20 || s.charCodeAt(i + 2) === 0x7f))) {
      let j = i + 1;
      while (j < n && s.charCodeAt(j) !== C_LF) j++;
      spans.push({ start: i, end: j, kind: 'comment' });
      i = j;
      continue;
    }
    if (c === C_SLASH && s.charCodeAt(i + 1) === C_STAR) {
      const k = s.charCodeAt(i + 2);
      if (k === 0x21 || k === 0x2b || (k === 0x4d && s.charCodeAt(i + 3) === 0x21)) executableComment = true;
      const close = s.indexOf('*/', i + 2);
      if (close < 0) return { ok: false, error: 'unterminated /* comment' };
      spans.push({ start: i, end: close + 2, kind: 'comment' });
      i = close + 2;
      continue;
    }
    if (c === C_QUOTE || c === C_DQUOTE) {
      const end = scanQuoted(s, i, c, quoted);
      if (end < 0) return { ok: false, error: 'unterminated quoted string' };
      spans.push({ start: i, end, kind: 'string' });
      i = end;
      continue;
    }
    if (c === C_BACKTICK) {
      const end = scanQuoted(s, i, c, backtick);
      if (end < 0) return { ok: false, error: 'unterminated quoted identifier' };
      spans.push({ start: i, end, kind: 'quoted-identifier' });
      i = end;
      continue;
    }
    i++;
  }
  return { ok: true, spans, tokens: [], executableComment };
}

/** SQLite: no backslash escapes, "…", `…` and […] identifiers, -- comments, flat block comments that may run to the end. */
function lexSqlite(s: string): LexResult {
  const n = s.length;
  const spans: Span[] = [];
  const doubled: QuoteMode = { backslash: false, doubling: true, continuation: false };
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === C_MINUS && s.charCodeAt(i + 1) === C_MINUS) {
      let j = i + 2;
      while (j < n && s.charCodeAt(j) !== C_LF) j++;
      spans.push({ start: i, end: j, kind: 'comment' });
      i = j;
      continue;
    }
    if (c === C_SLASH && s.charCodeAt(i + 1) === C_STAR) {
      const close = s.indexOf('*/', i + 2);
      const end = close < 0 ? n : close + 2;
      spans.push({ start: i, end, kind: 'comment' });
      i = end;
      continue;
    }
    if (c === C_QUOTE) {
      const end = scanQuoted(s, i, c, doubled);
      if (end < 0) return { ok: false, error: 'unterminated quoted string' };
      spans.push({ start: i, end, kind: 'string' });
      i = end;
      continue;
    }
    if (c === C_DQUOTE) {
      const end = scanQuoted(s, i, c, doubled);
      if (end < 0) return { ok: false, error: 'unterminated quoted identifier' };
      spans.push({ start: i, end, kind: 'identifier' });
      i = end;
      continue;
    }
    if (c === C_BACKTICK) {
      const end = scanQuoted(s, i, c, doubled);
      if (end < 0) return { ok: false, error: 'unterminated quoted identifier' };
      spans.push({ start: i, end, kind: 'quoted-identifier' });
      i = end;
      continue;
    }
    if (c === 0x5b) {
      const close = s.indexOf(']', i + 1);
      if (close < 0) return { ok: false, error: 'unterminated [identifier]' };
      spans.push({ start: i, end: close + 1, kind: 'quoted-identifier' });
      i = close + 1;
      continue;
    }
    i++;
  }
  return { ok: true, spans, tokens: [], executableComment: false };
}

/**
 * Lex `s` the way `reading` would: opaque spans (UTF-16 [start, end)), coarse
 * code tokens (PostgreSQL readings only) and whether a MySQL executable comment
 * was seen; or `{ ok: false, error }` for an unterminated quote or comment.
 * Linear time, no recursion. Never throws. SPEC 5.4.1 (dialects).
 */
export function lex(s: string, reading: Reading): LexResult {
  switch (reading) {
    case 'postgresql':
      return lexPostgres(s, false);
    case 'postgresql-backslash':
      return lexPostgres(s, true);
    case 'mysql':
      return lexMysql(s);
    case 'sqlite':
      return lexSqlite(s);
  }
}

/** A mask of `length` bytes, 1 at every UTF-16 index inside one of `spans`, 0 elsewhere. Never throws. SPEC 5.4.1. */
export function opaqueMask(length: number, spans: readonly Span[]): Uint8Array {
  const mask = new Uint8Array(length);
  for (const sp of spans) mask.fill(1, Math.max(0, sp.start), Math.min(length, sp.end));
  return mask;
}

/**
 * First index where one mask calls a non-space character code and the other
 * calls it opaque, or -1 when the two readings agree on every code character.
 * `a` and `b` are masks from {@link opaqueMask} over `s`. Never throws. SPEC 5.4.1.
 */
export function firstDisagreement(s: string, a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < s.length; i++) {
    if (a[i] !== b[i] && !isSqlSpace(s.charCodeAt(i))) return i;
  }
  return -1;
}

/**
 * Rewrite MySQL/SQLite quoted identifiers (`x`, [x]) as PostgreSQL "x", keeping
 * every offset unchanged. Returns undefined when an identifier holds a double
 * quote or a doubled backtick, which could not be rewritten one for one.
 * `spans` come from the MySQL or SQLite reading of `s`. Never throws. SPEC 5.4.1.
 */
export function rewriteQuotedIdentifiers(s: string, spans: readonly Span[]): string | undefined {
  let out = '';
  let last = 0;
  for (const sp of spans) {
    if (sp.kind !== 'quoted-identifier') continue;
    const inner = s.slice(sp.start + 1, sp.end - 1);
    if (inner.includes('"') || inner.includes('`')) return undefined;
    out += `${s.slice(last, sp.start)}"${inner}"`;
    last = sp.end;
  }
  return last === 0 ? s : out + s.slice(last);
}
