// Every URL-looking text anywhere in a call's arguments (SPEC 9, SPEC 5.4.2).
//
// A destination can hide in any argument (a header, a proxy setting, a field of
// a nested object, an object key), so the session guard checks all of them.
// What counts as URL-looking errs on the side of finding too much: a found
// string that is not really a URL is simply refused by checkUrl.
// Browser-safe: no Node APIs.

import { URL_MAX_LENGTH } from './check.ts';

/** Bounds for {@link findUrls}. Exceeding any of them sets `truncated`. */
export interface FindUrlLimits {
  /** Strings (values and object keys) examined; default 10,000. */
  maxStrings?: number;
  /** Nesting depth of arrays and objects; default 64. */
  maxDepth?: number;
  /** Total UTF-16 code units examined; default 1,000,000. */
  maxChars?: number;
  /** URLs returned; default 1,000. */
  maxUrls?: number;
}

const DEFAULTS = { maxStrings: 10_000, maxDepth: 64, maxChars: 1_000_000, maxUrls: 1_000 };

/** Schemes that make a whole value a URL even without `//` (fetchable, or able to run script). */
const KNOWN_SCHEMES = new Set(
  'http https ws wss ftp ftps sftp file javascript vbscript data blob filesystem mailto view-source about gopher ldap ldaps ssh git smb dict telnet tftp irc'.split(
    ' ',
  ),
);

