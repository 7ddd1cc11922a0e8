/**
 * Issue 27 items 6, 7 and 8 in the real browser: reviewer notes that open
 * with a summary and fold the rest (without JavaScript); an Atom entry per
 * server per release, a feed per server named by its page, and a changelog
 * that can be read by server; and from a tool page to action: a policy
 * snippet for the tool, a playground link with the tool filled in, the
 * version checked in the server's header, and the terms in plain words.
 * Axe runs on each new state (folds and snippets open) once, in one theme,
 * the themes alternating; the pages as they open are e2e/a11y.spec.ts's
 * templates or sampled pages, and the changelog filter only hides rows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './tab.ts';
import { parseFeed } from './atom.ts';
import { axeOn, blocking } from './axe.ts';
import { readRegistry, ROOT } from './support.ts';

const registry = readRegistry();
const azure = registry.servers.find((record) => record.id === 'azure')!;
const github = registry.servers.find((record) => record.id === 'github')!;
const changes = (JSON.parse(readFileSync(join(ROOT, 'build/changelog.json'), 'utf8')) as { changes: Array<{ date: string; server: string; tool: string }> })
  .changes;
/** Server and release pairs: one Atom entry each. */
const pairs = new Set(changes.map((change) => `${change.date} ${change.server}`));

/**
 * Axe on the part of the page a test opened (`within`, a CSS selector), in one theme. The whole of a
 * page is checked by e2e/a11y.spec.ts; here only the new state, which keeps a run on azure's
 * 2,000-element page within the test's time on a loaded machine.
 */
async function axeIn(page: Page, what: string, within: string, colorScheme: 'light' | 'dark'): Promise<string[]> {
  await page.emulateMedia({ colorScheme });
  return blocking(`${what} (${colorScheme})`, await axeOn(page).include(within).analyze());
}

test.describe('readable provenance (item 6)', () => {
  test.use({ javaScriptEnabled: false });

  test("azure's reviewer notes open with the pinned commit and fold the other sentences, which open without JavaScript", async ({ page }) => {
    await page.goto('servers/azure/');
    const section = page.locator('section[aria-labelledby="notes-h"]');
    await expect(section.locator('p').first()).toHaveText(/^Pinned to 2712e19d \('prepare for 2\.0\.5 release'\)/);
    const folds = section.locator('details');
    expect(await folds.count()).toBeGreaterThan(5);
    const settled = folds.filter({ has: page.locator('summary', { hasText: /^Not settled from this repository$/ }) });
    await expect(settled).not.toHaveAttribute('open');
    await settled.locator('summary').click();
    await expect(settled.locator('p')).toBeVisible();
    await expect(settled.locator('p')).toHaveText(
      /^Not settled from this repository: in all mode the server also lists every tool of three external MCP servers/,
    );
    // Every sentence is there, in order: the summary and the folds together are the record's text.
    const text = await section.evaluate((el) =>
      [el.querySelector('p')!.textContent, ...[...el.querySelectorAll('details p')].map((p) => p.textContent)].join(' '),
    );
    expect(text).toBe(azure.provenance.notes);
  });

  test("the notes stay in azure's API file and leave every tool's", async ({ request }) => {
    const server = (await (await request.get('api/v1/servers/azure.json')).json()) as { record: { provenance: { notes?: string } } };
    expect(server.record.provenance.notes).toBe(azure.provenance.notes);
    const tool = (await (await request.get(`api/v1/servers/azure/${azure.tools[0]!.name}.json`)).json()) as { server: { provenance: Record<string, unknown> } };
    expect(tool.server.provenance.notes).toBeUndefined();
    expect(tool.server.provenance.commit).toBe(azure.provenance.commit);
  });
});

