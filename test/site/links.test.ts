/**
 * Every internal link and asset of the built site resolves, including the
 * section and tool anchors other pages point at, and every address carries
 * the base path (a link that forgets it would work at the root and break on
 * GitHub Pages).
 *
 * The links of every page are followed in the crawl tier (`npm run
 * test:crawl`); `npm test` follows those of the sampled pages
 * (test/site/sample.ts), into any page of the build.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedPages, pageFile } from './sample.ts';
import { fileForUrl, requireSite, SITE_DIR, sitePagesBase } from './support.ts';

const ATTRS = /\s(?:href|src)="([^"]*)"/g;

/** Attribute values as the browser reads them: character references decoded. */
function decodeAttribute(value: string): string {
  return value
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

function isInternal(url: string): boolean {
  return !/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(url);
}

/** The ids of one page of the build, read once. */
const idsOf = new Map<string, Set<string>>();
function ids(file: string): Set<string> {
  let found = idsOf.get(file);
  if (found === undefined) {
    found = new Set([...readFileSync(join(SITE_DIR, file), 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
    idsOf.set(file, found);
  }
  return found;
}

describe('internal links', () => {
  let all: Array<{ file: string; html: string }> = [];
  beforeAll(() => {
    requireSite();
    all = checkedPages().map((page) => ({ file: pageFile(page.path), html: readFileSync(join(SITE_DIR, pageFile(page.path)), 'utf8') }));
  });

  it('resolve to files of the build, with their anchors', () => {
    const base = sitePagesBase();
    const broken: string[] = [];
    for (const page of all) {
      for (const [, raw] of page.html.matchAll(ATTRS)) {
        const url = decodeAttribute(raw!);
        if (!isInternal(url)) continue;
        const target = fileForUrl(url, page.file, base);
        if (target === undefined) {
          broken.push(`${page.file} → ${url}`);
          continue;
        }
        const hash = url.split('#')[1];
        if (hash && target.endsWith('.html') && !ids(target).has(decodeURIComponent(hash))) broken.push(`${page.file} → ${url} (no such anchor)`);
      }
    }
    expect(broken.slice(0, 20)).toEqual([]);
  });

  it('use the base path for every root-relative address', () => {
    const base = sitePagesBase();
    const wrong: string[] = [];
    for (const page of all) {
      for (const [, url] of page.html.matchAll(ATTRS)) {
        if (url!.startsWith('/') && !url!.startsWith('//') && !url!.startsWith(base)) wrong.push(`${page.file} → ${url}`);
      }
    }
    expect(wrong.slice(0, 20)).toEqual([]);
  });
});
