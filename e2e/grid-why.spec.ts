/**
 * Reasons in every grid (issue 27 item 2): each row of the server, class,
 * effect and compare grids folds its tool's one-sentence rationale under the
 * tool's name, and the fold opens without JavaScript. Axe runs with every
 * fold on the page open, on a server's grid and on an effect's grid (which
 * adds the server column). The effect is /effects/compensable/, one of the
 * smallest (9 rows in this build): the fold is the same component
 * (ToolGrid, ToolWhy) on every grid, and axe on /effects/read/'s 100 open
 * rows took 21 s (issue 30).
 */
import { expect, test } from '@playwright/test';
import { axeOn, blocking } from './axe.ts';
import { readRegistry } from './support.ts';

const registry = readRegistry();
const tool = (server: string, name: string) => registry.servers.find((record) => record.id === server)!.tools.find((entry) => entry.name === name)!;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('without JavaScript, memory’s delete_entities row opens to why it is R4, and delete_observations to why it is R2', async ({ page }) => {
    await page.goto('servers/memory/');
    for (const name of ['delete_entities', 'delete_observations']) {
      const { class: cls, rationale } = tool('memory', name);
      const fold = page.locator(`tr[data-tool][data-name="${name}"] details.why`);
      await expect(fold.locator('summary')).toHaveText(`Why ${cls}`);
      await expect(fold).not.toHaveAttribute('open');
      await fold.locator('summary').click();
      await expect(fold).toHaveAttribute('open');
      await expect(fold).toHaveText(`Why ${cls}${rationale}`);
      await expect(fold).toBeVisible();
    }
  });

  test('every row of the first R4 page, of the first read page and of the comparison of list_projects carries its tool’s rationale', async ({ page }) => {
    for (const path of ['classes/R4/', 'effects/read/', 'compare/list_projects/']) {
      await page.goto(path);
      const rows = await page.locator('table.tool-grid tbody tr').evaluateAll((trs) =>
        trs.map((tr) => ({
          server: tr.querySelector('td.srv a')?.textContent ?? '',
          name: tr.querySelector('th.tn > a')?.textContent ?? '',
          why: tr.querySelector('details.why')?.textContent ?? '',
        })),
      );
      expect(rows.length, path).toBeGreaterThan(0);
      for (const row of rows) {
        const { class: cls, rationale } = tool(row.server, row.name);
        expect(row.why, `${path} ${row.server}/${row.name}`).toBe(`Why ${cls}${rationale}`);
      }
    }
  });
});

// One theme a page (the light theme on the server's grid, the dark on the effect's), on the grid alone:
// both pages as they open are templates of e2e/a11y.spec.ts.
for (const [path, colorScheme] of [
  ['servers/memory/', 'light'],
  ['effects/compensable/', 'dark'],
] as const) {
  test(`axe finds nothing serious on /${path} with every rationale open (${colorScheme})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme });
    await page.goto(path);
    expect(await page.locator('details.why').count(), 'rationale folds on the page').toBeGreaterThan(1);
    await page.locator('details.why').evaluateAll((folds) => {
      for (const fold of folds) (fold as HTMLDetailsElement).open = true;
    });
    expect(blocking(`${path} (folds open, ${colorScheme})`, await axeOn(page).include('table.tool-grid').analyze())).toEqual([]);
  });
}
