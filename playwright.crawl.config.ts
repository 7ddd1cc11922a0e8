/**
 * The crawl tier's browser tests (`npm run test:crawl`, nightly in
 * .github/workflows/crawl.yml): only the tests tagged `@crawl`, which visit
 * every page of the root-served build or every server (axe on every page,
 * overflow at 390 px on every page, every server's API files and badge).
 * The same browser and static server as playwright.config.ts, on a port of
 * its own so it can run beside `npm test`; the base-path copy of the site is
 * not needed, so it is not built.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';
import { ROOT_PORT, SITE_DIR } from './e2e/support.ts';

// Ten past `npm test`'s port (E2E_PORT, default 4321), so both tiers can run side by side.
const PORT = ROOT_PORT + 10;
const URL = `http://127.0.0.1:${PORT}/`;
const site = base.projects?.find((project) => project.name === 'site');

export default defineConfig({
  ...base,
  outputDir: 'test-results/crawl',
  grep: /@crawl/,
  grepInvert: undefined,
  projects: [{ ...site, use: { ...site?.use, baseURL: URL } }],
  webServer: {
    command: `npx tsx e2e/serve.ts --dir ${JSON.stringify(SITE_DIR)} --port ${PORT}`,
    url: URL,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
