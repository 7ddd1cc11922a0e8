// Host names, IP literals and allowlist entries (SPEC 9, SPEC 5.4.2).
// Browser-safe: only the global WHATWG URL parser is used.

/** Longest host name accepted, in characters (DNS limit). */
const MAX_HOST_LENGTH = 253;

const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const CANONICAL_IPV4 = /^(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(?:\.(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$/;

/** True for a dotted-decimal IPv4 address with no leading zeros (the form WHATWG serialises). Never throws. SPEC 9. */
export function isCanonicalIpv4(host: string): boolean {
  return CANONICAL_IPV4.test(host);
}

/** True when `host` looks like a bracketed IPv6 literal as WHATWG serialises it (`[::1]`). Never throws. SPEC 9. */
export function isBracketedIpv6(host: string): boolean {
  return host.length > 2 && host.startsWith('[') && host.endsWith(']');
}

/**
 * What the WHATWG parser makes of `host` as the host of an http URL:
 * its serialised hostname, or undefined if the parser rejects it. Never throws. SPEC 9.
 */
function whatwgHostname(host: string): string | undefined {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return undefined;
  }
}

/** True for a lowercase ASCII host name of letters, digits, hyphens and dots, 1–63 character labels, at most 253 characters, last label not all digits. Never throws. SPEC 9. */
export function isLdhHostname(host: string): boolean {
  if (host.length === 0 || host.length > MAX_HOST_LENGTH) return false;
  const labels = host.split('.');
  for (const label of labels) if (!LDH_LABEL.test(label)) return false;
  // A last label that is all digits makes WHATWG read the host as an IPv4 address.
  return !/^[0-9]+$/.test(labels[labels.length - 1] as string);
}

/**
 * Validate and normalise allowlist entries (SPEC 9). Each entry is a host name
 * (it covers itself and its subdomains), a dotted-decimal IPv4 address or an
 * IPv6 literal (with or without brackets), each covering exactly that address.
 * Entries are trimmed and lowercased; IPv6 entries are rewritten in WHATWG's
 * canonical bracketed form. Refused entries (reported in `errors`, one line
 * each, and left out of `hosts`): wildcards, URLs instead of hosts, trailing
 * dots, non-ASCII (write the xn-- form), non-canonical IPv4 spellings
 * (`127.1`, `0x7f.0.0.1`, `2130706433`), and single-label names other than
 * `localhost` (they would cover a whole top-level domain). Duplicates are
 * dropped. Never throws.
 */
export function parseAllowlist(entries: readonly string[]): { hosts: string[]; errors: string[] } {
  const hosts: string[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  const list: readonly unknown[] = Array.isArray(entries) ? entries : [];
  for (const [i, raw] of list.entries()) {
    const bad = (why: string): void => void errors.push(`entry ${i + 1} (${JSON.stringify(String(raw).slice(0, 80))}): ${why}`);
    if (typeof raw !== 'string') {
      bad('not a string');
      continue;
    }
    const e = raw.trim().toLowerCase();
    if (e.length === 0) {
      bad('empty');
      continue;
    }
    if (e.includes('://') || e.includes('/')) {
      bad('give a host name, not a URL or path');
      continue;
    }
    if (e.includes('*')) {
      bad('wildcards are not supported; an entry already covers its subdomains');
      continue;
    }
    if (/[^\x21-\x7e]/.test(e)) {
      bad('non-ASCII or whitespace; write an internationalised name in its xn-- form');
      continue;
    }
    let host: string | undefined;
    if (e.startsWith('[') || e.includes(':')) {
      const inner = e.startsWith('[') && e.endsWith(']') ? e.slice(1, -1) : e;
      const parsed = whatwgHostname(`[${inner}]`);
      if (parsed === undefined || !isBracketedIpv6(parsed)) {
        bad('not a valid IPv6 address');
        continue;
      }
      host = parsed;
    } else if (/^[0-9.]+$/.test(e) || /^0x/.test(e) || /\.0x[0-9a-f]*$/.test(e) || /(?:^|\.)[0-9]+$/.test(e)) {
      if (!isCanonicalIpv4(e)) {
        bad('an IPv4 address must be written in dotted-decimal form without leading zeros');
        continue;
      }
      host = e;
    } else {
      if (e.endsWith('.')) {
        bad('trailing dot');
        continue;
      }
      if (!isLdhHostname(e)) {
        bad('not a host name of letters, digits, hyphens and dots');
        continue;
      }
      if (!e.includes('.') && e !== 'localhost') {
        bad('a single-label name would cover a whole top-level domain');
        continue;
      }
      if (whatwgHostname(e) !== e) {
        bad('the URL parser reads this host differently');
        continue;
      }
      host = e;
    }
    if (!seen.has(host)) {
      seen.add(host);
      hosts.push(host);
    }
  }
  return { hosts, errors };
}

/**
 * What the Public Suffix List says of a host name (SPEC 9.4), given to the
 * matcher by a layer that has the list (the core has none, to stay small
 * and browser-safe): the host's registrable domain (`bucket.s3.amazonaws.com`
 * for itself, `example.co.uk` for `www.example.co.uk`) when a rule of the
 * list, ICANN or private section, covers its suffix; `null` when the host is
 * itself a public suffix (`s3.amazonaws.com`, `co.uk`); `undefined` when no
 * rule of the list covers it (`internal.corp`, `localhost`), so only the
 * label rule applies. Must not throw; a throw counts as `null`.
 */
export type RegistrableDomainOf = (host: string) => string | null | undefined;

/** Whether `entry` (a host name) covers `host` on a label boundary, or equals it. */
function labelCovers(host: string, entry: string): boolean {
  return host === entry || (host.length > entry.length + 1 && host.endsWith(entry) && host.charCodeAt(host.length - entry.length - 1) === 0x2e);
}

/**
 * Why the Public Suffix List keeps `entry` from covering `host`, or undefined
 * when it does not (SPEC 9.4): an entry covers a host only when the entry is
 * at or below the host's registrable domain, so `amazonaws.com` covers
 * `amazonaws.com` and `www.amazonaws.com` but not `bucket.s3.amazonaws.com`,
 * whose registrable domain is a customer's; and a host that is itself a
 * public suffix (`s3.amazonaws.com`, which serves every customer's bucket by
 * path) is covered by no entry. Never throws.
 * @param host canonical lowercase host name that `entry` covers by labels
 */
export function suffixBlocks(host: string, entry: string, registrableDomain: RegistrableDomainOf): string | undefined {
  let domain: string | null | undefined;
  try {
    domain = registrableDomain(host);
  } catch {
    domain = null;
  }
  if (domain === undefined) return undefined;
  if (domain === null) return `${host} is itself a public suffix (Public Suffix List), under which anyone can have a site, so no entry covers it`;
  if (labelCovers(entry, domain)) return undefined;
  return `${entry} is above ${domain}, a name of its own on the Public Suffix List, so it does not cover it`;
}

/**
 * The allowlist entry that covers `host` (already canonical lowercase), or
 * undefined. Host names match themselves and their subdomains on a label
 * boundary; IP literals match only exactly. With `registrableDomain` (the
 * Public Suffix List, SPEC 9.4), a host name matches an entry only when the
 * entry is at or below the host's registrable domain ({@link suffixBlocks}).
 * `hosts` must come from {@link parseAllowlist}. Never throws. SPEC 9.
 */
export function coveringEntry(host: string, hosts: readonly string[], registrableDomain?: RegistrableDomainOf): string | undefined {
  const ip = isCanonicalIpv4(host) || isBracketedIpv6(host);
  for (const entry of hosts) {
    if (host === entry && ip) return entry;
    if (ip) continue;
    if (isCanonicalIpv4(entry) || isBracketedIpv6(entry)) continue;
    if (!labelCovers(host, entry)) continue;
    if (registrableDomain !== undefined && suffixBlocks(host, entry, registrableDomain) !== undefined) continue;
    return entry;
  }
  return undefined;
}
