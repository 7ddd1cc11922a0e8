/**
 * Every internal link and asset of the built site resolves, including the
 * section and tool anchors other pages point at, and every address carries
 * the base path (a link that forgets it would work at the root and break on
 * GitHub Pages).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fileForUrl, pages, requireSite, sitePagesBase, type Page } from './support.ts';

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

describe('internal links', () => {
  let all: Page[] = [];
  let ids: Map<string, Set<string>>;
  beforeAll(() => {
    requireSite();
    all = pages();
    ids = new Map(all.map((page) => [page.file, new Set([...page.html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!))]));
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
        if (hash && target.endsWith('.html') && !ids.get(target)?.has(decodeURIComponent(hash))) broken.push(`${page.file} → ${url} (no such anchor)`);
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