const EMBEDDED_START =
  /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*:[\\/][\\/]|(?<![A-Za-z0-9+.-])(?:https?|wss?|ftps?|file|javascript|vbscript|data):(?=[^\s"'<>`])|(?<=^|[\s"'(<=[{,;])[\\/][\\/](?=[^\\/\s])/gi;

const BARE_HOST = /^(?:(?:[A-Za-z0-9-]+\.)+[A-Za-z][A-Za-z0-9-]*\.?|\d{1,3}(?:\.\d{1,3}){3}|localhost|\[[0-9A-Fa-f:.]*\])(?=$|[:/?#@\\])/i;

/**
 * A host and port inside running text (`connect to attacker.example:8080`,
 * `proxy=10.0.0.1:3128`), SPEC 9.4: a host name with a dot, an IPv4 address,
 * `localhost` or `[IPv6]`, then `:` and 1–5 digits. Not preceded by a letter,
 * digit, dot, hyphen, `@` or `/` (so the authority of a URL already found is
 * not reported twice).
 */
const EMBEDDED_HOST_PORT =
  /(?<![A-Za-z0-9.@/\\-])(?:(?:[A-Za-z0-9-]+\.)+[A-Za-z][A-Za-z0-9-]*|\d{1,3}(?:\.\d{1,3}){3}|localhost|\[[0-9A-Fa-f:.]+\]):\d{1,5}(?![0-9])/gi;

/** Rounds of percent-decoding looked through (`%253A` is two); a string still changing after them is not searched completely. */
const MAX_DECODE_ROUNDS = 4;

/**
 * `s` with every `%XX` escape decoded (invalid UTF-8 sequences left as they
 * are), or undefined when it holds none. Never throws.
 */
function percentDecoded(s: string): string | undefined {
  if (!/%[0-9A-Fa-f]{2}/.test(s)) return undefined;
  try {
    return decodeURIComponent(s);
  } catch {
    // Decode what forms valid UTF-8 and keep the rest.
    return s.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

function isDelimiter(c: number): boolean {
  // ASCII space and characters that end a URL in running text. Unicode spaces are
  // deliberately not delimiters: a URL parser would keep them, and checkUrl refuses them.
  return c === 0x20 || c === 0x22 || c === 0x27 || c === 0x3c || c === 0x3e || c === 0x60;
}

const TRAILING_PUNCT = /[.,;:!?)\]}]+$/;

interface Stripped {
  text: string;
  at: number[]; // at[i] = index in the original of text[i]
}

/** Remove tab, LF and CR, which WHATWG and Python's urlsplit both delete anywhere in a URL. */
function stripTabsNewlines(s: string): Stripped | undefined {
  if (!/[\t\n\r]/.test(s)) return undefined;
  let text = '';
  const at: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x09 || c === 0x0a || c === 0x0d) continue;
    text += s[i];
    at.push(i);
  }
  return { text, at };
}

/**
 * Candidates in one string. `s` is the original; work happens on the copy without
 * tabs and newlines, and each candidate is cut from the original so that any
 * removed character stays in it (and makes checkUrl refuse it).
 */
function candidatesIn(s: string, out: (url: string) => boolean, nestedOnly = false): boolean {
  return scan(s, out, nestedOnly).ok;
}

/** {@link candidatesIn}, also saying whether the whole value counted as a URL. */
function scan(s: string, out: (url: string) => boolean, nestedOnly: boolean): { ok: boolean; whole: boolean } {
  const st = stripTabsNewlines(s);
  const text = st ? st.text : s;
  const original = (a: number, b: number): string => {
    if (!st) return s.slice(a, b);
    if (b <= a) return '';
    return s.slice(st.at[a] as number, (st.at[b - 1] as number) + 1);
  };
  // Whole value: leading and trailing C0 controls and spaces are trimmed, as URL parsers do.
  let a = 0;
  let b = text.length;
  while (a < b && text.charCodeAt(a) <= 0x20) a++;
  while (b > a && text.charCodeAt(b - 1) <= 0x20) b--;
  let wholeStart = -1;
  if (a < b) {
    const t = text.slice(a, b);
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(t);
    if (scheme && (scheme[1] as string).length > 1 && (KNOWN_SCHEMES.has((scheme[1] as string).toLowerCase()) || /^[\\/]/.test(t.slice(scheme[0].length)))) {
      wholeStart = a;
      if (!nestedOnly && !out(original(a, b))) return { ok: false, whole: wholeStart >= 0 };
    } else if (/^[\\/][\\/][^\\/]/.test(t)) {
      wholeStart = a;
      if (!nestedOnly && !out(`https:${original(a, b)}`)) return { ok: false, whole: wholeStart >= 0 };
    } else if (BARE_HOST.test(t)) {
      wholeStart = a;
      if (!nestedOnly && !out(`https://${original(a, b)}`)) return { ok: false, whole: wholeStart >= 0 };
    }
  }
  // Embedded URLs in running text.
  EMBEDDED_START.lastIndex = 0;
  for (let m = EMBEDDED_START.exec(text); m !== null; m = EMBEDDED_START.exec(text)) {
    const start = m.index;
    if (m[0].length === 0) {
      EMBEDDED_START.lastIndex++;
      continue;
    }
    // Scan at most one character past the cap: a longer candidate is refused by checkUrl
    // anyway, and the bound keeps nested searching linear in the text.
    const limit = Math.min(text.length, start + URL_MAX_LENGTH + 1);
    let end = start;
    while (end < limit && !isDelimiter(text.charCodeAt(end))) end++;
    // Go on searching inside this URL: a URL in its path, query or fragment
    // (`https://allowed.example/?u=https://attacker.example/`) is a second
    // destination for a server that follows or fetches it.
    EMBEDDED_START.lastIndex = start + m[0].length;
    if (start === wholeStart) continue;
    const trimmed = text.slice(start, end).replace(TRAILING_PUNCT, '');
    if (trimmed.length === 0) continue;
    const piece = original(start, start + trimmed.length);
    const url = /^[\\/]/.test(trimmed) ? `https:${piece}` : piece;
    if (!out(url)) return { ok: false, whole: wholeStart >= 0 };
  }
  // Host and port in running text (SPEC 9.4), the whole value aside (handled above).
  EMBEDDED_HOST_PORT.lastIndex = 0;
  for (let m = EMBEDDED_HOST_PORT.exec(text); m !== null; m = EMBEDDED_HOST_PORT.exec(text)) {
    if (m.index === wholeStart) continue;
    if (!out(`https://${original(m.index, m.index + m[0].length)}`)) return { ok: false, whole: wholeStart >= 0 };
  }
  return { ok: true, whole: wholeStart >= 0 };
}

/**
 * {@link candidatesIn} on `s`, then on each round of its percent-decoding
 * (a server may decode `?u=https%3A%2F%2Fattacker.example` before following
 * it), reporting from the decoded text only what is nested when the value
 * as written already was a URL (not the whole value again). Returns false when `out` refused more, or when the text was
 * still changing after {@link MAX_DECODE_ROUNDS} rounds (`undecoded` is then
 * set). Never throws.
 */
function candidatesDecoded(s: string, out: (url: string) => boolean, onUndecoded: () => void): boolean {
  const first = scan(s, out, false);
  if (!first.ok) return false;
  let current = s;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    const next = percentDecoded(current);
    if (next === undefined || next === current) return true;
    if (!candidatesIn(next, out, first.whole)) return false;
    current = next;
  }
  if (percentDecoded(current) !== undefined && percentDecoded(current) !== current) {
    onUndecoded();
    return false;
  }
  return true;
}

