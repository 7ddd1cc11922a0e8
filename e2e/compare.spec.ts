/**
 * The comparison view in pages of a fixed size (issue 27, the site review's
 * /compare/): an index of tool names that several servers offer, with the
 * servers per class, linking to one page per name that sets the servers
 * side by side with class, effects and the rationale fold; the old anchors
 * `compare/#same-<name>` still land on the name. Axe on the open folds, in
 * one theme (the pages as they open are templates in e2e/a11y.spec.ts).
 */
import { expect, test } from './tab.ts';
import { axeOn, blocking } from './axe.ts';
import { readRegistry } from './support.ts';

const registry = readRegistry();
const norm = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-./\s]+/g, '_')
    .toLowerCase();
const onServers = (name: string) => registry.servers.filter((record) => record.tools.some((tool) => norm(tool.name) === name));

test('the index row of list_projects counts its servers per class and links to its page', async ({ page }) => {
  await page.goto('compare/');
  const servers = onServers('list_projects');
  const row = page.locator('#same-list_projects');
  await expect(row.locator('td').first()).toHaveText(String(servers.length));
  await row.getByRole('link', { name: 'list_projects', exact: true }).click();
  await expect(page).toHaveURL(/\/compare\/list_projects\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`list_projects on ${servers.length} servers`);
  const shown = await page.locator('tbody td.srv').allTextContents();
  expect(shown.sort()).toEqual(servers.map((record) => record.id).sort());
});

test('an old link to compare/#same-create_repository lands on its row, which opens the comparison', async ({ page }) => {
  await page.goto('compare/#same-create_repository');
  const row = page.locator('#same-create_repository');
  await expect(row).toBeInViewport();
  await row.getByRole('link', { name: 'create_repository', exact: true }).click();
  await expect(page).toHaveURL(/\/compare\/create_repository\/$/);
});

// The index and list_projects as they open are templates in e2e/a11y.spec.ts (one theme each); the new state
// here is the grid with its rationale folds open, checked in the dark theme (e2e/grid-why.spec.ts opens the
// same fold component in the light theme on a server's grid, and in the dark one on an effect's).
test('axe finds nothing serious in list_projects’s comparison with its folds open (dark)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('compare/list_projects/');
  await page.locator('details.why').evaluateAll((folds) => {
    for (const fold of folds) (fold as HTMLDetailsElement).open = true;
  });
  expect(blocking('compare/list_projects/ (folds open, dark)', await axeOn(page).include('main table').analyze())).toEqual([]);
});
