/**
 * "Which servers are safe to connect?" (issue 27 item 3): the servers list
 * is numbered pages of SERVER_PAGE_SIZE that read without JavaScript; with
 * it, filters by name as you type, by "nothing above" a class (optionally
 * with a server's option that hides tools, such as read-only, on), fetched
 * from `servers/index.json` only when the visitor filters, and the count in
 * a live region. Axe on the filtered state in one theme (the list as it opens
 * is a template of e2e/a11y.spec.ts).
 */
import { expect, test } from './tab.ts';
import { SERVER_PAGE_SIZE } from '../src/site/lib/grid-pages.ts';
import { axeOn, blocking } from './axe.ts';
import { readRegistry } from './support.ts';

const registry = readRegistry();
const RANK: Record<string, number> = { R0: 0, R1: 1, R2: 2, R3: 3, R4: 4 };
const worst = (record: (typeof registry.servers)[number]) => Math.max(...record.tools.map((tool) => RANK[tool.class]!));
const pages = Math.ceil(registry.servers.length / SERVER_PAGE_SIZE);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('without JavaScript the list shows the first servers, and Next opens the next ones', async ({ page }) => {
    await page.goto('servers/');
    const ids = () => page.locator('#server-list > li').evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.id));
    expect(await ids()).toEqual(registry.servers.slice(0, SERVER_PAGE_SIZE).map((record) => record.id));
    await expect(page.locator('#server-controls')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Pages of servers, above the list' })).toContainText(`Page 1 of ${pages}`);
    await page.getByRole('navigation', { name: 'Pages of servers, above the list' }).getByRole('link', { name: 'Next →' }).click();
    expect(new URL(page.url()).pathname).toMatch(/\/servers\/2\/$/);
    expect(await ids()).toEqual(registry.servers.slice(SERVER_PAGE_SIZE, 2 * SERVER_PAGE_SIZE).map((record) => record.id));
  });
});

test('the filter index is fetched only when the visitor filters', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/servers/index.json')) fetched.push(request.url());
  });
  await page.goto('servers/');
  await expect(page.locator('#server-controls')).toBeVisible();
  expect(fetched).toEqual([]);
  await page.getByLabel('Name').fill('memory');
  await expect(page.locator('#server-match-list > li').first()).toBeVisible();
  expect(fetched).toHaveLength(1);
});

test('typing a name shows the matching servers over every page and says how many in the live region', async ({ page }) => {
  await page.goto('servers/');
  const expected = registry.servers.filter((record) => record.id.includes('github') || record.name.toLowerCase().includes('github'));
  await page.getByLabel('Name').pressSequentially('github');
  await expect(page.getByRole('status')).toHaveText(`Showing ${expected.length} of ${registry.servers.length} servers.`);
  const shown = await page.locator('#server-match-list > li').evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.id));
  expect(shown.sort()).toEqual(expected.map((record) => record.id).sort());
  await expect(page.locator('#server-pages')).toBeHidden();
  await expect(page).toHaveURL(/\?q=github$/);
  await page.getByLabel('Leave out archived servers').check();
  await expect(page.locator('#server-match-list > li[data-id="github-reference"]')).toHaveCount(0);
  await page.getByLabel('Name').fill('');
  await page.getByLabel('Leave out archived servers').uncheck();
  await expect(page.locator('#server-pages')).toBeVisible();
  await expect(page.locator('#server-list > li')).toHaveCount(Math.min(SERVER_PAGE_SIZE, registry.servers.length));
});

test('"nothing above R1" lists exactly the servers whose every tool is R0 or R1, and read-only brings argocd in', async ({ page }) => {
  await page.goto('servers/');
  const safe = registry.servers.filter((record) => worst(record) <= 1).map((record) => record.id);
  await page.getByLabel('Nothing above').selectOption('R1');
  await expect(page.getByRole('status')).toHaveText(`Showing ${safe.length} of ${registry.servers.length} servers with nothing above R1.`);
  const shown = await page.locator('#server-match-list > li').evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.id));
  expect(shown.sort()).toEqual([...safe].sort());
  expect(shown).not.toContain('argocd');

  await page.getByLabel('Or with one of its options that hide tools on (such as read-only)').check();
  const argocd = page.locator('#server-match-list > li[data-id="argocd"]');
  const r0 = registry.servers.find((record) => record.id === 'argocd')!.tools.filter((tool) => tool.class === 'R0').length;
  await expect(argocd.locator('[data-gate]')).toHaveText(
    `With read-only on: ${r0} of ${registry.servers.find((record) => record.id === 'argocd')!.tools.length} tools left, none above R1.`,
  );
  await expect(page).toHaveURL(/\?ceiling=R1&gate=on$/);
});

test('a shared address restores the filters', async ({ page }) => {
  await page.goto('servers/?ceiling=R0&status=draft');
  await expect(page.getByLabel('Nothing above')).toHaveValue('R0');
  const expected = registry.servers.filter((record) => worst(record) === 0 && record.provenance.status === 'draft').length;
  await expect(page.getByRole('status')).toHaveText(`Showing ${expected} of ${registry.servers.length} servers with nothing above R0.`);
});

// The list as it opens is the servers/ template of e2e/a11y.spec.ts; the filtered state, in the
// dark theme, on the page's main part (the header and footer are the template's).
test('axe finds nothing serious on the filtered servers list (dark)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('servers/?ceiling=R1&gate=on');
  await expect(page.locator('#server-match-list [data-gate]').first()).toBeVisible();
  expect(blocking('servers/?ceiling=R1&gate=on (dark)', await axeOn(page).include('main').analyze())).toEqual([]);
});