/**
 * Every URL-looking substring of every string anywhere in `value` (object keys
 * included), in order of discovery, without duplicates (SPEC 9, 5.4.2).
 * A string counts when: as a whole (trimmed) it starts with a URL scheme
 * (`x://`, or a known scheme such as `https:`, `javascript:`, `data:`), with
 * `//` (returned with `https:` prepended), or with a host name, IPv4 address,
 * `[IPv6]` or `localhost` followed by nothing or `:/?#@\` (returned with
 * `https://` prepended); and anywhere inside, at a scheme followed by two
 * slashes, at `http(s):`/`ws(s):`/`ftp:`/`file:`/`javascript:`/`data:`, or at a
 * `//` after a space, quote or bracket, up to the next ASCII space, quote,
 * angle bracket or backtick (trailing `.,;:!?)]}` dropped), and again inside
 * each URL found, so a URL in another's path, query or fragment is reported
 * too; a host name, IPv4 address, `localhost` or `[IPv6]` followed by `:port`
 * anywhere in running text (returned with `https://` prepended); and the same
 * nested finds in up to four rounds of percent-decoding of each string (a
 * string still changing after them sets `truncated`). Tabs and newlines
 * are looked through, as URL parsers delete them, but kept in the returned
 * text so the URL is refused. Bare host names inside running text are not
 * reported. Work is bounded by `limits`; `truncated: true` means some input
 * was not examined (too many strings, too deep, too long, too many URLs, or a
 * non-plain object such as a Map or a URL instance) and the caller must fail
 * closed. Never throws.
 */
export function findUrls(value: unknown, limits?: FindUrlLimits): { urls: string[]; truncated: boolean } {
  const lim = { ...DEFAULTS, ...(limits ?? {}) };
  const found = new Set<string>();
  let strings = 0;
  let chars = 0;
  let truncated = false;
  const add = (url: string): boolean => {
    if (found.has(url)) return true;
    if (found.size >= lim.maxUrls) {
      truncated = true;
      return false;
    }
    found.add(url);
    return true;
  };
  const visitString = (s: string): boolean => {
    strings++;
    chars += s.length;
    if (strings > lim.maxStrings || chars > lim.maxChars) {
      truncated = true;
      return false;
    }
    return candidatesDecoded(s, add, () => {
      truncated = true;
    });
  };
  try {
    const seen = new WeakSet<object>();
    const stack: Array<[unknown, number]> = [[value, 0]];
    while (stack.length > 0) {
      const [v, depth] = stack.pop() as [unknown, number];
      if (typeof v === 'string') {
        if (!visitString(v)) break;
        continue;
      }
      if (v === null || typeof v !== 'object') continue;
      if (depth >= lim.maxDepth) {
        truncated = true;
        break;
      }
      if (seen.has(v)) continue;
      seen.add(v);
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], depth + 1]);
        continue;
      }
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) {
        truncated = true;
        break;
      }
      const keys = Object.keys(v);
      let ok = true;
      for (const k of keys) {
        if (!visitString(k)) {
          ok = false;
          break;
        }
      }
      if (!ok) break;
      for (let i = keys.length - 1; i >= 0; i--) stack.push([(v as Record<string, unknown>)[keys[i] as string], depth + 1]);
    }
  } catch {
    truncated = true;
  }
  return { urls: [...found], truncated };
}
