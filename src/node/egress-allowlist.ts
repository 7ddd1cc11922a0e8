// The egress allowlist as the CLI and the hook take it (SPEC 9.4): the core's
// checks, plus a refusal of public suffixes. Node layer only so that the
// Public Suffix List (bundled in tldts, about 48 KB gzip, read offline) stays
// out of the browser bundles; the playground's allowlist is the user's own.

import { parse } from 'tldts';
import { parseAllowlist } from '../core/url/host.ts';
import { MULTI_TENANT_HOSTS } from './multi-tenant-hosts.ts';

/**
 * A host's registrable domain under the whole Public Suffix List, private
 * section included (the core's `RegistrableDomainOf`, SPEC 9.4): the name
 * one below the longest public suffix that ends the host
 * (`bucket.s3.amazonaws.com` → itself, since `s3.amazonaws.com` is on the
 * list's private section; `www.example.co.uk` → `example.co.uk`); `null` when
 * the host is itself a public suffix; `undefined` when only the list's
 * default rule applies (`internal.corp`, `localhost`) or for an IP literal.
 * Never throws (a failure reads as `null`, so nothing is covered).
 * @param host canonical lowercase host name
 */
export function registrableDomain(host: string): string | null | undefined {
  try {
    const r = parse(host, { allowPrivateDomains: true, validateHostname: false });
    if (r.isIp === true) return undefined;
    if (r.isIcann !== true && r.isPrivate !== true) return undefined;
    return r.domain ?? null;
  } catch {
    return null;
  }
}

/**
 * Why `host` (a normalised allowlist entry) is a public suffix, or undefined.
 * A public suffix is a name under which anyone can register their own name
 * (ICANN's `co.uk`, or a private section's `github.io`, `s3.amazonaws.com`,
 * `blogspot.com`), per the Public Suffix List bundled in tldts; an entry
 * covers its subdomains, so such an entry would admit sites of strangers.
 * IP literals and names the list does not know (`localhost`, `internal.corp`)
 * pass. Never throws. SPEC 9.4.
 */
export function publicSuffixProblem(host: string): string | undefined {
  try {
    const r = parse(host, { allowPrivateDomains: true, validateHostname: false });
    if (r.isIp === true) return undefined;
    if (r.publicSuffix !== host || (r.isIcann !== true && r.isPrivate !== true)) return undefined;
    const section = r.isPrivate === true ? 'a suffix its owner opens to the public' : 'a suffix of the domain name system';
    return `\`${host}\` is a public suffix (${section}, on the Public Suffix List): anyone can have a site under it, so it would admit strangers' sites; list the exact host instead, such as \`name.${host}\``;
  } catch {
    return `\`${host}\` could not be checked against the Public Suffix List`;
  }
}

/**
 * Why `host` (a normalised allowlist entry) admits strangers though it is no
 * public suffix, or undefined: it is, or for a wildcard DNS service lies
 * under, a known multi-tenant host ({@link MULTI_TENANT_HOSTS}). Never throws. SPEC 9.4.
 */
export function multiTenantProblem(host: string): string | undefined {
  const known = MULTI_TENANT_HOSTS.find((entry) => host === entry.host || (entry.below && host.endsWith(`.${entry.host}`)));
  if (known === undefined) return undefined;
  return `\`${host}\` is a shared host that is not on the Public Suffix List: ${known.why}, so the entry admits data to strangers (${known.source})`;
}

/**
 * {@link parseAllowlist}, then every entry that is a public suffix refused
 * ({@link publicSuffixProblem}), reported in `errors` in the same
 * `entry N ("…"): why` form and left out of `hosts`; an entry that is a known
 * multi-tenant host ({@link multiTenantProblem}) is kept and named in
 * `warnings` in the same form, for the command to print. Never throws. SPEC 9.4.
 * @param entries `--egress-allow` values, in order
 */
export function parseEgressAllowlist(entries: readonly string[]): { hosts: string[]; errors: string[]; warnings: string[] } {
  const { hosts, errors } = parseAllowlist(entries);
  const kept: string[] = [];
  const warnings: string[] = [];
  const entryOf = (host: string): string => {
    const index = Array.isArray(entries) ? entries.findIndex((e) => typeof e === 'string' && e.trim().toLowerCase() === host) : -1;
    return `entry ${index + 1} (${JSON.stringify(host)})`;
  };
  for (const host of hosts) {
    const problem = publicSuffixProblem(host);
    if (problem !== undefined) {
      errors.push(`${entryOf(host)}: ${problem}`);
      continue;
    }
    kept.push(host);
    const shared = multiTenantProblem(host);
    if (shared !== undefined) warnings.push(`${entryOf(host)}: ${shared}`);
  }
  return { hosts: kept, errors, warnings };
}
