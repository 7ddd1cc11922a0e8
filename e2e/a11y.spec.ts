/**
 * Accessibility: axe-core on every page of the sitemap, in the light theme,
 * and on one page of each kind in the dark theme (the kinds share their
 * templates, so colour contrast differs by kind, not by page). A serious or
 * critical violation fails; lesser findings are attached to the report.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { sitemapPaths } from './support.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const paths = sitemapPaths();

async function check(page: Page, path: string): Promise<void> {
  const response = await page.goto(path || './');
  expect(response?.status(), `${path} loads`).toBe(200);
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = results.violations.filter((v) => !blocking.includes(v));
  if (minor.length > 0) test.info().annotations.push({ type: 'axe', description: minor.map((v) => `${v.impact} ${v.id} ×${v.nodes.length}`).join('; ') });
  const summary = blocking.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}×, e.g. ${v.nodes[0]?.target.join(' ')})`);
  expect(summary, `serious or critical axe violations on /${path}`).toEqual([]);
}

test('the sitemap lists pages', () => {
  expect(paths.length).toBeGreaterThan(5);
});

test.describe('axe, light theme', () => {
  test.use({ colorScheme: 'light' });
  for (const path of paths) {
    test(`/${path}`, async ({ page }) => check(page, path));
  }
});

test.describe('axe, dark theme', () => {
  test.use({ colorScheme: 'dark' });
  const oneOfEachKind = ['', 'spec/', 'servers/', 'servers/filesystem/', 'servers/filesystem/write_file/', 'servers/filesystem/edit_file/', 'search/', 'downloads/', 'contributing/'];
  for (const path of oneOfEachKind) {
    test(`/${path}`, async ({ page }) => check(page, path));
  }
  test('/search/?q=write_file with results', async ({ page }) => {
    await page.goto('search/?q=write_file');
    await expect(page.locator('#search-results > li').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});
