/**
 * Accessibility and layout, page by page (issue 30 sorts what runs where):
 *
 * - `npm test` checks a sample whose size does not grow with the registry
 *   (test/site/sample.ts: the first and the largest page of every kind, and
 *   every page a change touched), nothing more. Each sampled page is checked
 *   by axe in the light theme at 1280 px and must not scroll sideways at
 *   390 px; a page of a kind that no template below stands for is also
 *   checked by axe in the dark theme at 390 px, so every kind is checked once
 *   in each theme and at each width. Every page template is checked by axe's
 *   full rule set with no finding allowed at all in two configurations, the
 *   light theme at 1280 px and the dark theme at 390 px (so each theme and
 *   each width is checked), must not scroll sideways at 390 px, and is
 *   measured at 320 px for overflow, as is the largest page of every kind;
 *   a sampled page that is one of those templates is checked there only.
 * - The crawl tier (`npm run test:crawl`, nightly in
 *   .github/workflows/crawl.yml; tests tagged `@crawl`) checks every page of
 *   the build: axe in the light theme at 1280 px and no sideways scrolling
 *   at 390 px; the sampled pages of kinds a template stands for also in the
 *   dark theme at 390 px; and every template in all four configurations
 *   (both themes at both widths), with no finding allowed.
 *
 * A serious or critical violation fails and names the page; lesser findings
 * are attached to the report. The pages are loaded into one tab per batch
 * (e2e/axe.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { samplePages, sitePages } from '../test/site/sample.ts';
import { checkPage, type Sweep, TAGS } from './axe.ts';

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
  'compare/list_projects/',
  'changelog/',
  'changelog/server/azure/',
  'api/',
  'search/?q=slack',
  'downloads/',
  'contributing/',
  'playground/',
  'no-such-page/',
];

const every = sitePages();
const sample = samplePages(every);
/** The built page a template's address opens (the 404 page for an unknown address). */
const templatePage = (path: string): string => (path === 'no-such-page/' ? '404.html' : path);
const kindOf = new Map(every.map((page) => [page.path, page.kind]));
/** The kinds a template test checks in the dark theme at 390 px. */
const templateKinds = new Set(TEMPLATES.map((path) => kindOf.get(templatePage(path).replace(/\?.*$/, ''))));
// A sampled page that is also a template gets the template test's stricter checks (no finding allowed,
// no overflow at 390 px), so the sweep leaves it out.
const swept = sample.filter((page) => !TEMPLATES.some((path) => templatePage(path) === page.path));
/** The theme is CSS of the template alone (`prefers-color-scheme`), so the dark theme is checked once per kind. */
const sweptWithDark = swept.filter((page) => !templateKinds.has(page.kind)).map((page) => page.path);
const sweptLightOnly = swept.filter((page) => templateKinds.has(page.kind)).map((page) => page.path);

const bytesOf = new Map(every.map((page) => [page.path, page.bytes]));

/**
 * Register one test per batch of `paths`, each checking its pages in one
 * tab. A batch holds at most `size` pages and, past its first page, at most
 * 400 KB of HTML, so the largest pages (a class page is a table of every tool
 * of its class, about 1 MB) get batches of their own and both workers share
 * the work. Each page's time allowance grows with its size.
 */
function sweep(title: string, paths: string[], size: number, checks: Sweep, details: { tag?: string } = {}): void {
  // 30 s a page for each axe run and 10 s more, each growing with the page's size: at load 45 on this
  // 2-core machine the light run alone on /servers/azure/ (372 KB) outran 20 s a page.
  const perPage = 10_000 + (checks.lightDesktop ? 30_000 : 0) + (checks.darkPhone ? 30_000 : 0);
  const batches: string[][] = [];
  let weight = 0;
  for (const path of paths) {
    const bytes = bytesOf.get(path) ?? 0;
    const last = batches.at(-1);
    if (last === undefined || last.length >= size || weight + bytes > 400_000) {
      batches.push([path]);
      weight = bytes;
    } else {
      last.push(path);
      weight += bytes;
    }
  }
  test.describe(title, () => {
    let first = 1;
    for (const batch of batches) {
      test(`pages ${first}–${first + batch.length - 1} of ${paths.length} (/${batch[0]} …)`, details, async ({ page }) => {
        test.setTimeout(60_000 + batch.reduce((total, path) => total + perPage * (1 + (bytesOf.get(path) ?? 0) / 100_000), 0));
        const found: string[] = [];
        for (const path of batch) found.push(...(await checkPage(page, path, checks)));
        expect(found, 'serious or critical axe violations, or sideways scrolling').toEqual([]);
      });
      first += batch.length;
    }
  });
}

test('the sample holds the first and the largest page of every kind, and no other page unless a change touched it', () => {
  const kinds = [...new Set(every.map((page) => page.kind))].sort();
  expect(kinds).toContain('tool');
  expect(kinds).not.toContain('unknown');
  const sampled = sample.map((page) => page.path);
  for (const kind of kinds) {
    const ofKind = every.filter((page) => page.kind === kind);
    const largest = Math.max(...ofKind.map((page) => page.bytes));
    expect(sampled, `first ${kind} page`).toContain(ofKind[0]!.path);
    expect(
      sample.filter((page) => page.kind === kind && page.bytes === largest),
      `largest ${kind} page`,
    ).not.toEqual([]);
  }
  expect(sample.filter((page) => !page.reasons.every((reason) => ['first of its kind', 'largest of its kind', 'changed'].includes(reason)))).toEqual([]);
  expect(templateKinds.has(undefined), 'every template is a page of the build').toBe(false);
  test.info().annotations.push({ type: 'sample', description: sample.map((page) => `/${page.path} (${page.kind}: ${page.reasons.join(', ')})`).join('; ') });
});

