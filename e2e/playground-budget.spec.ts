/**
 * The playground's weight, from the requests a page really makes: the
 * script it loads up front, the registry data it fetches, and the SQL
 * parser (JavaScript and WebAssembly) it fetches on the first SQL call.
 * Sizes are the gzip size (level 9) of the served files, the way
 * site-budget.json counts every page; the up-front script is also checked
 * per page kind by test/site/budget.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from './tab.ts';
import { ROOT, SITE_DIR, readRegistry } from './support.ts';

interface Budget {
  kinds: Record<string, { js: number }>;
  playgroundOnDemand: { registryDataPerTool: number; sqlParserJs: number; sqlParserWasm: number };
}

const budget = JSON.parse(readFileSync(join(ROOT, 'site-budget.json'), 'utf8')) as Budget;

/** Gzip size of the built file a same-site request was served from. */
function gzipOf(url: string, origin: string): number {
  const path = new URL(url).pathname;
  expect(url.startsWith(origin), `${url} is on the site`).toBe(true);
  return gzipSync(readFileSync(join(SITE_DIR, decodeURIComponent(path))), { level: 9 }).length;
}

test('script, registry data and SQL parser stay within site-budget.json', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto('playground/');
  await expect(page.locator('#pg-summary')).toHaveText(/^github create_repository: R1/);
  const upFront = [...requests];
  const js = upFront.filter((url) => url.endsWith('.js')).reduce((sum, url) => sum + gzipOf(url, origin), 0);
  const data = upFront.filter((url) => url.endsWith('/playground/registry.json')).map((url) => gzipOf(url, origin));
  expect(data).toHaveLength(1);

  await page.getByRole('link', { name: 'SELECT through sqlite write_query' }).click();
  await expect(page.locator('#pg-summary')).toHaveText(/^sqlite write_query: R0/);
  const later = requests.slice(upFront.length);
  const sqlJs = later.filter((url) => url.endsWith('.js')).reduce((sum, url) => sum + gzipOf(url, origin), 0);
  const wasm = later.filter((url) => url.endsWith('.wasm')).map((url) => gzipOf(url, origin));
  expect(wasm).toHaveLength(1);

  const tools = readRegistry().totals.tools;
  const figures = {
    'script up front': [js, budget.kinds.playground!.js],
    'registry data': [data[0]!, budget.playgroundOnDemand.registryDataPerTool * tools],
    'SQL parser JavaScript': [sqlJs, budget.playgroundOnDemand.sqlParserJs],
    'SQL parser WebAssembly': [wasm[0]!, budget.playgroundOnDemand.sqlParserWasm],
  } as const;
  const description = Object.entries(figures)
    .map(([name, [size, limit]]) => `${name} ${size} of ${limit}`)
    .join('; ');
  console.log(`playground weight (gzip bytes): ${description}`);
  test.info().annotations.push({ type: 'weight', description });
  for (const [name, [size, limit]] of Object.entries(figures)) expect(size, name).toBeLessThanOrEqual(limit);
});
