// The egress allowlist as the CLI and the hook take it (SPEC 9.4): public
// suffixes are refused with a reason, from the Public Suffix List that tldts
// bundles (no network).
import { describe, expect, it } from 'vitest';
import { parseEgressAllowlist, publicSuffixProblem } from '../../src/node/egress-allowlist.ts';

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