sweep('the sample, kinds without a template: axe light at 1280 px, axe dark and no overflow at 390 px', sweptWithDark, 3, {
  lightDesktop: true,
  darkPhone: true,
  phoneOverflow: true,
});
sweep('the sample, kinds with a template: axe light at 1280 px, no overflow at 390 px', sweptLightOnly, 3, {
  lightDesktop: true,
  darkPhone: false,
  phoneOverflow: true,
});
// Their axe run in the dark theme at 390 px, which `npm test` leaves to the template of their kind.
sweep(
  'the sample, kinds with a template: axe dark at 390 px',
  sweptLightOnly,
  3,
  { lightDesktop: false, darkPhone: true, phoneOverflow: false },
  { tag: '@crawl' },
);

sweep(
  'every page: axe light at 1280 px, no overflow at 390 px',
  every.map((page) => page.path),
  40,
  { lightDesktop: true, darkPhone: false, phoneOverflow: true },
  { tag: '@crawl' },
);

/**
 * Every template, loaded afresh at each width and checked by axe's full rule
 * set with no finding allowed at all, in the given configurations (the
 * theme is CSS alone, `prefers-color-scheme`, so switching the emulated
 * scheme restyles the loaded page); at 390 px it must also not scroll
 * sideways. One test per template, so both workers share them. Axe reports
 * violations only (`resultTypes`), which skips its work on passing nodes
 * and finds the same violations.
 *
 * `npm test` checks two configurations, light at 1280 px and dark at 390 px,
 * so each theme and each width is checked once per template (issue 30: in
 * all four the templates took 695 of the browser tier's 1,379
 * worker-seconds); the crawl tier checks all four. The search results (`search/?q=slack`) and the 404 page
 * are templates here, so no other test runs axe on them again.
 */
function templateTest(
  title: string,
  path: string,
  configurations: ReadonlyArray<readonly [number, number, 'light' | 'dark']>,
  details: { tag?: string } = {},
): void {
  test(title, details, async ({ page }) => {
    // Each axe run allowed 30 s and 30 s more per 50 KB of HTML: on a machine at load 30 one run
    // on /servers/ (260 KB) took 96 s, and /spec/ and /servers/ outran an allowance about half this one.
    test.setTimeout(60_000 + configurations.length * 30_000 * (1 + (bytesOf.get(path.replace(/\?.*$/, '')) ?? 0) / 50_000));
    const found: string[] = [];
    for (const width of [...new Set(configurations.map(([w]) => w))]) {
      const height = configurations.find(([w]) => w === width)![1];
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(path || './');
      if (path.startsWith('search/')) await expect(page.locator('#search-results > li').first()).toBeVisible();
      for (const [, , colorScheme] of configurations.filter(([w]) => w === width)) {
        await page.emulateMedia({ colorScheme });
        const { violations } = await new AxeBuilder({ page })
          .withTags(TAGS)
          .options({ resultTypes: ['violations'] })
          .analyze();
        found.push(
          ...violations.map(
            (v) => `/${path} (${colorScheme}, ${width} px): ${v.impact} ${v.id}: ${v.help} (${v.nodes.length}×, e.g. ${v.nodes[0]?.target.join(' ')})`,
          ),
        );
      }
      if (width === 390) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (overflow > 0) found.push(`/${path}: scrolls sideways by ${overflow} px at ${width} px`);
      }
    }
    expect(found).toEqual([]);
  });
}

for (const path of TEMPLATES) {
  templateTest(
    `axe finds no violation at all on the /${path} template in the light theme at 1280 px and the dark theme at 390 px, and it does not scroll sideways at 390 px`,
    path,
    [
      [1280, 800, 'light'],
      [390, 844, 'dark'],
    ],
  );
  templateTest(
    `axe finds no violation at all on the /${path} template at 1280 and 390 px in both themes, and it does not scroll sideways at 390 px`,
    path,
    [
      [1280, 800, 'light'],
      [1280, 800, 'dark'],
      [390, 844, 'light'],
      [390, 844, 'dark'],
    ],
    { tag: '@crawl' },
  );
}

/** Pages measured at 320 px: every template, two with long names, and the largest page of every kind in this build. */
const NARROW = [
  ...new Set([
    ...TEMPLATES,
    'servers/linear-tacticlaunch/',
    'servers/atlassian/confluence_delete_attachment/',
    ...sample.filter((page) => page.reasons.includes('largest of its kind')).map((page) => page.path),
  ]),
];

test('no page template, and no largest page of its kind, overflows at 320 px', async ({ page }) => {
  test.setTimeout(60_000 + NARROW.reduce((total, path) => total + 5_000 * (1 + (bytesOf.get(path) ?? 0) / 100_000), 0));
  await page.setViewportSize({ width: 320, height: 700 });
  const wide: string[] = [];
  for (const path of NARROW) {
    await page.goto(path || './');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 320) wide.push(`/${path}: ${width} px`);
  }
  expect(wide).toEqual([]);
});
