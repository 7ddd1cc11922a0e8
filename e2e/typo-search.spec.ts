/**
 * Typos and junk in the search, in the real browser (issue 27 item 3, as a
 * newcomer's review found it): the header's suggestions tolerate two swapped
 * letters (Damerau, lib/typo.ts) and start at the first letter typed, and
 * the search page says no server or tool matches a query Pagefind answers
 * only through a shorter word ("aaaa" through "a", lib/search-match.ts),
 * with the closest names within one typo when there are some.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './tab.ts';
import { nameWords } from '../src/site/lib/name-words.ts';
import { typeInHeader } from './support.ts';
import { axeOn, blocking } from './axe.ts';

const options = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
const hrefs = (page: Page) => options(page).evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.href ?? ''));

/** Open the search page for `query` and wait until its list shows that search (the first search downloads Pagefind: 30 s, as in e2e/search.spec.ts). */
async function search(page: Page, query: string): Promise<void> {
  await page.goto(`search/?q=${encodeURIComponent(query)}`);
  await expect(page.locator('#search-results')).toHaveAttribute('data-showing', `q=${encodeURIComponent(query)}`, { timeout: 30_000 });
}

test('two swapped letters in the header: "githbu" suggests the official GitHub server first', async ({ page }) => {
  await typeInHeader(page, 'githbu');
  await expect(options(page).first()).toHaveAttribute('data-href', /\/servers\/github\/$/);
});

test('two swapped letters in the header: "slakc" suggests the Slack servers, the archived reference server last of them', async ({ page }) => {
  await typeInHeader(page, 'slakc');
  await expect(options(page).first()).toBeVisible();
  const found = await hrefs(page);
  const maintained = found.findIndex((href) => href.endsWith('/servers/slack-korotovsky/'));
  const archived = found.findIndex((href) => href.endsWith('/servers/slack/'));
  expect(maintained).toBeGreaterThanOrEqual(0);
  if (archived >= 0) expect(archived).toBeGreaterThan(maintained);
});

test('one letter typed in the header suggests servers from that letter’s shard alone (search/names/g.json)', async ({ page }) => {
  const shards: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/search/names/')) shards.push(new URL(request.url()).pathname.split('/').pop()!);
  });
  await typeInHeader(page, 'g');
  await expect(options(page).first()).toBeVisible();
  expect(shards).toEqual(['g.json']);
  const kinds = await options(page).evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.kind));
  expect(new Set(kinds)).toEqual(new Set(['server']));
  // Each is a server with a word starting with g in its id or its name (lib/names-index.ts).
  for (const href of await hrefs(page)) {
    const id = href.split('/servers/')[1]!.replace(/\/$/, '');
    const label = await options(page)
      .filter({ has: page.locator(`xpath=self::*[@data-href="${href}"]`) })
      .locator('.suggest-name')
      .textContent();
    expect(
      [...nameWords(id), ...nameWords(label ?? '')].some((word) => word.startsWith('g')),
      `${id} (${label})`,
    ).toBe(true);
  }
});

test('"aaaa" on the search page lists no server and says no server or tool matches', async ({ page }) => {
  await search(page, 'aaaa');
  await expect(page.locator('#search-status')).toHaveText('No server or tool matches “aaaa”.');
  await expect(page.locator('#search-results > li')).toHaveCount(0);
  await expect(page.locator('#search-tools-section')).toBeHidden();
});

test('"githbu" on the search page says nothing matches and lists the GitHub server among the closest names, not the git servers', async ({ page }) => {
  await search(page, 'githbu');
  await expect(page.locator('#search-status')).toHaveText('No server or tool matches “githbu”. The closest names are listed below.');
  const listed = await page.locator('#search-results > li a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(listed.some((href) => href.endsWith('/servers/github/'))).toBe(true);
  expect(listed.some((href) => href.endsWith('/servers/git/'))).toBe(false);
});

test('a real word still lists its servers: "deleted" finds servers through delete and deletes', async ({ page }) => {
  await search(page, 'deleted');
  await expect(page.locator('#search-status')).toHaveText(/results? for “deleted”/);
  expect(await page.locator('#search-results > li').count()).toBeGreaterThan(10);
});

test('axe finds nothing serious on the search page saying nothing matches, with the closest names (dark)', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await search(page, 'githbu');
  expect(await page.locator('#search-results > li').count()).toBeGreaterThan(0);
  expect(blocking('search/?q=githbu', await axeOn(page).include('main').analyze())).toEqual([]);
});