test.describe('watching for changes (item 7)', () => {
  test('changelog.xml parses as Atom with one entry per server per release, each linking to that server’s changelog; a server with no change still has a feed, with no entry', async ({
    page,
    request,
  }) => {
    // One page to parse both feeds in.
    await page.goto('api/');
    await test.step('changelog.xml', async () => {
      const feed = await parseFeed(page, await (await request.get('changelog.xml')).text());
      expect(feed.error).toBe(0);
      expect(feed.root).toBe('http://www.w3.org/2005/Atom feed');
      expect(feed.head).toEqual([1, 1, 1, 1]);
      expect(feed.self).toMatch(/\/changelog\.xml$/);
      expect(feed.entries).toHaveLength(pairs.size);
      for (const entry of feed.entries) {
        expect(entry.counts).toEqual([1, 1, 1, 1]);
        expect(entry.updated).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
        expect(entry.link).toMatch(/\/changelog\/server\/[a-z0-9-]+\/#d-\d{4}-\d{2}-\d{2}$/);
      }
      const azureDates = [...new Set(changes.filter((change) => change.server === 'azure').map((change) => change.date))];
      const count = changes.filter((change) => change.server === 'azure' && change.date === azureDates[0]).length;
      expect(feed.entries.map((entry) => entry.title)).toContain(`azure: ${count} class changes in release ${azureDates[0]!.replaceAll('-', '.')}`);
    });
    await test.step('the feed of a server with no change', async () => {
      const quiet = registry.servers.find((record) => !changes.some((change) => change.server === record.id))!;
      const feed = await parseFeed(page, await (await request.get(`changelog/server/${quiet.id}.xml`)).text());
      expect(feed.error).toBe(0);
      expect(feed.head).toEqual([1, 1, 1, 1]);
      expect(feed.entries).toHaveLength(0);
    });
  });

  // One load of azure's 372 KB page for both: its feed link and the notes opened for axe (item 6's state).
  test("azure's page names its own feed, which parses and has one entry per release; axe finds nothing serious with every note open (light)", async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await page.goto('servers/azure/');
    const alternate = page.locator('link[rel="alternate"][type="application/atom+xml"][href$="changelog/server/azure.xml"]');
    await expect(alternate).toHaveCount(1);
    const href = (await alternate.getAttribute('href'))!;
    const feed = await parseFeed(page, await (await request.get(href)).text());
    expect(feed.error).toBe(0);
    expect(feed.head).toEqual([1, 1, 1, 1]);
    expect(feed.entries).toHaveLength(new Set(changes.filter((change) => change.server === 'azure').map((change) => change.date)).size);
    expect(feed.entries.every((entry) => entry.title.startsWith('azure: '))).toBe(true);
    await page.locator('section[aria-labelledby="notes-h"] details').evaluateAll((folds) => {
      for (const fold of folds) (fold as HTMLDetailsElement).open = true;
    });
    expect(await axeIn(page, 'servers/azure/ (notes open)', 'section[aria-labelledby="notes-h"]', 'light')).toEqual([]);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the changelog lists one row per server per release, and azure’s row leads to every azure change', async ({ page }) => {
      await page.goto('changelog/');
      await expect(page.locator('#changelog-filter')).toBeHidden();
      const rows = page.locator('main li[data-server]');
      expect(await rows.count()).toBe(Math.min(pairs.size, 100));
      const row = rows.filter({ has: page.locator('a', { hasText: /^azure$/ }) }).first();
      await row.getByRole('link', { name: 'azure', exact: true }).click();
      await expect(page).toHaveURL(/\/changelog\/server\/azure\/#d-\d{4}-\d{2}-\d{2}$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Class changes of ${azure.name}`);
      expect(await page.locator('main li').count()).toBe(changes.filter((change) => change.server === 'azure').length);
    });
  });

  // Filtering only hides rows of the changelog/ template (e2e/a11y.spec.ts), so no axe run here.
  test('with JavaScript, typing a server name filters the changelog to that server’s rows', async ({ page }) => {
    await page.goto('changelog/');
    const input = page.getByLabel('Filter by server');
    await expect(input).toBeVisible();
    await input.fill('playwright');
    const shown = page.locator('main li[data-server]:visible');
    const expected = [...pairs].filter((pair) => pair.split(' ')[1]!.includes('playwright')).length;
    await expect(shown).toHaveCount(expected);
    expect(await shown.evaluateAll((lis) => lis.every((li) => (li as HTMLElement).dataset.server!.includes('playwright')))).toBe(true);
    await expect(page).toHaveURL(/\?server=playwright$/);
  });
});

