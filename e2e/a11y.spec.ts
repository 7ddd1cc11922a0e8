/**
 * Accessibility: axe-core in the light theme on every page that is not a
 * tool page and on a few tool pages chosen to show every feature a tool
 * page can show (e2e/a11y-pages.ts; 1,259 of the site's pages are tool
 * pages of one template), and on one page of each kind in the dark theme
 * (the kinds share their templates and stylesheet, so colour contrast
 * differs by kind, not by page). `RCLASS_A11Y_ALL=1` (`npm run
 * test:a11y-all`, and weekly in CI: .github/workflows/a11y-all.yml) checks
 * every sitemap page instead. A serious or critical violation fails and
 * names the page; lesser findings are attached to the report.
 *
 * A thousand static pages would take many minutes if each one were opened
 * afresh and axe injected into it again. So each batch opens one page,
 * injects axe once, and then loads every static page of the batch into that
 * same tab: it sets the address, writes the page's HTML as a new document
 * and waits until its stylesheet has applied, then runs axe on it. Pages
 * that carry scripts are opened normally instead, so their scripts run.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { REQUIRED_FEATURES, coveringToolPages, isToolPage } from './a11y-pages.ts';
import { readRegistry, sitemapPaths } from './support.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const ALL = process.env.RCLASS_A11Y_ALL === '1';
/** Pages per test: smaller batches for the default run, so both workers share it. */
const BATCH = ALL ? 40 : 15;
const sitemap = sitemapPaths();
const chosen = coveringToolPages(readRegistry());
const paths = ALL ? sitemap : [...sitemap.filter((path) => !isToolPage(path)), ...chosen.paths];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical findings, one line each; lesser ones go to the report. */
function blocking(path: string, results: Pick<AxeResults, 'violations'>): string[] {
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = results.violations.filter((v) => !serious.includes(v));
  if (minor.length > 0)
    test.info().annotations.push({ type: `axe /${path}`, description: minor.map((v) => `${v.impact} ${v.id} ×${v.nodes.length}`).join('; ') });
  return serious.map((v) => `/${path}: ${v.impact} ${v.id}: ${v.help} (${v.nodes.length}×, e.g. ${v.nodes[0]?.target.join(' ')})`);
}

async function runAxe(page: Page): Promise<Pick<AxeResults, 'violations'>> {
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return { violations };
  }, TAGS);
}

/** Load one page into the tab and run axe on it. */
async function check(page: Page, path: string): Promise<string[]> {
  const response = await page.request.get(path || './');
  if (response.status() !== 200) return [`/${path}: HTTP ${response.status()}`];
  const html = await response.text();
  const hasAxe = await page.evaluate(() => 'axe' in window).catch(() => false);
  if (/<script[\s>]/i.test(html) || !hasAxe) {
    await page.goto(path || './');
    await page.evaluate(AXE_SOURCE);
  } else {
    const url = new URL(path || './', page.url()).pathname;
    await page.evaluate(
      ({ html, url }) => {
        history.replaceState(null, '', url);
        // Replacing the whole document keeps this page's axe; `write` is the only API that parses a full
        // HTML document into the current one (its one-string form; the variadic signature is deprecated).
        const write: (markup: string) => void = document.write.bind(document);
        document.open();
        write(html);
        document.close();
      },
      { html, url },
    );
  }
  // Every stylesheet of the new document must have loaded and applied before
  // axe measures contrast and target sizes. A stylesheet that never loads
  // is a finding of its own, not a reason to wait forever.
  const styled = await page
    .waitForFunction(
      () =>
        document.readyState === 'complete' &&
        document.styleSheets.length === document.querySelectorAll('link[rel="stylesheet"], style').length &&
        [...document.styleSheets].every((sheet) => sheet.cssRules.length > 0),
      undefined,
      { timeout: 20_000 },
    )
    .then(() => true)
    .catch(() => false);
  if (!styled) return [`/${path}: a stylesheet did not load within 20 s`];
  return blocking(path, await runAxe(page));
}

test('the sitemap lists the pages to check', () => {
  expect(paths.length).toBeGreaterThan(5);
  expect(paths).toContain('');
});

