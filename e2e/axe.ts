/**
 * Axe and overflow checks of many pages in one tab, shared by the default
 * accessibility run (a sample of pages, e2e/a11y.spec.ts) and the crawl
 * tier (every page, tagged `@crawl`).
 *
 * A batch opens one tab and loads each of its pages into it in turn: it
 * opens the page's address (so the page's scripts run, and the HTTP status
 * is the page's own), injects axe, waits until its stylesheets have
 * applied, then runs axe on it. (An earlier fast path wrote static pages'
 * HTML into the tab to keep one injected axe; every page carries the
 * header's search script, so no page took it: removed, with the extra
 * request for each page's HTML it made to decide, issue 30.)
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { type Page, test } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** The axe rule tags every check runs. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/**
 * Axe on `page` (narrow it with `.include(selector)`) with the rule tags every
 * check runs ({@link TAGS}), reporting violations only: with `resultTypes`
 * axe still runs every rule of those tags on every node and finds the same
 * violations, but keeps and describes one node at most of each passing,
 * incomplete or inapplicable rule (axe-core 4's `processAggregate`). On
 * /servers/github/ one run took 2.3 CPU-s instead of 3.3.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations'] });
}

/**
 * The rules of {@link TAGS} that read colours (axe's `cat.color` tag: color-contrast and
 * link-in-text-block). The dark theme is the `prefers-color-scheme: dark` block of
 * src/site/styles/global.css, which sets colour custom properties and nothing else, and no script
 * reads the scheme: switching it changes no element, attribute, size or position. So once axe's
 * full set has run on a state in one theme, only these rules can find anything new on that same
 * state in the other theme ({@link colourOn}).
 */
export const COLOUR_RULES: readonly string[] = (createRequire(import.meta.url)('axe-core') as typeof import('axe-core'))
  .getRules(TAGS)
  .filter((rule) => rule.tags.includes('cat.color'))
  .map((rule) => rule.ruleId);

/**
 * Axe's colour rules only ({@link COLOUR_RULES}) on `page`, reporting violations only: for a state
 * that {@link axeOn}'s full set has already checked in the other theme.
 */
export function colourOn(page: Page): AxeBuilder {
  if (!COLOUR_RULES.includes('color-contrast')) throw new Error(`axe's colour rules are ${COLOUR_RULES.join(', ') || 'none'}: no color-contrast`);
  return new AxeBuilder({ page }).withRules([...COLOUR_RULES]).options({ resultTypes: ['violations'] });
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The desktop and phone sizes the sweeps use, in CSS pixels. */
const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;

/** Serious and critical findings, one line each; lesser ones go to the test's annotations. */
export function blocking(path: string, results: Pick<AxeResults, 'violations'>): string[] {
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = results.violations.filter((v) => !serious.includes(v));
  if (minor.length > 0)
    test.info().annotations.push({ type: `axe /${path}`, description: minor.map((v) => `${v.impact} ${v.id} ×${v.nodes.length}`).join('; ') });
  return serious.map((v) => oneLine(path, v));
}

/** One axe violation on one line: the page and configuration, impact, rule, help and the first node. */
function oneLine(path: string, v: AxeResults['violations'][number]): string {
  return `/${path}: ${v.impact} ${v.id}: ${v.help} (${v.nodes.length}×, e.g. ${v.nodes[0]?.target.join(' ')})`;
}

async function runAxe(page: Page): Promise<Pick<AxeResults, 'violations'>> {
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return { violations };
  }, TAGS);
}

/** Wait until every stylesheet of the current document has loaded and applied; false after 20 s. */
async function styled(page: Page): Promise<boolean> {
  return page
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
}

/**
 * Open one page (a path relative to the base, `''` for the home page) in the tab and inject axe.
 * Problems (an HTTP status other than `status`, a stylesheet that never applied), or none.
 */
async function load(page: Page, path: string, status = 200): Promise<string[]> {
  const response = await page.goto(path || './');
  if (response?.status() !== status) return [`/${path}: HTTP ${response?.status()}, not ${status}`];
  await page.evaluate(AXE_SOURCE);
  // Every stylesheet must have applied before axe measures contrast and target sizes. A stylesheet that
  // never loads is a finding of its own, not a reason to wait forever.
  return (await styled(page)) ? [] : [`/${path}: a stylesheet did not load within 20 s`];
}

/** An axe configuration: the light theme at {@link DESKTOP} or the dark theme at {@link PHONE}. */
export type Look = 'light@1280' | 'dark@390';

/** What to check on each page of a sweep. */
export interface Sweep {
  /** Axe runs on the page, each once: `light@1280` runs first, at the size the page loads at. */
  axe: readonly Look[];
  /** Every axe violation fails (a page template), instead of the serious and critical ones only. */
  strict?: boolean;
  /** No sideways scrolling at {@link PHONE}. */
  phoneOverflow: boolean;
  /** No sideways scrolling at {@link NARROW} either (the page templates and the largest page of each kind). */
  narrowOverflow?: boolean;
}

/** The narrowest width measured for sideways scrolling, in CSS pixels. */
const NARROW = { width: 320, height: 700 } as const;

/** Sideways overflow of the current document at its current width, in CSS pixels (0 or less: none). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Check one page in one load: at the desktop size in the light theme when
 * that axe run is asked for (at the phone size otherwise), then at the phone
 * width (in the dark theme when that axe run is asked for) measure sideways
 * overflow and run axe, then at 320 px measure overflow again when asked.
 * `expect.ready`, when given, is a selector that must be visible before any
 * check (results a script fills in); `expect.status` is the HTTP status the
 * page must answer with (200 unless given: 404 for the not-found page). Axe
 * findings (serious and critical, or all of them when `strict`) and
 * overflow, one line each.
 */
export async function checkPage(page: Page, path: string, sweep: Sweep, expect: { ready?: string; status?: number } = {}): Promise<string[]> {
  const light = sweep.axe.includes('light@1280');
  const dark = sweep.axe.includes('dark@390');
  const found = (what: string, results: Pick<AxeResults, 'violations'>): string[] =>
    sweep.strict ? results.violations.map((v) => oneLine(what, v)) : blocking(what, results);
  await page.setViewportSize(light ? DESKTOP : PHONE);
  await page.emulateMedia({ colorScheme: 'light' });
  const problems = await load(page, path, expect.status);
  if (problems.length > 0) return problems;
  if (expect.ready !== undefined) await page.locator(expect.ready).first().waitFor({ state: 'visible' });
  if (light) problems.push(...found(`${path} (light, ${DESKTOP.width} px)`, await runAxe(page)));
  if (dark || sweep.phoneOverflow) {
    if (light) await page.setViewportSize(PHONE);
    if (dark) await page.emulateMedia({ colorScheme: 'dark' });
    const wide = sweep.phoneOverflow ? await overflow(page) : 0;
    if (wide > 0) problems.push(`/${path}: scrolls sideways by ${wide} px at ${PHONE.width} px`);
    if (dark) problems.push(...found(`${path} (dark, ${PHONE.width} px)`, await runAxe(page)));
  }
  if (sweep.narrowOverflow) {
    await page.setViewportSize(NARROW);
    const wide = await overflow(page);
    if (wide > 0) problems.push(`/${path}: scrolls sideways by ${wide} px at ${NARROW.width} px`);
  }
  return problems;
}
