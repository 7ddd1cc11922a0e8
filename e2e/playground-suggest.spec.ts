/**
 * The playground's suggestion box (issue 25 item 3, SPEC 13): a pasted
 * tools/list result shows each tool's suggested class and effects with the
 * words that triggered them, says that a call stays R4, says why when the
 * paste cannot be read, and passes axe (the box alone, in the dark theme; the
 * playground as it opens is a template of e2e/a11y.spec.ts).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './tab.ts';
import { axeOn } from './axe.ts';

async function openBox(page: Page): Promise<void> {
  await page.goto('playground/');
  await page.locator('#pg-define-box summary').click();
}

test('a pasted tools/list result shows each suggestion with its words, and the call stays R4', async ({ page }) => {
  await openBox(page);
  await page.getByRole('button', { name: 'Try a tools/list result' }).click();
  const result = page.locator('#pg-define-result');
  await expect(result.locator('.pg-note')).toContainText('Read a tools/list result: 2 tools. These are suggestions');
  await expect(result.locator('.pg-note')).toContainText('a call to any of them is R4');
  const account = result.locator('.pg-suggestion').filter({ hasText: 'testsprite_check_account_info' });
  await expect(account).toHaveAttribute('data-suggested-class', 'R4');
  await expect(account.locator('[data-effect="read"]')).toContainText('name word "check" (reads, searches, lists or computes)');
  await expect(account.locator('[data-effect="send"]')).toContainText('description word "email"');
  const execute = result.locator('.pg-suggestion').filter({ hasText: 'testsprite_generate_code_and_execute' });
  await expect(execute.locator('[data-effect="run-code"]')).toContainText('name word "execute" (runs code or commands)');
  await expect(page.locator('#pg-define-status')).toHaveText('Suggestions for 2 tools; each call stays R4.');
});

test('one pasted read-only tool suggests R0 as a suggestion; text that is not a tool says why', async ({ page }) => {
  await openBox(page);
  const box = page.getByLabel('Tool definition JSON');
  await box.fill(JSON.stringify({ name: 'list_issues', description: 'List issues in a repository.', annotations: { readOnlyHint: true } }));
  await page.getByRole('button', { name: 'Suggest effects' }).click();
  const result = page.locator('#pg-define-result');
  await expect(result.locator('.pg-suggestion')).toHaveAttribute('data-suggested-class', 'R0');
  await expect(result.locator('.pg-note')).toContainText('Read one tool definition: 1 tool. These are suggestions');
  await box.fill('{"jsonrpc":"2.0","method":"tools/call"}');
  await page.getByRole('button', { name: 'Suggest effects' }).click();
  await expect(result.locator('.pg-note[data-kind="error"]')).toHaveText(
    'Could not read a tool definition: it is neither a tool definition (an object with a name) nor a tools/list result (an object with a tools list).',
  );
});

test('axe finds nothing serious with suggestions shown (dark)', async ({ page }) => {
  test.slow(); // the playground's bundle and an axe run
  await page.emulateMedia({ colorScheme: 'dark' });
  await openBox(page);
  await page.getByRole('button', { name: 'Try a tools/list result' }).click();
  await expect(page.locator('#pg-define-result .pg-suggestion')).toHaveCount(2);
  const results = await axeOn(page).include('#pg-define-box').analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes[0]?.target.join(' ')})`),
    'axe, dark',
  ).toEqual([]);
});
