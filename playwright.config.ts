/**
 * End-to-end tests of the built site in Debian's Chromium, its headless
 * shell when installed (never a browser downloaded by Playwright;
 * e2e/support.ts). Run `npm run build` first: the tests read
 * build/site (served at the root; `SITE_DIR` points them elsewhere) and
 * build a second copy under a base path into build/site-base, the way
 * GitHub Pages serves a project site (from a few records, so that build
 * does not grow with the registry: e2e/build-base.ts).
 *
 * Tests tagged `@crawl` visit every page or every server, so their time
 * grows with the registry; they run only in the crawl tier
 * (playwright.crawl.config.ts, `npm run test:crawl`), never in `npm test`.
 */
import { defineConfig } from '@playwright/test';
import { BASE_PATH, BASE_PORT, BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH, ROOT_PORT, ROOT_URL, SITE_DIR } from './e2e/support.ts';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  grepInvert: /@crawl/,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // No trace: recording one snapshots every action of every test, kept or not (watch-and-act.spec.ts
    // twice each way at load ~27: 31.7 CPU-s with 'retain-on-failure', 28.1 with 'off'). To see a failure
    // step by step, run it again with `npx playwright test --trace retain-on-failure <file>`.
    trace: 'off',
  },
  projects: [
    { name: 'site', testIgnore: /base-path\.spec\.ts$/, use: { baseURL: ROOT_URL } },
    { name: 'base-path', testMatch: /base-path\.spec\.ts$/, use: { baseURL: BASE_URL } },
  ],
  webServer: [
    {
      command: `npx tsx e2e/serve.ts --dir ${JSON.stringify(SITE_DIR)} --port ${ROOT_PORT}`,
      url: ROOT_URL,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      command: `npx tsx e2e/build-base.ts && npx tsx e2e/serve.ts --dir build/site-base --port ${BASE_PORT} --base ${BASE_PATH}`,
      url: BASE_URL,
      reuseExistingServer: !process.env.CI,
      timeout: 300_000,
    },
  ],
});