test('the pages checked cover every template and every feature a tool page can show', () => {
  // Every page that is not a tool page, so every other template.
  expect(sitemap.filter((path) => !isToolPage(path) && !paths.includes(path))).toEqual([]);
  // The chosen tool pages exist and show every feature the registry has, and the registry has the ones any site must.
  expect(chosen.paths.filter((path) => !sitemap.includes(path))).toEqual([]);
  expect([...chosen.present].filter((feature) => !chosen.features.has(feature))).toEqual([]);
  expect(REQUIRED_FEATURES.filter((feature) => !chosen.present.has(feature))).toEqual([]);
  expect(chosen.paths.length).toBeLessThan(40);
  test.info().annotations.push({ type: 'tool pages', description: [...chosen.features].map(([feature, path]) => `${feature}: /${path}`).join('; ') });
});

test.describe(`axe on ${ALL ? 'every sitemap page' : 'every page but tool pages, and the chosen tool pages'}, light theme`, () => {
  test.use({ colorScheme: 'light' });
  for (let start = 0; start < paths.length; start += BATCH) {
    const batch = paths.slice(start, start + BATCH);
    test(`pages ${start + 1}–${start + batch.length} of ${paths.length} (/${batch[0]} …)`, async ({ page }) => {
      test.setTimeout(60_000 + batch.length * 15_000);
      const found: string[] = [];
      for (const path of batch) found.push(...(await check(page, path)));
      expect(found, 'serious or critical axe violations').toEqual([]);
    });
  }
});

const ONE_OF_EACH_KIND = [
  '',
  'spec/',
  'servers/',
  'servers/filesystem/',
  'servers/filesystem/write_file/',
  'servers/filesystem/edit_file/',
  'search/',
  'downloads/',
  'contributing/',
];

test('axe on one page of each kind in the dark theme, opened normally', async ({ page }) => {
  test.setTimeout(60_000 + ONE_OF_EACH_KIND.length * 20_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  const found: string[] = [];
  for (const path of ONE_OF_EACH_KIND) {
    await page.goto(path || './');
    found.push(...blocking(path, await new AxeBuilder({ page }).withTags(TAGS).analyze()));
  }
  expect(found, 'serious or critical axe violations').toEqual([]);
});

test('axe on search results and on the 404 page, both themes', async ({ page }) => {
  test.setTimeout(120_000);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('search/?q=write_file');
    await expect(page.locator('#search-results > li').first()).toBeVisible();
    const found = blocking(`search/?q=write_file (${colorScheme})`, await new AxeBuilder({ page }).withTags(TAGS).analyze());
    await page.goto('no-such-page/');
    found.push(...blocking(`no-such-page/ (${colorScheme})`, await new AxeBuilder({ page }).withTags(TAGS).analyze()));
    expect(found, 'serious or critical axe violations').toEqual([]);
  }
});

/** One page of every template (issue 16), the ones with scripts opened normally so their controls show. */
const TEMPLATES = [
  '',
  'spec/',
  'servers/',
  'servers/github/',
  'servers/github/create_repository/',
  'classes/R3/',
  'effects/',
  'effects/widen/',
  'compare/',
  'changelog/',
  'api/',
  'search/?q=slack',
  'downloads/',
  'contributing/',
  'playground/',
  'no-such-page/',
];

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe finds no violation at all on any page template at ${width} px, ${colorScheme}`, async ({ page }) => {
      test.setTimeout(60_000 + TEMPLATES.length * 30_000);
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      const found: string[] = [];
      for (const path of TEMPLATES) {
        await page.goto(path || './');
        if (path.startsWith('search/')) await expect(page.locator('#search-results > li').first()).toBeVisible();
        const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        found.push(...violations.map((v) => `/${path}: ${v.impact} ${v.id}: ${v.help} (${v.nodes.length}×, e.g. ${v.nodes[0]?.target.join(' ')})`));
      }
      expect(found).toEqual([]);
    });
  }
}

test('no page template overflows at 320 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 700 });
  const wide: string[] = [];
  for (const path of [...TEMPLATES, 'servers/linear-tacticlaunch/', 'servers/atlassian/confluence_delete_attachment/', 'classes/R0/']) {
    await page.goto(path || './');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 320) wide.push(`/${path}: ${width} px`);
  }
  expect(wide).toEqual([]);
});
