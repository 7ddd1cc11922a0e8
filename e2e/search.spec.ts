/**
 * Search runs fully in the browser (pages/search.astro): tools from the
 * names index (a tool name finds its tool first), servers from the static
 * Pagefind index of server pages. The class filter narrows tools to that
 * class and servers to those with a tool in it.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './tab.ts';

const results = (page: Page): Locator => page.locator('#search-results');
const tools = (page: Page): Locator => page.locator('#search-tools > li');

/**
 * Wait until the list shows the search of `showing` (its query string). The
 * first search on a page is a chain of dependent downloads (the page's
 * script, the names shard, Pagefind's script, worker, entry, WebAssembly,
 * index chunk and fragments); at load 31 on two cores a trace showed each
 * link take one to three seconds and the results arrive 14 s after the
 * page (the search was slow, never stuck: every request answered, no error
 * in the console), past the default 10 s. So the first wait gets 30 s.
 */
const searched = (page: Page, showing: string): Promise<void> => expect(results(page)).toHaveAttribute('data-showing', showing, { timeout: 30_000 });

test('searching write_file from the home page finds its tool on the first result', async ({ page }) => {
  await page.goto('./');
  // The hero's search form (the header has one more, named "Site search").
  const box = page.getByRole('search', { name: 'Search', exact: true }).getByRole('searchbox', { name: 'Search servers and tools' });
  await box.fill('write_file');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\/\?q=write_file$/);
  await searched(page, 'q=write_file');
  // The first tool is one named exactly write_file (several servers have
  // one), and the filesystem server's is among them.
  const first = tools(page).first();
  await expect(first.getByRole('link').first()).toHaveText('write_file');
  await expect(first.getByRole('link').first()).toHaveAttribute('href', /\/servers\/[^/]+\/write_file\/$/);
  await expect(first.locator('.badge')).toHaveText(/^R\d [A-Z]/);
  await expect(page.locator('#search-tools a[href$="/servers/filesystem/write_file/"]')).toHaveCount(1);
  await expect(page.getByRole('status')).toHaveText(/results? for “write_file”/);
});

test('the class filter keeps only tools of the chosen class, and servers with a tool in it', async ({ page }) => {
  await page.goto('search/?q=file');
  await searched(page, 'q=file');
  await expect(page.locator('#search-results > li').first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'R0 No effect' }).check();
  await expect(page).toHaveURL(/[?&]class=R0/);
  // The address changes as soon as the box is ticked; the results only once
  // the filtered search has finished. Wait for the list to say it shows
  // that search (regression: reading it earlier saw the unfiltered results).
  await expect(results(page)).toHaveAttribute('data-showing', 'q=file&class=R0');
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  await expect(tools(page).first()).toBeVisible();
  const badges = await page.locator('#search-tools > li .badge').allTextContents();
  expect(badges.length).toBeGreaterThan(0);
  for (const badge of badges) expect(badge).toBe('R0 No effect');
  expect(await page.locator('#search-tools a[href$="/servers/filesystem/write_file/"]').count()).toBe(0);
  await expect(page.locator('#search-results > li').first()).toBeVisible();
});

test('a search for a server name finds the server page', async ({ page }) => {
  await page.goto('search/?q=filesystem');
  await searched(page, 'q=filesystem');
  await expect(page.locator('#search-results a[href$="/servers/filesystem/"]').first()).toBeVisible();
});

test('a server’s name finds its page first: "slack" ranks a Slack server first', async ({ page }) => {
  await page.goto('search/?q=slack');
  await searched(page, 'q=slack');
  const first = page.locator('#search-results > li').first();
  await expect(first.locator('a').first()).toHaveAttribute('href', /\/servers\/slack(-korotovsky|-hosted)?\/$/);
});

