// The egress allowlist as the CLI and the hook take it (SPEC 9.4): public
// suffixes are refused with a reason, from the Public Suffix List that tldts
// bundles (no network).
import { describe, expect, it } from 'vitest';
import { checkUrl } from '../../src/core/url/index.ts';
import { multiTenantProblem, parseEgressAllowlist, publicSuffixProblem, registrableDomain } from '../../src/node/egress-allowlist.ts';
import { MULTI_TENANT_HOSTS } from '../../src/node/multi-tenant-hosts.ts';

describe('public suffixes in the egress allowlist', () => {
  it('regression: refuses github.io, co.uk and s3.amazonaws.com, naming why and what to list instead', () => {
    const { hosts, errors } = parseEgressAllowlist(['docs.python.org', 'github.io', 'co.uk', 's3.amazonaws.com', 'blogspot.com']);
    expect(hosts).toEqual(['docs.python.org']);
    expect(errors).toEqual([
      'entry 2 ("github.io"): `github.io` is a public suffix (a suffix its owner opens to the public, on the Public Suffix List): anyone can have a site under it, so it would admit strangers\' sites; list the exact host instead, such as `name.github.io`',
      'entry 3 ("co.uk"): `co.uk` is a public suffix (a suffix of the domain name system, on the Public Suffix List): anyone can have a site under it, so it would admit strangers\' sites; list the exact host instead, such as `name.co.uk`',
      'entry 4 ("s3.amazonaws.com"): `s3.amazonaws.com` is a public suffix (a suffix its owner opens to the public, on the Public Suffix List): anyone can have a site under it, so it would admit strangers\' sites; list the exact host instead, such as `name.s3.amazonaws.com`',
      'entry 5 ("blogspot.com"): `blogspot.com` is a public suffix (a suffix its owner opens to the public, on the Public Suffix List): anyone can have a site under it, so it would admit strangers\' sites; list the exact host instead, such as `name.blogspot.com`',
    ]);
  });

  it('keeps registrable names, their subdomains, names the list does not know and IP literals', () => {
    for (const host of ['python.org', 'user.github.io', 'amazonaws.com', 'localhost', 'internal.corp', '10.0.0.1', '[::1]'])
      expect(publicSuffixProblem(host), host).toBeUndefined();
    expect(parseEgressAllowlist(['User.GitHub.io', '*.x.example']).errors).toEqual([
      'entry 2 ("*.x.example"): wildcards are not supported; an entry already covers its subdomains',
    ]);
  });
});