test.describe('from a tool page to action (item 8)', () => {
  test("github's header names the version checked", async ({ page }) => {
    await page.goto('servers/github/');
    await expect(page.locator('.server-version')).toHaveText(`Version checked: ${github.provenance.release}`);
  });

  test('memory\'s delete_entities page gives Claude Code and Cedar rules for that tool alone, axe passes with them open (dark), and "Try in the playground" opens the playground with the server and tool filled in', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.goto('servers/memory/delete_entities/');
    const claude = page.locator('details.policy-snippet[data-format="claude-settings"]');
    await expect(claude).not.toHaveAttribute('open');
    await claude.locator('summary').click();
    const settings = JSON.parse((await claude.locator('pre').textContent())!) as unknown;
    expect(settings).toEqual({ permissions: { allow: [], ask: ['mcp__memory__delete_entities'], deny: [] } });
    const cedar = page.locator('details.policy-snippet[data-format="cedar"]');
    await cedar.locator('summary').click();
    await expect(cedar.locator('pre')).toContainText('@id("rclass/memory/delete_entities")\n@requireApproval("R4 Irreversible');
    await expect(page.getByRole('link', { name: 'What “lowest by a rule”, “gate” and the default policies mean' })).toHaveAttribute(
      'href',
      /\/servers\/memory\/#terms$/,
    );
    expect(await axeIn(page, 'servers/memory/delete_entities/ (snippets open)', 'section[aria-labelledby="act-h"]', 'dark')).toEqual([]);
    // From the same page: "Try in the playground" opens the playground with the server and tool filled in and classifies the call.
    await page.locator('a.playground-link').click();
    await expect(page).toHaveURL(/\/playground\/\?server=memory&tool=delete_entities&args=%7B%7D$/);
    await expect(page.locator('#pg-server')).toHaveValue('memory');
    await expect(page.locator('#pg-tool')).toHaveValue('delete_entities');
    await expect(page.locator('#pg-result .pg-result[data-class]')).toHaveAttribute('data-class', 'R4');
  });

  test("the server's policy files are served, each what rclass policy --server writes, and axe passes with its rules (light) and the terms (dark) open", async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await page.goto('servers/memory/');
    const links = page.locator('section[aria-labelledby="policy-h"] li a');
    expect(await links.count()).toBe(8);
    const claude = await request.get((await page.locator('section[aria-labelledby="policy-h"] a', { hasText: 'claude-settings.json' }).getAttribute('href'))!);
    expect(claude.status()).toBe(200);
    const memory = registry.servers.find((record) => record.id === 'memory')!;
    const asked = memory.tools.filter((tool) => ['R2', 'R3', 'R4'].includes(tool.class)).map((tool) => `mcp__memory__${tool.name}`);
    expect(((await claude.json()) as { permissions: { ask: string[] } }).permissions.ask.sort()).toEqual(asked.sort());
    await expect(page.locator('section[aria-labelledby="policy-h"]')).toContainText('rclass policy --format cedar --server memory');
    await page.locator('section[aria-labelledby="policy-h"] details summary').click();
    await page.locator('details#terms summary').click();
    expect(await axeIn(page, 'servers/memory/ (policy and terms open)', 'section[aria-labelledby="policy-h"]', 'light')).toEqual([]);
    expect(await axeIn(page, 'servers/memory/ (terms open)', 'details#terms', 'dark')).toEqual([]);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the terms open in plain words where the grid first uses them: a gate never changes a class', async ({ page }) => {
      await page.goto('servers/github/');
      const terms = page.locator('details#terms');
      await terms.locator('summary').click();
      await expect(terms).toContainText('A gate never changes a class');
      await expect(terms).toContainText('R4 never_autonomous');
      const box = await terms.boundingBox();
      const grid = await page.locator('table.tool-grid').boundingBox();
      expect(box!.y).toBeLessThan(grid!.y);
    });
  });
});
