/**
 * Accessibility and layout, page by page (issue 30 sorts what runs where).
 *
 * `npm test` axes one page of every kind and the largest page of each kind,
 * each once, in one configuration, and nothing more:
 * - every page template below, checked by axe's full rule set with no
 *   finding allowed, in the one configuration listed beside it: the light
 *   theme at 1280 px or the dark theme at 390 px, alternating, so each theme
 *   and each width is checked on half of the templates every run. A
 *   template is its kind's one page;
 * - the sample (test/site/sample.ts): the largest page of every kind, the
 *   first page of a kind no template stands for, and every page a change
 *   touched, checked by axe for serious and critical findings in the
 *   configuration the other page of its kind did not get (alternating where
 *   a kind has one page), so a kind with two pages is checked in both.
 *
 * Each of those pages also must not scroll sideways at 390 px, and the
 * templates and the largest page of every kind not at 320 px either (in
 * the same load); two pages with long names are measured at 320 px too.
 *
 * The crawl tier (`npm run test:crawl`, nightly in
 * .github/workflows/crawl.yml; tests tagged `@crawl`) checks every page of
 * the build: axe in the light theme at 1280 px and no sideways scrolling at
 * 390 px; every sampled page outside the templates also in the dark theme at
 * 390 px; and every template in all four configurations (both themes at
 * both widths), with no finding allowed.
 *
 * A serious or critical violation fails and names the page; lesser findings
 * are attached to the report. The pages are loaded into one tab per batch
 * (e2e/axe.ts).
 */
import { expect, test } from './tab.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageFile, samplePages, sitePages } from '../test/site/sample.ts';
import { axeOn, COLOUR_RULES, checkPage, type Look, type Sweep } from './axe.ts';
import { SITE_DIR } from './support.ts';

/**
 * One page of every template (issue 16), with the one configuration `npm test` axes it in (the light theme
 * at 1280 px or the dark theme at 390 px, alternating); the ones with scripts opened normally so their
 * controls show.
 */
const TEMPLATES: ReadonlyArray<readonly [string, Look]> = [
  ['', 'light@1280'],
  ['spec/', 'dark@390'],
  ['servers/', 'light@1280'],
  ['servers/github/', 'dark@390'],
  ['servers/github/create_repository/', 'light@1280'],
  ['classes/R3/', 'dark@390'],
  ['effects/', 'light@1280'],
  ['effects/widen/', 'dark@390'],
  ['compare/', 'light@1280'],
  ['compare/list_projects/', 'dark@390'],
  ['changelog/', 'light@1280'],
  ['changelog/server/azure/', 'dark@390'],
  ['api/', 'light@1280'],
  ['search/?q=slack', 'dark@390'],
  ['downloads/', 'light@1280'],
  ['contributing/', 'dark@390'],
  ['playground/', 'light@1280'],
  ['no-such-page/', 'dark@390'],
];
/** What a template's page shows only once a script has filled it in: wait for it before checking. */
const READY: Record<string, string> = { 'search/?q=slack': '#search-results > li' };
/** The HTTP status of a template's address, when it is not 200. */
const STATUS: Record<string, number> = { 'no-such-page/': 404 };

const every = sitePages();
const sample = samplePages(every);
/** The built page a template's address opens (the 404 page for an unknown address), without its query. */
const templatePage = (path: string): string => (path === 'no-such-page/' ? '404.html' : path.replace(/\?.*$/, ''));
const kindOf = new Map(every.map((page) => [page.path, page.kind]));
const templatePages = new Set(TEMPLATES.map(([path]) => templatePage(path)));
/** The kinds a template stands for. */
const templateKinds = new Set(TEMPLATES.map(([path]) => kindOf.get(templatePage(path))));
const other = (look: Look): Look => (look === 'light@1280' ? 'dark@390' : 'light@1280');

/**
 * The sampled pages axed besides the templates, each with its configuration: a template's page is
 * checked as a template only, and the first page of a kind a template stands for is left out (the
 * template is that kind's one page). Each gets the configuration the last page of its kind did not.
 */
const lastLook = new Map<string | undefined, Look>(TEMPLATES.map(([path, look]) => [kindOf.get(templatePage(path)), look]));
let alternate: Look = 'dark@390';
const swept = sample
  .filter((page) => !templatePages.has(page.path) && !(templateKinds.has(page.kind) && page.reasons.every((reason) => reason === 'first of its kind')))
  .map((page) => {
    const previous = lastLook.get(page.kind);
    if (previous === undefined) alternate = other(alternate);
    const look = previous === undefined ? alternate : other(previous);
    lastLook.set(page.kind, look);
    return { path: page.path, look, largest: page.reasons.includes('largest of its kind') };
  });

