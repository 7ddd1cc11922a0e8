// One URL against a host allowlist (SPEC 9, SPEC 5.4.2).
//
// The hook parses with the WHATWG parser, but the component that fetches may
// be Python, Go or curl, and they do not all split a URL the same way. So a URL
// is only allowed when its raw text is unambiguous: the rules below refuse
// every spelling on which common parsers are known to disagree, and then
// require the WHATWG host to equal the host read straight from the raw text.
// Browser-safe: only the global URL is used.

import { coveringEntry, isBracketedIpv6, isCanonicalIpv4, isLdhHostname, parseAllowlist, type RegistrableDomainOf, suffixBlocks } from './host.ts';

/** Longest URL accepted, in UTF-16 code units. Longer ones are refused unparsed. */
export const URL_MAX_LENGTH = 8192;

/** Outcome of {@link checkUrl}; `host` is the WHATWG hostname when the URL got that far. */
export interface UrlVerdict {
  allowed: boolean;
  host?: string;
  reason: string;
}

function refuse(reason: string, host?: string): UrlVerdict {
  return host === undefined ? { allowed: false, reason } : { allowed: false, host, reason };
}

/**
 * Is `raw` an http(s) URL whose host is covered by `allowlist`? (SPEC 9, 5.4.2)
 * `allowlist` entries are normalised as by {@link parseAllowlist}; invalid
 * entries are ignored. Refused, whatever the allowlist: non-strings; URLs over
 * {@link URL_MAX_LENGTH}; any whitespace or control character; any backslash;
 * schemes other than http and https, or a scheme not followed by `//`; an `@`
 * anywhere before the first `/` of the path (userinfo, or a `?`/`#` trick);
 * `%` or non-ASCII in the authority; an empty or malformed port; a trailing
 * dot; a host that is not letters, digits, hyphens and dots; a host the
 * WHATWG parser serialises differently from the raw text (IDNA mapping,
 * IPv4 in decimal/octal/hex/short form, IPv6 in a non-canonical spelling).
 * IP literals are allowed only by an identical entry. With
 * `registrableDomain` (the Public Suffix List), an entry covers a host name
 * only at or below the host's registrable domain (SPEC 9.4). Never throws.
 */
export function checkUrl(raw: unknown, allowlist: readonly string[], registrableDomain?: RegistrableDomainOf): UrlVerdict {
  try {
    return check(raw, allowlist, registrableDomain);
  } catch {
    return refuse('internal error while checking the url');
  }
}

/**
 * Is `raw` an http(s) URL that every parser reads the same way, whatever its
 * host? (SPEC 5.4.2, `url_http`): the same refusals as {@link checkUrl}
 * without the allowlist, so a `javascript:`, `data:` or `file:` URL, or one
 * a browser could read as another scheme (leading blanks, control
 * characters), never passes. Never throws.
 */
export function checkHttpUrl(raw: unknown): UrlVerdict {
  try {
    return check(raw, 'any', undefined);
  } catch {
    return refuse('internal error while checking the url');
  }
}

function check(raw: unknown, allowlist: readonly string[] | 'any', registrableDomain: RegistrableDomainOf | undefined): UrlVerdict {
  if (typeof raw !== 'string') return refuse('not a string');
  if (raw.length > URL_MAX_LENGTH) return refuse(`longer than ${URL_MAX_LENGTH} characters`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: the range lists variation selectors on their own, to refuse them.
  if (/[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufe00-\ufe0f\ufeff]/.test(raw)) {
    return refuse('whitespace, control or invisible character');
  }
  if (raw.includes('\\')) return refuse('backslash');
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(raw);
  if (!scheme) return refuse('no scheme');
  const name = (scheme[1] as string).toLowerCase();
  if (name !== 'http' && name !== 'https') return refuse(`scheme ${name.slice(0, 20)} is not http or https`);
  const rest = raw.slice(scheme[0].length);
  if (!rest.startsWith('//')) return refuse('scheme not followed by //');
  const afterSlashes = rest.slice(2);
  const slash = afterSlashes.indexOf('/');
  const loose = slash < 0 ? afterSlashes : afterSlashes.slice(0, slash);
  if (loose.includes('@')) {
    // Before the first `/`, an `@` after `?` or `#` is not userinfo to WHATWG, but some parsers read it so.
    const marker = /[?#]/.exec(loose);
    return refuse(
      marker !== null && loose.indexOf('@') > marker.index
        ? `\`@\` after \`${marker[0]}\` with no \`/\` before it, which some parsers read as userinfo`
        : 'userinfo (@) in the authority',
    );
  }
  const end = afterSlashes.search(/[/?#]/);
  const authority = end < 0 ? afterSlashes : afterSlashes.slice(0, end);
  if (authority.includes('%')) return refuse('percent-encoding in the authority');
  if (/[^\x21-\x7e]/.test(authority)) return refuse('non-ascii character in the host');
  let rawHost: string;
  let port: string | undefined;
  if (authority.startsWith('[')) {
    const close = authority.indexOf(']');
    if (close < 0) return refuse('unterminated ipv6 literal');
    rawHost = authority.slice(0, close + 1);
    const tail = authority.slice(close + 1);
    if (tail !== '') {
      if (!tail.startsWith(':')) return refuse('text after the ipv6 literal');
      port = tail.slice(1);
    }
  } else {
    const colon = authority.indexOf(':');
    rawHost = colon < 0 ? authority : authority.slice(0, colon);
    if (colon >= 0) port = authority.slice(colon + 1);
  }
  if (port !== undefined && !/^[0-9]{1,5}$/.test(port)) return refuse('empty or malformed port');
  if (rawHost.length === 0) return refuse('empty host');
  const hostLower = rawHost.toLowerCase();
  if (hostLower.endsWith('.')) return refuse('trailing dot in the host');
  const ipv6 = hostLower.startsWith('[');
  if (!ipv6 && !/^[a-z0-9.-]+$/.test(hostLower)) return refuse('host has characters other than letters, digits, dots and hyphens');

  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('not a valid url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refuse('scheme is not http or https');
  if (url.username !== '' || url.password !== '') return refuse('userinfo in the url');
  const host = url.hostname;
  if (host !== hostLower) {
    if (isCanonicalIpv4(host)) return refuse('ip address in a non-canonical spelling', host);
    if (isBracketedIpv6(host)) return refuse('ipv6 address in a non-canonical spelling', host);
    return refuse('the url parser reads a different host than the raw text', host);
  }
  if (!ipv6 && !isCanonicalIpv4(host) && !isLdhHostname(host)) return refuse('malformed host name', host);

  if (allowlist === 'any') return { allowed: true, host, reason: `an http(s) url of host ${host}` };
  const { hosts } = parseAllowlist(allowlist);
  const entry = coveringEntry(host, hosts, registrableDomain);
  if (entry === undefined) {
    const what = isCanonicalIpv4(host) || isBracketedIpv6(host) ? 'ip address' : 'host';
    const byLabels = registrableDomain === undefined ? undefined : coveringEntry(host, hosts);
    const why = byLabels === undefined || registrableDomain === undefined ? undefined : suffixBlocks(host, byLabels, registrableDomain);
    return refuse(`${what} ${host} is not on the allowlist${why !== undefined ? ` (${why})` : ''}`, host);
  }
  return { allowed: true, host, reason: entry === host ? `host ${host} is on the allowlist` : `host ${host} is covered by ${entry}` };
}
