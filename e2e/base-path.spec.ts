/**
 * The site under a base path, as GitHub Pages serves a project site
 * (`SITE_BASE=/reversibility-classes/`). The static server answers 404 for
 * anything outside the base, so a link that forgets it fails here.
 */
import { expect, test } from './tab.ts';
import { BASE_PATH } from './support.ts';

const PAGES = ['./', 'servers/', 'servers/filesystem/', 'servers/filesystem/write_file/', 'spec/', 'downloads/', 'contributing/', 'search/'];

test('styles load under the base path', async ({ page }) => {
  await page.goto('./');
  const weight = await page.locator('h1').evaluate((h1) => getComputedStyle(h1).fontWeight);
  expect(Number(weight)).toBeGreaterThanOrEqual(600);
  const stylesheets = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  for (const href of stylesheets) expect(href!.startsWith(BASE_PATH)).toBe(true);
});

test('every internal link and asset on the main pages resolves under the base path', async ({ page, request }) => {
  const checked = new Set<string>();
  for (const path of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const targets = await page.evaluate(() =>
      [...document.querySelectorAll('a[href], link[href], script[src], img[src]')].map((el) => (el as HTMLAnchorElement).href || (el as HTMLScriptElement).src),
    );
    for (const target of targets) {
      const url = new URL(target);
      if (url.origin !== new URL(page.url()).origin) continue;
      url.hash = '';
      if (checked.has(url.href)) continue;
      checked.add(url.href);
      expect(url.pathname.startsWith(BASE_PATH), `${url.pathname} (on ${path}) is under ${BASE_PATH}`).toBe(true);
      expect((await request.get(url.href)).status(), `${url.pathname} (on ${path})`).toBe(200);
    }
  }
  expect(checked.size).toBeGreaterThan(20);
});

test('search works under the base path and links into it', async ({ page }) => {
  await page.goto('search/?q=write_file');
  await expect(page.locator(`#search-results > li a[href="${BASE_PATH}servers/filesystem/"]`)).toHaveCount(1);
  const first = page.locator('#search-tools > li').first().getByRole('link').first();
  await expect(first).toHaveAttribute('href', `${BASE_PATH}servers/filesystem/write_file/`);
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('write_file');
});

test('registry.json is served under the base path', async ({ request }) => {
  const response = await request.get('registry.json');
  expect(response.status()).toBe(200);
  expect((await response.json()).format_version).toBe(1);
});
