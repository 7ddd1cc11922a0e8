/**
 * Atom feeds read the way a feed reader would: by Chromium's own XML parser
 * (a parse error is a `<parsererror>` document), in the page the test holds.
 */
import type { Page } from '@playwright/test';

/**
 * Parse `xml` as an Atom feed (RFC 4287) in `page`.
 * @returns `error`: parse errors found (0 when well-formed); `root`: the root's namespace and name;
 *   `head`: how many `id`, `title`, `updated`, `author` the feed has; `self`: its rel="self" link's
 *   href ('' when none); per entry, how many `id`, `title`, `updated`, `content` it has, and their text
 *   and its first link's href.
 */
export async function parseFeed(page: Page, xml: string) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const ns = 'http://www.w3.org/2005/Atom';
    const feed = doc.documentElement;
    const child = (el: Element, name: string) => Array.from(el.children).filter((c) => c.namespaceURI === ns && c.localName === name);
    return {
      error: doc.getElementsByTagName('parsererror').length,
      root: `${feed.namespaceURI} ${feed.localName}`,
      head: ['id', 'title', 'updated', 'author'].map((name) => child(feed, name).length),
      self:
        child(feed, 'link')
          .find((l) => l.getAttribute('rel') === 'self')
          ?.getAttribute('href') ?? '',
      entries: child(feed, 'entry').map((entry) => ({
        counts: ['id', 'title', 'updated', 'content'].map((name) => child(entry, name).length),
        title: child(entry, 'title')[0]?.textContent ?? '',
        updated: child(entry, 'updated')[0]?.textContent ?? '',
        content: child(entry, 'content')[0]?.textContent ?? '',
        link: child(entry, 'link')[0]?.getAttribute('href') ?? '',
      })),
    };
  }, xml);
}
