/**
 * The class and effect grids in numbered pages (issue 27 item 4): the first
 * page stays at the old address, the next ones are numbered, each holds at
 * most GRID_PAGE_SIZE tools, the pager works without JavaScript, every page
 * is in the sitemap. Axe: e2e/a11y.spec.ts checks the class and effect
 * templates (/classes/R3/, a first page with the pager, and /effects/widen/)
 * (one theme each, alternating), and its sample sweep the largest page of each kind, in this
 * build a later numbered page (/classes/R4/12/, /effects/availability/4/).
 */
import { expect, test } from './tab.ts';
import { GRID_PAGE_SIZE } from '../src/site/lib/grid-pages.ts';
import { readRegistry } from './support.ts';

const registry = readRegistry();
const readTools = registry.servers.flatMap((record) =>
  record.tools.filter((tool) => tool.effects?.includes('read')).map((tool) => `${record.id}/${tool.name}`),
);
const readPages = Math.ceil(readTools.length / GRID_PAGE_SIZE);
const r0Pages = Math.ceil(registry.servers.flatMap((record) => record.tools.filter((tool) => tool.class === 'R0')).length / GRID_PAGE_SIZE);

test('the first page of /effects/read/ lists the first tools with read, by server, and names the page count', async ({ page }) => {
  expect(readPages).toBeGreaterThan(1);
  await page.goto('effects/read/');
  const shown = await page
    .locator('tr[data-tool]')
    .evaluateAll((rows) => rows.map((row) => `${(row as HTMLElement).dataset.server}/${row.querySelector('th a')?.textContent}`));
  expect(shown).toEqual(readTools.slice(0, GRID_PAGE_SIZE));
  await expect(page.getByRole('navigation', { name: 'Pages of effect read, above the grid' })).toContainText(`Page 1 of ${readPages}`);
  await expect(page).toHaveTitle(`Effect read: every tool (page 1 of ${readPages}) · Reversibility Classes`);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('without JavaScript, Next on /effects/read/ opens /effects/read/2/ with the next tools, and the last page ends the list', async ({ page }) => {
    await page.goto('effects/read/');
    await page.getByRole('navigation', { name: 'Pages of effect read, above the grid' }).getByRole('link', { name: 'Next →' }).click();
    // Waits for the next page's load, not only its address (the rows were read before they were there).
    await page.waitForURL(/\/effects\/read\/2\/$/);
    const second = await page
      .locator('tr[data-tool]:visible')
      .evaluateAll((rows) => rows.map((row) => `${(row as HTMLElement).dataset.server}/${row.querySelector('th a')?.textContent}`));
    expect(second).toEqual(readTools.slice(GRID_PAGE_SIZE, 2 * GRID_PAGE_SIZE));
    await page
      .getByRole('navigation', { name: 'Pages of effect read, below the grid' })
      .getByRole('link', { name: String(readPages), exact: true })
      .click();
    await page.waitForURL(new RegExp(`/effects/read/${readPages}/$`));
    expect(await page.locator('tr[data-tool]').count()).toBe(readTools.length - (readPages - 1) * GRID_PAGE_SIZE);
    await expect(page.getByRole('link', { name: 'Next →' })).toHaveCount(0);
  });
});

test('a later page links each of its servers to that server’s own tools with the effect', async ({ page }) => {
  await page.goto('effects/read/2/');
  const firstServer = readTools[GRID_PAGE_SIZE]!.split('/')[0]!;
  const total = readTools.filter((ref) => ref.startsWith(`${firstServer}/`)).length;
  const link = page.getByRole('link', { name: firstServer, exact: true }).first();
  expect(new URL(await link.evaluate((a) => (a as HTMLAnchorElement).href)).search).toBe('?effect=read');
  await expect(page.locator('p', { has: link })).toContainText(`${firstServer} (${total})`);
  await link.click();
  await expect(page.locator('#grid-count')).toHaveText(
    `Showing ${total} of ${registry.servers.find((record) => record.id === firstServer)!.tools.length} tools.`,
  );
});

test('every numbered page of R0 and of read is in the sitemap', async ({ request }) => {
  const sitemap = await (await request.get('sitemap-0.xml')).text();
  for (let n = 2; n <= r0Pages; n += 1) expect(sitemap, `classes/R0/${n}/`).toContain(`/classes/R0/${n}/</loc>`);
  for (let n = 2; n <= readPages; n += 1) expect(sitemap, `effects/read/${n}/`).toContain(`/effects/read/${n}/</loc>`);
});
