/**
 * Quoted evidence on a tool page (SPEC 5.2.2, issue 27 item 1): the cited
 * line(s) stored in the record are shown beside the class, above the fold at
 * 390 px, in a <pre><code> captioned with the cited file and line and the
 * evidence link under it; a long cut line wraps instead of scrolling
 * sideways at 390 px, and axe finds nothing serious in it; a hosted server's
 * tool shows the vendor's quoted sentence and page in the same place: on each page, in
 * the same load as its other checks, scoped to the excerpt (the rest of a tool
 * page is the tool template that e2e/a11y.spec.ts axes), the themes
 * alternating (the code block's colours are the theme's). The per-tool API
 * file and registry.json carry the excerpt too.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './tab.ts';
import { axeOn, blocking } from './axe.ts';
import { readRegistry } from './support.ts';

const registry = readRegistry();
const tool = (id: string, name: string) => registry.servers.find((record) => record.id === id)!.tools.find((entry) => entry.name === name)!;
const createComment = tool('airtable', 'create_comment');
// A line longer than 160 code points, cut around the name with … on both sides.
const addAttachment = tool('linear-tacticlaunch', 'linear_addAttachment');
// A citation spanning lines 10 to 12 (the name is in the docstring two lines down).
const onboarding = tool('serena', 'onboarding');
// A hosted server's tool: its evidence is the vendor's quoted sentence and page, no excerpt (SPEC 5.1).
const notionComment = tool('notion-hosted', 'notion-create-comment');

/** Sideways scrolling of the page at its current width, and axe's serious findings in its excerpt in one theme. */
async function excerptProblems(page: Page, path: string, colorScheme: 'light' | 'dark'): Promise<string[]> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await page.emulateMedia({ colorScheme });
  const results = await axeOn(page).include('main figure.excerpt').analyze();
  return [...(overflow > 0 ? [`/${path}: scrolls sideways by ${overflow} px`] : []), ...blocking(`${path} excerpt (${colorScheme})`, results)];
}

test('the excerpt is shown beside the class, above the fold at 390 px, with its file:line caption and the link under it, no sideways scrolling and axe clean (dark)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('servers/airtable/create_comment/');
  const figure = page.locator('main figure.excerpt');
  await expect(figure.locator('pre > code')).toHaveText("'create_comment',");
  expect(createComment.evidence.excerpt).toBe("'create_comment',");
  await expect(figure.locator('figcaption code').first()).toHaveText('src/tools/create-comment.ts:24');
  await expect(figure.locator('figcaption a.evidence-link')).toHaveAttribute('href', createComment.evidence.url!);
  const box = (await figure.boundingBox())!;
  expect(box.y + box.height).toBeLessThan(844);
  // The evidence is shown once on the page: not repeated in the list beside it.
  await expect(page.locator('main a.evidence-link')).toHaveCount(1);
  expect(await excerptProblems(page, 'servers/airtable/create_comment/', 'dark')).toEqual([]);
});

test('a cut line and a span are quoted as stored, with the span in the caption; at 390 px neither scrolls sideways and axe finds nothing serious (light, dark)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('servers/linear-tacticlaunch/linear_addAttachment/');
  await expect(page.locator('main figure.excerpt pre > code')).toHaveText(addAttachment.evidence.excerpt!);
  expect(addAttachment.evidence.excerpt).toMatch(/^….*linear_addAttachment.*…$/);
  expect(await excerptProblems(page, 'servers/linear-tacticlaunch/linear_addAttachment/', 'light')).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('servers/serena/onboarding/');
  await expect(page.locator('main figure.excerpt figcaption code').first()).toHaveText(`${onboarding.evidence.path}:10–12`);
  expect((await page.locator('main figure.excerpt pre > code').textContent())?.split('\n')).toHaveLength(3);
  expect(await excerptProblems(page, 'servers/serena/onboarding/', 'dark')).toEqual([]);
});

test('the per-tool API file and registry.json carry the excerpt', async ({ request }) => {
  const api = await (await request.get('api/v1/servers/airtable/create_comment.json')).json();
  expect(api.tool.evidence.excerpt).toBe("'create_comment',");
  const full = await (await request.get('registry.json')).json();
  const listed = full.servers
    .find((record: { id: string }) => record.id === 'airtable')
    .tools.find((entry: { name: string }) => entry.name === 'create_comment');
  expect(listed.evidence.excerpt).toBe("'create_comment',");
});

test("a hosted server's tool quotes the vendor's sentence beside the class, above the fold at 390 px, with the vendor's page under it, once (light)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('servers/notion-hosted/notion-create-comment/');
  const figure = page.locator('main figure.excerpt');
  expect(notionComment.evidence.quote).toBe('Notion:notion-create-comment parent: { page_id: "agenda-page-id" }');
  await expect(figure.locator('q')).toHaveText(notionComment.evidence.quote!);
  await expect(figure.locator('a.evidence-link')).toHaveAttribute('href', notionComment.evidence.url!);
  const box = (await figure.boundingBox())!;
  expect(box.y + box.height).toBeLessThan(844);
  // Not repeated in the list beside it.
  await expect(page.locator('main q')).toHaveCount(1);
  await expect(page.locator('main a.evidence-link')).toHaveCount(1);
  expect(await excerptProblems(page, 'servers/notion-hosted/notion-create-comment/', 'light')).toEqual([]);
});
