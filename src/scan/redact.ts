/**
 * Making server-provided text safe to print. A server chooses its tool
 * names and writes what it likes to stderr; printed raw, that text could
 * carry terminal escape sequences, or echo a token it was given. Best
 * effort: a secret transformed on the way out (encoded, split) is missed.
 */
import { safeText, stripControls } from '../core/safe-text.ts';

/** Values shorter than this are not redacted by value (they would blank common words). */
const MIN_SECRET_LENGTH = 6;

/** Common token shapes, replaced whatever their source. */
const TOKEN_SHAPES: readonly RegExp[] = [
  /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}\b/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}\b/g,
  /\bglpat-[A-Za-z0-9_-]{16,}\b/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g,
  /\b(?:sk|rk|pk)[-_](?:live|test|proj|ant)?[-_]?[A-Za-z0-9_-]{16,}\b/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{30,}\b/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g,
  /\b(?:Bearer|Basic|token)\s+[A-Za-z0-9._~+/=-]{12,}/gi,
  /\b([a-z][a-z0-9+.-]*:\/\/)[^/\s:@]+:[^/\s@]+@/gi,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  /\b((?:api[_-]?key|token|secret|password|passwd|pwd|auth)[A-Za-z_]*\s*[=:]\s*)["']?[^\s"',;]{6,}/gi,
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Replace known secret values and common token shapes with `[redacted]`.
 * @param text any text
 * @param secrets values to remove wherever they appear (env and header values of the configuration)
 */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  const values = [...new Set(secrets.filter((value) => value.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
  for (const value of values) out = out.replace(new RegExp(escapeRegExp(value), 'g'), '[redacted]');
  for (const shape of TOKEN_SHAPES) {
    out = out.replace(shape, (match, prefix: unknown) => (typeof prefix === 'string' && match.startsWith(prefix) ? `${prefix}[redacted]` : '[redacted]'));
  }
  return out;
}

/** Option names whose value is taken for a secret: `--api-key VALUE`, `--token=VALUE`. */
const SECRET_OPTION = /key|token|secret|passw|pwd|auth|credential/i;

/**
 * Argument values of an entry that look like secrets, for redaction only
 * (best effort): the word after an option whose name contains key, token,
 * secret, password, auth or credential, and the value of `--option=value`
 * and `NAME=value` words with such a name.
 */
export function argumentSecrets(args: readonly string[]): string[] {
  const out: string[] = [];
  args.forEach((arg, i) => {
    const assigned = /^-{0,2}([A-Za-z0-9_.-]+)=(.+)$/s.exec(arg);
    if (assigned !== null) {
      if (SECRET_OPTION.test(assigned[1]!)) out.push(assigned[2]!);
      return;
    }
    const next = args[i + 1];
    if (/^--?[A-Za-z]/.test(arg) && SECRET_OPTION.test(arg) && next !== undefined && !next.startsWith('-')) out.push(next);
  });
  return out;
}

/** Shortest end of a secret redacted at the start of a cut tail. */
const MIN_CUT_SUFFIX = 3;

/**
 * Redact the kept tail of a server's stderr. When earlier output was
 * dropped (`cut`), the tail may begin inside a secret, where neither the
 * whole value nor a token shape matches: the partial first line is dropped
 * (or, in a tail with no line break, the partial first word), and an end of
 * any secret the remaining text starts with is redacted too.
 */
export function redactTail(text: string, secrets: readonly string[], cut: boolean): string {
  let out = text;
  if (cut) {
    const newline = out.indexOf('\n');
    if (newline >= 0) out = out.slice(newline + 1);
    else {
      for (const value of [...new Set(secrets)].sort((a, b) => b.length - a.length)) {
        const longest = Array.from({ length: value.length - MIN_CUT_SUFFIX + 1 }, (_, k) => value.slice(k)).find(
          (end) => end.length >= MIN_CUT_SUFFIX && out.startsWith(end),
        );
        if (longest !== undefined) {
          out = `[redacted]${out.slice(longest.length)}`;
          break;
        }
      }
      if (!out.startsWith('[redacted]')) out = out.replace(/^\S*/, '[cut]');
    }
  }
  return redact(out, secrets);
}

/** Remove terminal escape sequences whole: CSI (`ESC [ … final byte`) and OSC (`ESC ] … BEL` or `ESC ] … ESC \\`). */
function stripEscapes(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ESC and BEL delimit the sequences this removes.
  return text.replace(/\u001b\[[0-?]*[ -/]*[@-~]/g, '').replace(/\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?/g, '');
}

/** Remove terminal escape sequences and every other unsafe character (`src/core/safe-text.ts`), keeping newlines and tabs. */
export function stripControl(text: string): string {
  return safeText(stripEscapes(text), { keepTabAndNewline: true });
}

/**
 * Text as it may reach a terminal: escape sequences, every C0 and C1
 * control character except the newline (tabs too), line and paragraph
 * separators, and bidirectional and invisible formatting characters
 * (Unicode category Cf) removed. The text report passes through this as a
 * whole, so no field can bypass it.
 */
export function terminalSafe(text: string): string {
  return safeText(stripEscapes(text).replace(/[\t\r\u2028\u2029]/g, ' '), { keepTabAndNewline: true });
}

/** Longest tool name shown in full; longer ones are cut with `…`. */
const MAX_SHOWN_NAME = 128;

/**
 * A server-provided name as the scan report holds it: terminal escape
 * sequences and C0/C1 control characters removed (tab, CR and newline become
 * spaces), known secrets redacted, cut to {@link MAX_SHOWN_NAME} characters.
 * Bidirectional and invisible format characters (Unicode Cf) and U+2028/U+2029
 * stay, so `--json` can show them escaped as \uXXXX rather than pass off
 * `read\u200f_me` as `read_me` (issue 15); the text report removes them with
 * {@link terminalSafe} and `--json` escapes them with `escapeUnsafeInJson`.
 */
export function safeName(name: string, secrets: readonly string[] = []): string {
  const clean = redact(stripControls(stripEscapes(name).replace(/[\r\n\t]/g, ' ')), secrets);
  return clean.length > MAX_SHOWN_NAME ? `${clean.slice(0, MAX_SHOWN_NAME)}…` : clean;
}