test('search shows more than 30 servers on request, and filters by effect and server', async ({ page }) => {
  await page.goto('search/?class=R4');
  await searched(page, 'class=R4');
  await expect(page.locator('#search-results > li')).toHaveCount(30);
  await page.click('#search-more');
  await expect(page.locator('#search-results > li')).toHaveCount(60);
  await page.goto('search/?q=delete&server=github');
  await searched(page, 'q=delete&server=github');
  await expect(page.locator('#search-results > li').first()).toBeVisible();
  await expect(tools(page).first()).toBeVisible();
  const where = await page.locator('#search-tools > li a, #search-results > li a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(where.length).toBeGreaterThan(1);
  expect(where.every((href) => href?.includes('/servers/github/'))).toBe(true);
  await page.goto('search/?effect=widen');
  await searched(page, 'effect=widen');
  await expect(page.locator('#search-status')).toContainText(/^\d+ results?/);
});

test('every page has a search box in its header', async ({ page }) => {
  test.slow(); // eight page loads: at load 31 on two cores they took more than the default 60 s
  for (const path of ['', 'spec/', 'servers/github/', 'api/']) {
    await page.goto(path || './');
    await page.fill('#header-q', 'write_file');
    await page.press('#header-q', 'Enter');
    await expect(page).toHaveURL(/\/search\/\?q=write_file$/);
  }
});

test('ticking a class filter removes results of other classes at once, before the filtered search answers', async ({ page }) => {
  // Regression: the results of the previous search stayed on screen, under
  // the newly ticked filter, until the filtered search had finished (an R4
  // tool under "R0 only"). The page now empties the list in the same task
  // as the change, so this reads it right after the click, with no wait.
  await page.goto('search/?q=file');
  await searched(page, 'q=file');
  const before = await page.locator('#search-tools > li .badge').evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-class')));
  expect(before.filter((cls) => cls !== 'R0').length, 'the unfiltered results hold tools of other classes').toBeGreaterThan(0);
  const right = await page.evaluate(() => {
    document.querySelector<HTMLInputElement>('input[name="class"][value="R0"]')!.click();
    const list = document.querySelector<HTMLElement>('#search-results')!;
    const tools = document.querySelector<HTMLElement>('#search-tools')!;
    return { busy: list.getAttribute('aria-busy'), classes: [...tools.querySelectorAll('.badge')].map((badge) => badge.getAttribute('data-class')) };
  });
  expect(right.busy).toBe('true');
  expect(right.classes.filter((cls) => cls !== 'R0')).toEqual([]);
  await expect(results(page)).toHaveAttribute('data-showing', 'q=file&class=R0');
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  const after = await page.locator('#search-tools > li .badge').evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-class')));
  expect(after.length).toBeGreaterThan(0);
  expect(after.filter((cls) => cls !== 'R0')).toEqual([]);
});

test('a tool’s name finds the tool from the names index and its server from the full-text index: slack_post_message', async ({ page }) => {
  await page.goto('search/?q=slack_post_message');
  await searched(page, 'q=slack_post_message');
  await expect(page.locator('#search-tools a[href$="/servers/slack/slack_post_message/"]')).toHaveCount(1);
  await expect(page.locator('#search-results > li a[href$="/servers/slack/"]')).toHaveCount(1);
  // The excerpt quotes the tool's name or rationale, never the grid's repeated cells (class labels, effects).
  const excerpt = page
    .locator('#search-results > li', { has: page.locator('a[href$="/servers/slack/"]') })
    .locator('mark')
    .first();
  await expect(excerpt).toHaveText(/slack_post_message/i);
});

test('a maintained server ranks above the archived one of the same name: "redis" lists redis-official first, the archived redis after it and says so', async ({
  page,
}) => {
  await page.goto('search/?q=redis');
  await searched(page, 'q=redis');
  const hrefs = await page.locator('#search-results > li > p:first-child > a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const maintained = hrefs.findIndex((href) => href.endsWith('/servers/redis-official/'));
  const archived = hrefs.findIndex((href) => href.endsWith('/servers/redis/'));
  expect(maintained).toBe(0);
  expect(archived).toBeGreaterThan(maintained);
  await expect(page.locator('#search-results > li').nth(archived)).toContainText('archived by its publisher');
  await expect(page.locator('#search-results > li').nth(maintained)).not.toContainText('archived');
});