const bytesOf = new Map(every.map((page) => [page.path, page.bytes]));

/** One page of a sweep: its address, what to check, what must show before the checks and its HTTP status. */
interface Entry {
  path: string;
  checks: Sweep;
  expect?: { ready?: string; status?: number };
}

/**
 * Register one test per batch of `entries`, each checking its pages in one
 * tab. A batch holds at most `size` pages and, past its first page, at most
 * 400 KB of HTML, so the largest pages (a class page is a table of every tool
 * of its class, about 1 MB) get batches of their own and both workers share
 * the work. Each page's time allowance grows with its size and its axe runs.
 */
function sweep(title: string, entries: Entry[], size: number, details: { tag?: string } = {}): void {
  const batches: Entry[][] = [];
  let weight = 0;
  for (const entry of entries) {
    const bytes = bytesOf.get(entry.path) ?? 0;
    const last = batches.at(-1);
    if (last === undefined || last.length >= size || weight + bytes > 400_000) {
      batches.push([entry]);
      weight = bytes;
    } else {
      last.push(entry);
      weight += bytes;
    }
  }
  // 30 s for each axe run and 10 s more, each growing with the page's size (30 s more per 50 KB): at load 45
  // on this 2-core machine the light run alone on /servers/azure/ (372 KB) outran 20 s a page, and at load 30
  // one run on /servers/ (260 KB) took 96 s.
  const allowance = ({ path, checks }: Entry): number => (10_000 + 30_000 * checks.axe.length) * (1 + (bytesOf.get(path) ?? 0) / 50_000);
  test.describe(title, () => {
    let first = 1;
    for (const batch of batches) {
      test(`pages ${first}–${first + batch.length - 1} of ${entries.length} (/${batch[0]!.path} …)`, details, async ({ page }) => {
        test.setTimeout(60_000 + batch.reduce((total, entry) => total + allowance(entry), 0));
        const found: string[] = [];
        for (const entry of batch) found.push(...(await checkPage(page, entry.path, entry.checks, entry.expect)));
        expect(found, 'axe violations, or sideways scrolling').toEqual([]);
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

test('npm test axes every template and every sampled page once, and each kind in both themes when it has two such pages', () => {
  const axed = [...TEMPLATES.map(([path, look]) => ({ path: templatePage(path), look })), ...swept];
  expect(new Set(axed.map(({ path }) => path)).size, 'no page axed twice').toBe(axed.length);
  for (const kind of new Set(every.map((page) => page.kind))) {
    const looks = new Set(axed.filter(({ path }) => kindOf.get(path) === kind).map(({ look }) => look));
    expect(looks.size, `${kind} pages axed`).toBeGreaterThan(0);
    const largest = sample.find((page) => page.kind === kind && page.reasons.includes('largest of its kind'))!;
    expect(
      axed.map(({ path }) => path),
      `largest ${kind} page`,
    ).toContain(largest.path);
    if (axed.filter(({ path }) => kindOf.get(path) === kind).length > 1)
      expect([...looks].sort(), `${kind} in both themes`).toEqual(['dark@390', 'light@1280']);
  }
});

/** The `@media (prefers-color-scheme: …)` blocks of a stylesheet, each with its braces' content. */
function schemeBlocks(css: string): string[] {
  const blocks: string[] = [];
  for (const match of css.matchAll(/@media\s*\(\s*prefers-color-scheme\s*:[^)]*\)\s*\{/g)) {
    let depth = 1;
    let end = match.index + match[0].length;
    for (; depth > 0 && end < css.length; end += 1) depth += css[end] === '{' ? 1 : css[end] === '}' ? -1 : 0;
    blocks.push(css.slice(match.index + match[0].length, end - 1));
  }
  return blocks;
}

// What lets a state axed in full in one theme be axed with the colour rules only in the other (colourOn in
// e2e/axe.ts: the playground's open suggestions, the header's suggestion list).
test('the theme changes colours only: its stylesheet block sets colour custom properties, and no script or page reads the scheme otherwise', () => {
  const assets = join(SITE_DIR, '_astro');
  const files = readdirSync(assets);
  const blocks = files.filter((file) => file.endsWith('.css')).flatMap((file) => schemeBlocks(readFileSync(join(assets, file), 'utf8')));
  expect(blocks.length, 'a dark theme').toBeGreaterThan(0);
  for (const block of blocks)
    expect(block, 'one :root rule of colour custom properties').toMatch(/^\s*:root\s*\{(\s*--[\w-]+\s*:\s*#[0-9a-f]{3,8}\s*;?)+\s*\}\s*$/i);
  const scripts = files
    .filter((file) => file.endsWith('.js'))
    .filter((file) => /prefers-color-scheme|matchMedia/.test(readFileSync(join(assets, file), 'utf8')));
  expect(scripts, 'scripts that read the colour scheme').toEqual([]);
  const elsewhere = sample
    .map((page) => readFileSync(join(SITE_DIR, pageFile(page.path)), 'utf8').replace(/<meta name="theme-color"[^>]*>/g, ''))
    .filter((html) => /prefers-color-scheme|matchMedia/.test(html));
  expect(elsewhere, 'sampled pages that read the colour scheme beyond their theme-color meta').toEqual([]);
  expect(COLOUR_RULES).toContain('color-contrast');
});

sweep(
  'the templates: axe with no finding allowed in one configuration each, no overflow at 390 or 320 px',
  TEMPLATES.map(([path, look]) => ({
    path,
    checks: { axe: [look], strict: true, phoneOverflow: true, narrowOverflow: true },
    expect: { ready: READY[path], status: STATUS[path] },
  })),
  3,
);
sweep(
  'the sample outside the templates: axe in one configuration each, no overflow at 390 px (the largest page of a kind at 320 px too)',
  swept.map(({ path, look, largest }) => ({ path, checks: { axe: [look], phoneOverflow: true, narrowOverflow: largest } })),
  3,
);
// The other configuration of those pages: the crawl below axes every page in the light theme at 1280 px.
sweep(
  'the sample outside the templates: axe dark at 390 px',
  sample.filter((page) => !templatePages.has(page.path)).map((page) => ({ path: page.path, checks: { axe: ['dark@390'], phoneOverflow: false } })),
  3,
  { tag: '@crawl' },
);

sweep(
  'every page: axe light at 1280 px, no overflow at 390 px',
  every.map((page) => ({ path: page.path, checks: { axe: ['light@1280'], phoneOverflow: true } })),
  40,
  { tag: '@crawl' },
);

/**
 * The crawl tier's check of every template, loaded afresh at each width and
 * checked by axe's full rule set with no finding allowed at all, in all four
 * configurations (both themes at 1280 and 390 px; the theme is CSS alone,
 * `prefers-color-scheme`, so switching the emulated scheme restyles the
 * loaded page); at 390 px it must also not scroll sideways. One test per
 * template, so both workers share them. Axe reports violations only
 * (`resultTypes`), which skips its work on passing nodes and finds the same
 * violations. `npm test` checks each template in one of these
 * configurations (the sweep above; issue 30: in all four the templates took
 * 695 of the browser tier's 1,379 worker-seconds).
 */
function templateTest(path: string): void {
  const configurations = [
    [1280, 800, 'light'],
    [1280, 800, 'dark'],
    [390, 844, 'light'],
    [390, 844, 'dark'],
  ] as const;
  const title = `axe finds no violation at all on the /${path} template at 1280 and 390 px in both themes, and it does not scroll sideways at 390 px`;
  test(title, { tag: '@crawl' }, async ({ page }) => {
    // Each axe run allowed 30 s and 30 s more per 50 KB of HTML: on a machine at load 30 one run
    // on /servers/ (260 KB) took 96 s, and /spec/ and /servers/ outran an allowance about half this one.
    test.setTimeout(60_000 + configurations.length * 30_000 * (1 + (bytesOf.get(templatePage(path)) ?? 0) / 50_000));
    const found: string[] = [];
    for (const width of [1280, 390]) {
      const height = configurations.find(([w]) => w === width)![1];
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(path || './');
      if (READY[path] !== undefined) await expect(page.locator(READY[path]).first()).toBeVisible();
      for (const [, , colorScheme] of configurations.filter(([w]) => w === width)) {
        await page.emulateMedia({ colorScheme });
        const { violations } = await axeOn(page).analyze();
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

for (const [path] of TEMPLATES) templateTest(path);

/** Two pages with long names, measured at 320 px (the templates and the largest page of each kind are, in their sweep). */
const LONG_NAMES = ['servers/linear-tacticlaunch/', 'servers/atlassian/confluence_delete_attachment/'];

test('the pages with the longest names do not overflow at 320 px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  const wide: string[] = [];
  for (const path of LONG_NAMES) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 320) wide.push(`/${path}: ${width} px`);
  }
  expect(wide).toEqual([]);
});
