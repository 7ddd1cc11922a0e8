/**
 * The catalogue of servers not yet classified (issue 25 item 4): a separate
 * section, every page marked as unreviewed suggestions, each server with its
 * tools and suggested classes and a "classify this server" draft that keeps
 * every tool R4 with suggested marks; never among the servers or totals.
 * Axe: e2e/a11y.spec.ts's sample sweep checks the catalogue index and the
 * first and largest catalogue server page (kinds `catalogue` and
 * `catalogue-server`; the two server pages in opposite themes), the only
 * states this file opens.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './tab.ts';

/** A listing the catalogue holds, read from the committed file. */
const LISTING = JSON.parse(readFileSync('catalogue/npm/testsprite--testsprite-mcp.json', 'utf8')) as { name: string; version: string; tools: unknown[] };

test('the index is marked as unreviewed suggestions and links each server; the servers list does not count them', async ({ page }) => {
  await page.goto('catalogue/');
  await expect(page.locator('h1')).toHaveText('Catalogue: servers not yet classified');
  await expect(page.locator('.cat-warning')).toContainText('Not records. Unreviewed suggestions.');
  await expect(page.getByRole('link', { name: LISTING.name, exact: true })).toHaveAttribute('href', /catalogue\/npm-testsprite--testsprite-mcp\/$/);
  await page.goto('servers/');
  await expect(page.locator(`a[href$="catalogue/npm-testsprite--testsprite-mcp/"]`)).toHaveCount(0);
});

/** A listing made on a second start with a placeholder, read from the committed file. */
const PLACEHOLDERED = JSON.parse(readFileSync('catalogue/npm/hubspot--mcp-server.json', 'utf8')) as {
  name: string;
  tools: unknown[];
  placeholders: { env: string[] };
};

test('the index states the placeholder rule and pages by 50 like the servers list', async ({ page }) => {
  await page.goto('catalogue/');
  await expect(page.locator('.cat-warning')).toContainText('Every tool below is R4 for the hook');
  await expect(page.locator('body')).toContainText('started once more with an obvious placeholder for each (rclass-catalogue-placeholder, never a credential)');
  const count = await page.locator('.cat-list li').count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(50);
});

test('a server listed with placeholders says which names were set, and its draft keeps every tool R4 for the hook', async ({ page, request }) => {
  await page.goto('catalogue/npm-hubspot--mcp-server/');
  await expect(page.locator('.cat-warning')).toContainText('every tool is R4');
  await expect(page.locator('body')).toContainText(
    `started again with placeholders for ${PLACEHOLDERED.placeholders.env.join(', ')} after it stopped naming them`,
  );
  const rows = page.locator('tr[data-tool]');
  await expect(rows).toHaveCount(PLACEHOLDERED.tools.length);
  for (const cell of await rows.locator('td:nth-child(2)').allTextContents()) expect(cell).toMatch(/^R[0-4]\? /);
  const href = (await page.getByRole('link', { name: 'Classify this server: prefilled draft record' }).getAttribute('href')) ?? '';
  const draft = await (await request.get(new URL(href, page.url()).href)).text();
  expect(draft.match(/^ {4}class: R4$/gm)).toHaveLength(PLACEHOLDERED.tools.length);
  expect(draft).not.toMatch(/class: R[0-3]/);
});

test('a server page shows every tool with its suggestion and serves a prefilled draft that keeps R4', async ({ page, request }) => {
  await page.goto('catalogue/npm-testsprite--testsprite-mcp/');
  await expect(page.locator('.cat-warning')).toContainText('Not a record. Unreviewed suggestions.');
  await expect(page.locator('tr[data-tool]')).toHaveCount(LISTING.tools.length);
  const row = page.locator('tr[data-tool]').filter({ hasText: 'testsprite_check_account_info' });
  await expect(row).toContainText('R4?');
  await expect(row).toContainText('read: name word "check" (reads, searches, lists or computes)');
  const draft = page.getByRole('link', { name: 'Classify this server: prefilled draft record' });
  const response = await request.get(new URL((await draft.getAttribute('href')) ?? '', page.url()).href);
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toContain(`# DRAFT from the catalogue: ${LISTING.name} ${LISTING.version}`);
  expect(text).toContain('- suggested-read');
  expect(text).not.toMatch(/class: R[0-3]/);
});
