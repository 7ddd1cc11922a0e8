/**
 * The header's as-you-type suggestions in the real browser (issue 27 item
 * 3): an ARIA 1.2 combobox over the names index (scripts/suggest.ts). A
 * prefix suggests the server, a one-letter typo still finds it, an archived
 * server (server.archived, SPEC 5.3) ranks below the maintained one of the
 * same name, the keyboard works, axe finds nothing on the open list in
 * either theme, and without JavaScript the form still submits to /search/.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './tab.ts';
import { typeInHeader } from './support.ts';
import { axeOn, colourOn } from './axe.ts';

const box = (page: Page) => page.getByRole('search', { name: 'Site search' }).getByRole('combobox', { name: 'Search servers and tools' });
const options = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');

test('typing a prefix suggests the server first: "githu" → the GitHub MCP Server', async ({ page }) => {
  await typeInHeader(page, 'githu');
  await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
  const first = options(page).first();
  await expect(first).toHaveAttribute('data-href', /\/servers\/github\/$/);
  await expect(first).toContainText('GitHub MCP Server (official, by GitHub)');
  await expect(first).toContainText('Server');
  await expect(first.locator('.badge')).toHaveText('R4 Irreversible');
});

test('a one-letter typo still finds it: "githb" suggests the github server', async ({ page }) => {
  await typeInHeader(page, 'githb');
  const hrefs = await options(page).evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.href));
  expect(hrefs.some((href) => href?.endsWith('/servers/github/'))).toBe(true);
});

test('the archived Redis reference server (id redis) ranks below the maintained Redis server, and says it is archived', async ({ page }) => {
  await typeInHeader(page, 'redis');
  // The list shows each shorter prefix's suggestions while the letters are typed: wait for the last query's.
  const current = () => options(page).evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.href ?? ''));
  await expect.poll(async () => (await current()).findIndex((href) => href.endsWith('/servers/redis-official/'))).toBe(0);
  const hrefs = await current();
  const maintained = hrefs.findIndex((href) => href.endsWith('/servers/redis-official/'));
  const archived = hrefs.findIndex((href) => href.endsWith('/servers/redis/'));
  expect(maintained).toBe(0);
  expect(archived).toBeGreaterThan(maintained);
  await expect(options(page).nth(archived)).toContainText('Archived');
  await expect(options(page).nth(maintained)).not.toContainText('Archived');
});

test('keyboard: Down and Up move through the options, Escape closes the list, Enter opens the active one', async ({ page }) => {
  await typeInHeader(page, 'slack');
  const input = box(page);
  await expect(options(page).first()).toBeVisible();
  await input.press('ArrowDown');
  const first = options(page).nth(0);
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await input.press('ArrowDown');
  await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(first).toHaveAttribute('aria-selected', 'false');
  await input.press('ArrowUp');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await input.press('Escape');
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeHidden();
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await expect(input).not.toHaveAttribute('aria-activedescendant');
  await expect(input).toHaveValue('slack');
  await input.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  const target = (await first.getAttribute('data-href'))!;
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${target.replaceAll('/', '\\/')}$`));
});

test('Enter with no option chosen submits the form to the search page', async ({ page }) => {
  await typeInHeader(page, 'slack');
  await expect(options(page).first()).toBeVisible();
  await box(page).press('Enter');
  await expect(page).toHaveURL(/\/search\/\?q=slack$/);
});

// The whole rule set in the light theme, then the colour rules in the dark theme: the theme changes
// colours only (COLOUR_RULES in e2e/axe.ts), so the other rules would find the same in both.
test('axe finds nothing in the header with the suggestion list open, in the light and the dark theme', async ({ page }) => {
  test.slow(); // two axe runs; the page's own content is checked by e2e/a11y.spec.ts
  await typeInHeader(page, 'git');
  await expect(options(page).first()).toBeVisible();
  await box(page).press('ArrowDown');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await (colorScheme === 'light' ? axeOn(page) : colourOn(page)).include('.site-header').analyze();
    expect(
      results.violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes[0]?.target.join(' ')})`),
      `axe with the list open, ${colorScheme}`,
    ).toEqual([]);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header form still submits to /search/, and no list appears', async ({ page }) => {
    await page.goto('servers/');
    const input = page.getByRole('search', { name: 'Site search' }).getByRole('searchbox', { name: 'Search servers and tools' });
    await input.fill('github');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/search\/\?q=github$/);
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toHaveCount(0);
  });
});