describe('multi-tenant hosts in the egress allowlist (review turn3 row 31)', () => {
  it('warns that nip.io, sslip.io and names under them admit any IP, and keeps the entries', () => {
    const { hosts, errors, warnings } = parseEgressAllowlist(['nip.io', 'app.10.0.0.1.nip.io', 'sslip.io', 'docs.python.org']);
    expect(errors).toEqual([]);
    expect(hosts).toEqual(['nip.io', 'app.10.0.0.1.nip.io', 'sslip.io', 'docs.python.org']);
    expect(warnings).toEqual([
      'entry 1 ("nip.io"): `nip.io` is a shared host that is not on the Public Suffix List: a wildcard DNS service: every name under it resolves to the IP address written in the name, anyone\'s server included, so the entry admits data to strangers (https://github.com/exentriquesolutions/nip.io (README: app.10.8.0.1.nip.io maps to 10.8.0.1))',
      'entry 2 ("app.10.0.0.1.nip.io"): `app.10.0.0.1.nip.io` is a shared host that is not on the Public Suffix List: a wildcard DNS service: every name under it resolves to the IP address written in the name, anyone\'s server included, so the entry admits data to strangers (https://github.com/exentriquesolutions/nip.io (README: app.10.8.0.1.nip.io maps to 10.8.0.1))',
      'entry 3 ("sslip.io"): `sslip.io` is a shared host that is not on the Public Suffix List: a wildcard DNS service: every name under it resolves to the IP address written in the name, anyone\'s server included, so the entry admits data to strangers (https://sslip.io (192-168-0-1.sslip.io resolves to 192.168.0.1))',
    ]);
  });

  it("warns that storage.googleapis.com admits any bucket by path, but not for one bucket's own host", () => {
    expect(multiTenantProblem('storage.googleapis.com')).toMatch(
      /^`storage\.googleapis\.com` is a shared host that is not on the Public Suffix List: Google Cloud Storage serves every bucket from it by path/,
    );
    expect(
      checkUrl('https://storage.googleapis.com/attacker-bucket/x?d=secret', parseEgressAllowlist(['storage.googleapis.com']).hosts, registrableDomain).allowed,
    ).toBe(true);
    expect(multiTenantProblem('my-bucket.storage.googleapis.com')).toBeUndefined();
    expect(multiTenantProblem('docs.python.org')).toBeUndefined();
    expect(multiTenantProblem('notnip.io')).toBeUndefined();
  });

  it('every listed multi-tenant host is a registrable name (not refused as a public suffix) and names its source', () => {
    for (const entry of MULTI_TENANT_HOSTS) {
      expect(publicSuffixProblem(entry.host), entry.host).toBeUndefined();
      expect(entry.source).toMatch(/^https:\/\//);
    }
  });
});

describe('the Public Suffix List at match time (SPEC 9.4)', () => {
  const allowed = (url: string, entries: string[]) => checkUrl(url, parseEgressAllowlist(entries).hosts, registrableDomain).allowed;

  it('regression: amazonaws.com, an accepted entry, covers no customer endpoint under s3.amazonaws.com or compute.amazonaws.com', () => {
    expect(parseEgressAllowlist(['amazonaws.com']).errors).toEqual([]);
    expect(allowed('https://bucket.s3.amazonaws.com/key', ['amazonaws.com'])).toBe(false);
    expect(allowed('https://x.us-east-1.compute.amazonaws.com/', ['amazonaws.com'])).toBe(false);
    // Path-style S3 reaches any customer's bucket, and s3.amazonaws.com is itself on the list.
    expect(allowed('https://s3.amazonaws.com/bucket/key', ['amazonaws.com'])).toBe(false);
    expect(checkUrl('https://bucket.s3.amazonaws.com/key', ['amazonaws.com'], registrableDomain).reason).toBe(
      'host bucket.s3.amazonaws.com is not on the allowlist (amazonaws.com is above bucket.s3.amazonaws.com, a name of its own on the Public Suffix List, so it does not cover it)',
    );
    // Amazon's own names stay covered; without the list the label rule alone would admit the bucket.
    expect(allowed('https://amazonaws.com/', ['amazonaws.com'])).toBe(true);
    expect(allowed('https://status.amazonaws.com/', ['amazonaws.com'])).toBe(true);
    expect(checkUrl('https://bucket.s3.amazonaws.com/key', ['amazonaws.com']).allowed).toBe(true);
  });

  it('a site under github.io, vercel.app or s3.amazonaws.com is covered by its own entry and its subdomains, never by the suffix', () => {
    expect(allowed('https://user.github.io/page', ['user.github.io'])).toBe(true);
    expect(allowed('https://other.github.io/page', ['user.github.io'])).toBe(false);
    expect(allowed('https://preview.app.vercel.app/', ['app.vercel.app'])).toBe(true);
    expect(allowed('https://other.vercel.app/', ['app.vercel.app'])).toBe(false);
    expect(allowed('https://bucket.s3.amazonaws.com/key', ['bucket.s3.amazonaws.com'])).toBe(true);
    // A core-only list (no public-suffix refusal) still cannot make a suffix cover its customers.
    expect(checkUrl('https://user.github.io/', ['github.io'], registrableDomain).allowed).toBe(false);
    expect(checkUrl('https://shop.co.uk/', ['co.uk'], registrableDomain).allowed).toBe(false);
  });

  it('co.uk: example.co.uk covers www.example.co.uk; names the list has no rule for keep the label rule', () => {
    expect(allowed('https://www.example.co.uk/', ['example.co.uk'])).toBe(true);
    expect(allowed('https://www.example.co.uk/', ['www.example.co.uk'])).toBe(true);
    expect(allowed('https://api.internal.corp/', ['internal.corp'])).toBe(true);
    expect(allowed('https://app.localhost:3000/', ['localhost'])).toBe(true);
    expect(allowed('https://docs.python.org/3/', ['python.org'])).toBe(true);
    expect(registrableDomain('bucket.s3.amazonaws.com')).toBe('bucket.s3.amazonaws.com');
    expect(registrableDomain('www.example.co.uk')).toBe('example.co.uk');
    expect(registrableDomain('co.uk')).toBeNull();
    expect(registrableDomain('a.b.vercel.app')).toBe('b.vercel.app');
    expect(registrableDomain('internal.corp')).toBeUndefined();
    expect(registrableDomain('10.0.0.1')).toBeUndefined();
  });
});
