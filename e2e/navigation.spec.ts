/**
 * Navigation through the built site: the home page's content, the main
 * navigation by mouse and by keyboard, the servers list with its filters
 * and sort, stable specification anchors, the 404 page and the dark theme.
 */
import { expect, test } from './tab.ts';
import { readRegistry } from './support.ts';

const registry = readRegistry();

test('the home page asks the question and shows the classes, the examples and live totals', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('If your AI agent gets this call wrong, can you undo it?');
  for (const name of ['R0 No effect', 'R1 Restorable', 'R2 Compensable', 'R3 Hard to recover', 'R4 Irreversible']) {
    await expect(page.locator('#classes-h + p + ol').getByText(name, { exact: true })).toBeVisible();
  }
  for (const policy of ['act', 'act_then_notify', 'approve_or_budget', 'approve_each_time', 'never_autonomous']) {
    await expect(page.locator('#classes-h + p + ol code', { hasText: new RegExp(`^${policy}$`) })).toBeVisible();
  }
  const examples = page.locator('section[aria-labelledby="severity-h"]');
  await expect(examples.locator('article', { hasText: '$40,000' }).getByText('R2 Compensable')).toBeVisible();
  await expect(examples.locator('article', { hasText: 'wrong channel' }).getByText('R4 Irreversible')).toBeVisible();
  const totals = page.locator('section[aria-labelledby="registry-h"] dl');
  await expect(totals.locator('div', { hasText: 'Servers' }).locator('dd')).toHaveText(String(registry.totals.servers));
  await expect(totals.locator('div', { hasText: 'Tools' }).locator('dd')).toHaveText(String(registry.totals.tools));
  await expect(page.getByRole('search', { name: 'Search', exact: true }).getByRole('searchbox', { name: 'Search servers and tools' })).toBeVisible();
  await expect(page.getByRole('search', { name: 'Site search' }).getByRole('searchbox')).toBeVisible();
});

test('the main navigation reaches every section and marks the current page', async ({ page }) => {
  await page.goto('./');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [label, heading] of [
    ['Specification', 'Reversibility Classes: specification'],
    ['Servers', 'Servers'],
    ['Search', 'Search'],
    ['Downloads', 'Downloads'],
    ['Contributing', 'Contributing'],
  ] as const) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
  }
});

test('from the servers list to a server and one of its tools, and back by breadcrumb', async ({ page }) => {
  await page.goto('servers/');
  await page.getByLabel('Name').fill('filesystem');
  await page.getByRole('link', { name: 'Filesystem (MCP reference server)' }).click();
  await expect(page).toHaveURL(/\/servers\/filesystem\/$/);
  // The tool's row in the server's tool grid keeps the tool's anchor.
  await page.locator('#tool-write_file').getByRole('link', { name: 'write_file', exact: true }).click();
  await expect(page).toHaveURL(/\/servers\/filesystem\/write_file\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('write_file');
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'filesystem' }).click();
  await expect(page).toHaveURL(/\/servers\/filesystem\/$/);
});

test('keyboard: the skip link comes first, moves focus to the content, and Tab reaches the navigation', async ({ page }) => {
  await page.goto('./');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator('#main')).toBeFocused();

  await page.goto('./');
  let reached = false;
  for (let i = 0; i < 12 && !reached; i += 1) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement?.textContent === 'Servers');
  }
  expect(reached, 'Tab reaches the Servers link within 12 presses').toBe(true);
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline, 'the focused link shows a focus outline').not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/servers\/$/);
});

test('the servers list filters by class present and status, and sorts', async ({ page }) => {
  await page.goto('servers/');
  const items = page.locator('#server-match-list > li');
  const withR3 = registry.servers.filter((record) => record.tools.some((tool) => tool.class === 'R3')).length;
  await page.getByRole('checkbox', { name: 'R3 Hard to recover' }).check();
  await expect(items).toHaveCount(withR3);
  await expect(page.getByRole('status')).toHaveText(`Showing ${withR3} of ${registry.totals.servers} servers.`);
  await expect(page).toHaveURL(/\?class=R3$/);
  for (const classes of await items.evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.classes ?? ''))) {
    expect(classes.split(' ')).toContain('R3');
  }
  await page.getByRole('checkbox', { name: 'R3 Hard to recover' }).uncheck();

  const statuses = new Set(registry.servers.map((record) => record.provenance.status));
  await page.getByLabel('Status').selectOption('draft');
  await expect(items).toHaveCount(Math.min(100, registry.servers.filter((record) => record.provenance.status === 'draft').length));
  await page.getByLabel('Status').selectOption('');
  expect(statuses.size).toBeGreaterThan(0);

  await page.getByLabel('Sort by').selectOption('tools');
  const most = Math.max(...registry.servers.map((record) => record.tools.length));
  await expect(items.first()).toHaveAttribute('data-tools', String(most));
  const order = await items.evaluateAll((lis) => lis.map((li) => Number((li as HTMLElement).dataset.tools)));
  expect(order).toEqual([...order].sort((a, b) => b - a));
});

test('specification sections have stable anchors', async ({ page }) => {
  await page.goto('spec/#section-5-4-1');
  const heading = page.locator('#section-5-4-1');
  await expect(heading).toHaveText(/^5\.4\.1 Read-only SQL/);
  await expect(heading).toBeInViewport();
  await expect(page.locator('#section-2-7')).toHaveText(/^2\.7 Severity is not reversibility/);
  // A prose reference links to its section.
  await expect(page.locator('article a[href="#section-4-3"]').first()).toBeVisible();
});

test('an unknown address gets the 404 page', async ({ page }) => {
  const response = await page.goto('servers/no-such-server/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No page here');
});

test('light and dark themes follow the system setting', async ({ page }) => {
  await page.goto('./');
  const background = async (colorScheme: 'light' | 'dark') => {
    await page.emulateMedia({ colorScheme });
    const rgb = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const [r, g, b] = rgb.match(/\d+/g)!.map(Number) as [number, number, number];
    return (r + g + b) / 3;
  };
  expect(await background('light')).toBeGreaterThan(200);
  expect(await background('dark')).toBeLessThan(50);
});
