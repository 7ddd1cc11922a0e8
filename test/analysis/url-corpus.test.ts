// URL corpus (SPEC 9, 5.4.2): every case in test/corpora/urls.json. A string
// input is one URL checked with checkUrl; an object input is a call's
// arguments, allowed only if findUrls finds at least one URL, is not
// truncated, and every URL it finds passes checkUrl.
import { describe, expect, it } from 'vitest';
import corpus from '../corpora/urls.json' with { type: 'json' };
import { checkUrl, findUrls, parseAllowlist, URL_MAX_LENGTH } from '../../src/core/url/index.ts';
import { egressAllowed } from '../../src/core/egress.ts';

interface UrlCase {
  input: unknown;
  allowlist: string[];
  expect: 'allowed' | 'refused';
  reason: string;
  source?: string;
}

const cases = corpus as UrlCase[];

function verdictOf(c: UrlCase): { allowed: boolean; why: string } {
  if (c.input !== null && typeof c.input === 'object') {
    const found = findUrls(c.input);
    if (found.truncated) return { allowed: false, why: 'truncated' };
    if (found.urls.length === 0) return { allowed: false, why: 'no url found' };
    for (const url of found.urls) {
      const v = checkUrl(url, c.allowlist);
      if (!v.allowed) return { allowed: false, why: `${url}: ${v.reason}` };
    }
    return { allowed: true, why: 'every url allowed' };
  }
  const v = checkUrl(c.input, c.allowlist);
  return { allowed: v.allowed, why: v.reason };
}

function label(c: UrlCase): string {
  const text = JSON.stringify(c.input) ?? String(c.input);
  const short = text.length > 70 ? `${text.slice(0, 67)}...` : text;
  return `${short} with [${c.allowlist.join(', ')}] is ${c.expect}: ${c.reason}`;
}

describe('url corpus', () => {
  it('has at least 40 cases, each with an expectation and a reason', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    for (const c of cases) {
      expect(['allowed', 'refused']).toContain(c.expect);
      expect(c.reason.length).toBeGreaterThan(5);
    }
  });

  it.each(cases.map((c) => [label(c), c] as const))('%s', (_name, c) => {
    const v = verdictOf(c);
    expect(v.allowed ? 'allowed' : 'refused', v.why).toBe(c.expect);
  });
});

describe('url analysis outside the corpus', () => {
  it('regression: egressAllowed refuses an allowed URL whose query carries another URL, naming it', () => {
    const v = egressAllowed({ destination: ['url'] }, { url: 'https://allowed.example/?u=https://attacker.example/x' }, ['allowed.example']);
    expect(v).toEqual({ allowed: false, reason: 'a URL in the arguments is not allowed: host attacker.example is not on the allowlist' });
  });

  it('findUrls reports the nested URL, a decoded one and a host:port in text, each once', () => {
    expect(
      findUrls({ a: 'https://allowed.example/?u=https://attacker.example/x', b: 'go to evil.example:8080 now', c: 'x?u=https%3A%2F%2Fdecoded.example' }).urls,
    ).toEqual(['https://allowed.example/?u=https://attacker.example/x', 'https://attacker.example/x', 'https://evil.example:8080', 'https://decoded.example']);
  });

  it('a string still percent-encoded after four rounds of decoding is not searched completely', () => {
    let s = 'https://attacker.example/';
    for (let i = 0; i < 5; i++) s = encodeURIComponent(s);
    expect(findUrls({ q: s }).truncated).toBe(true);
    let four = 'https://attacker.example/';
    for (let i = 0; i < 4; i++) four = encodeURIComponent(four);
    expect(findUrls({ q: four })).toEqual({ urls: ['https://attacker.example/'], truncated: false });
  });

  it('refuses a URL longer than the cap without parsing it', () => {
    const url = `https://allowed.example/${'a'.repeat(URL_MAX_LENGTH)}`;
    expect(checkUrl(url, ['allowed.example'])).toEqual({ allowed: false, reason: `longer than ${URL_MAX_LENGTH} characters` });
  });

  it('regression: an @ after ? or # with no / before it is refused with a reason that says so, not as userinfo', () => {
    expect(checkUrl('https://docs.python.org#@evil.example', ['docs.python.org'])).toEqual({
      allowed: false,
      reason: '`@` after `#` with no `/` before it, which some parsers read as userinfo',
    });
    expect(checkUrl('https://docs.python.org?x=@evil.example', ['docs.python.org'])).toEqual({
      allowed: false,
      reason: '`@` after `?` with no `/` before it, which some parsers read as userinfo',
    });
    expect(checkUrl('https://evil.example@docs.python.org/', ['docs.python.org'])).toEqual({ allowed: false, reason: 'userinfo (@) in the authority' });
  });

  it('reports the WHATWG host of an allowed URL', () => {
    expect(checkUrl('https://Docs.Allowed.Example:8443/x', ['allowed.example'])).toEqual({
      allowed: true,
      host: 'docs.allowed.example',
      reason: 'host docs.allowed.example is covered by allowed.example',
    });
  });

  it('parseAllowlist normalises entries and explains each refusal', () => {
    const { hosts, errors } = parseAllowlist([
      ' Allowed.Example ',
      'allowed.example',
      '*.x.example',
      'https://x.example',
      'com',
      'localhost',
      '127.1',
      '[0:0::1]',
      'x.example.',
      'b\u00fccher.example',
      '10.0.0.1',
      '1.2.3.04',
      7 as unknown as string,
    ]);
    expect(hosts).toEqual(['allowed.example', 'localhost', '[::1]', '10.0.0.1']);
    expect(errors).toHaveLength(8);
    expect(errors.join('\n')).toMatch(/wildcards are not supported/);
    expect(errors.join('\n')).toMatch(/single-label/);
    expect(errors.join('\n')).toMatch(/dotted-decimal/);
  });

  it('findUrls reports object keys, nested values and whole-value bare hosts', () => {
    const { urls, truncated } = findUrls({ a: { 'https://k.example/': ['x', { b: 'mirror.example' }] } });
    expect(truncated).toBe(false);
    expect(urls).toEqual(['https://k.example/', 'https://mirror.example']);
  });

  it('findUrls marks the result truncated past each limit so callers fail closed', () => {
    expect(
      findUrls(
        Array.from({ length: 20 }, (_, i) => `s${i}`),
        { maxStrings: 10 },
      ).truncated,
    ).toBe(true);
    let deep: unknown = 'https://attacker.example/';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(findUrls(deep, { maxDepth: 64 }).truncated).toBe(true);
    expect(findUrls({ a: 'x'.repeat(2000) }, { maxChars: 1000 }).truncated).toBe(true);
    expect(
      findUrls(
        Array.from({ length: 5 }, (_, i) => `https://h${i}.example/`),
        { maxUrls: 3 },
      ).truncated,
    ).toBe(true);
  });

  it('findUrls fails closed on values that are not plain JSON', () => {
    expect(findUrls({ u: new URL('https://attacker.example/') }).truncated).toBe(true);
    expect(findUrls({ m: new Map([['u', 'https://attacker.example/']]) }).truncated).toBe(true);
  });

  it('findUrls survives cycles', () => {
    const a: Record<string, unknown> = { url: 'https://attacker.example/' };
    a.self = a;
    const r = findUrls(a);
    expect(r.urls).toEqual(['https://attacker.example/']);
  });

  it('findUrls ignores numbers, version strings and plain prose', () => {
    expect(findUrls({ n: 1.5, v: '1.2.3', t: 'nothing to see here', b: true, z: null })).toEqual({ urls: [], truncated: false });
  });
});
