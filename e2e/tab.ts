/**
 * Playwright's `test` with one browser tab per worker (and per setting of
 * `javaScriptEnabled`), reused by the tests instead of a new context and tab
 * each (issue 30). A new context costs Chromium a new renderer process:
 * thirty visits of /servers/github/ took 0.51 CPU-s each in a new context
 * and 0.29 in one reused tab that went to `about:blank` in between (this
 * 2-core machine, Chromium's headless shell); the browser tier opened about
 * 140 contexts.
 *
 * Each test still starts as on a new tab: on `about:blank`, at Playwright's
 * default size (1280×720), in the light theme, with no listener of an
 * earlier test. The site keeps no state in the browser (no cookies, no
 * storage) and e2e/serve.ts answers `Cache-Control: no-store`, so nothing an
 * earlier test loaded is served from a cache. A test that did not pass
 * leaves its tab behind: the next one gets a new context. `context` is the
 * tab's context, so a test that opens a second page (a shared link) opens
 * it beside the tab.
 */
import { type BrowserContext, test as base, type Page } from '@playwright/test';

/** Playwright's default viewport, which a new context would have. */
const VIEWPORT = { width: 1280, height: 720 } as const;

/** The page events a test may listen to (the spec files listen to `request`); none is Playwright's own. */
const LISTENED = ['request', 'response', 'requestfinished', 'requestfailed', 'console', 'pageerror', 'dialog'] as const;

interface Tab {
  context: BrowserContext;
  page: Page;
}

export const test = base.extend<{ tab: Tab }, { tabs: Map<boolean, Tab> }>({
  tabs: [
    async ({ browser: _browser }, use) => {
      const tabs = new Map<boolean, Tab>();
      await use(tabs);
      for (const { context } of tabs.values()) await context.close();
    },
    { scope: 'worker' },
  ],
  tab: async ({ browser, tabs, javaScriptEnabled, baseURL }, use, testInfo) => {
    const js = javaScriptEnabled !== false;
    let tab = tabs.get(js);
    if (tab === undefined || tab.page.isClosed()) {
      const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
      tab = { context, page: await context.newPage() };
      tabs.set(js, tab);
    }
    const { context, page } = tab;
    await page.goto('about:blank');
    await page.setViewportSize(VIEWPORT);
    await page.emulateMedia({ colorScheme: 'light' });
    await use(tab);
    for (const event of LISTENED) page.removeAllListeners(event);
    for (const other of context.pages()) if (other !== page) await other.close();
    if (testInfo.status !== testInfo.expectedStatus) {
      tabs.delete(js);
      await context.close();
    }
  },
  context: async ({ tab }, use) => use(tab.context),
  page: async ({ tab }, use) => use(tab.page),
});

export { expect } from '@playwright/test';
