/**
 * The sitemap lists every page of the built site, and only pages that exist:
 * a page missing from it would be missing for search engines.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { htmlFiles } from './sample.ts';
import { fileForUrl, requireSite, SITE_DIR, sitePagesBase } from './support.ts';

function sitemapUrls(): string[] {
  const index = readFileSync(join(SITE_DIR, 'sitemap-index.xml'), 'utf8');
  const urls: string[] = [];
  for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const xml = readFileSync(join(SITE_DIR, new URL(loc!).pathname.split('/').pop()!), 'utf8');
    for (const [, url] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) urls.push(url!);
  }
  return urls;
}

describe('sitemap', () => {
  let urls: string[] = [];
  beforeAll(() => {
    requireSite();
    urls = sitemapUrls();
  });

  it('lists every HTML page except the 404 page', () => {
    const base = sitePagesBase();
    const listed = new Set(urls.map((url) => fileForUrl(new URL(url).pathname, 'index.html', base)));
    const missing = htmlFiles().filter((file) => file !== '404.html' && !listed.has(file));
    expect(missing).toEqual([]);
  });

  it('lists only pages that exist, under the site address and base path', () => {
    const base = sitePagesBase();
    const broken = urls.filter((url) => !new URL(url).pathname.startsWith(base) || fileForUrl(new URL(url).pathname, 'index.html', base) === undefined);
    expect(broken).toEqual([]);
    expect(new Set(urls).size).toBe(urls.length);
  });
});
