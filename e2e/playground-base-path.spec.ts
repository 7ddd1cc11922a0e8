/**
 * The playground under a base path (`/reversibility-classes/`, as GitHub
 * Pages serves a project site): its registry data and the SQL parser's
 * WebAssembly are fetched from under the base, and the examples link there.
 */
import { expect, test } from './tab.ts';
import { BASE_PATH } from './support.ts';

test('the playground classifies SQL under the base path, fetching only under it', async ({ page, baseURL }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto('playground/');
  await expect(page.locator('#pg-summary')).toHaveText(/^github create_repository: R1 Restorable\./);
  const example = page.getByRole('link', { name: 'SELECT through sqlite write_query' });
  expect(await example.getAttribute('href')).toMatch(new RegExp(`^${BASE_PATH}playground/\\?`));
  await example.click();
  await expect(page.locator('#pg-summary')).toHaveText(/^sqlite write_query: R0 No effect\. Default policy act\. Source: argument rule read-only-statement\.$/);
  const origin = new URL(baseURL!).origin;
  const outside = requests.filter((url) => !url.startsWith(`${origin}${BASE_PATH}`));
  expect(outside).toEqual([]);
  expect(requests.some((url) => url.endsWith('/playground/registry.json'))).toBe(true);
  expect(requests.filter((url) => url.endsWith('.wasm'))).toHaveLength(1);
});
