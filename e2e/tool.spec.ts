/**
 * A tool page carries what a reader needs to trust or challenge its class:
 * the class in words, the evidence permalink at a pinned 40-hex commit (or
 * at the exact version of a pinned package), and a
 * dispute link whose query keys are the ids of the issue form's fields.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './tab.ts';
import { parse } from 'yaml';
import { readRegistry } from './support.ts';

const registry = readRegistry();
const filesystem = registry.servers.find((record) => record.id === 'filesystem')!;
const writeFile = filesystem.tools.find((tool) => tool.name === 'write_file')!;

test('write_file shows its class in words, the record status and the server’s hint class', async ({ page }) => {
  await page.goto('servers/filesystem/write_file/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('write_file');
  await expect(page.locator('main .badge').first()).toHaveText(
    `${writeFile.class} ${{ R0: 'No effect', R1: 'Restorable', R2: 'Compensable', R3: 'Hard to recover', R4: 'Irreversible' }[writeFile.class]}`,
  );
  await expect(page.locator('main .status').first()).toHaveText(/Draft|Reviewed|Verified/);
  await expect(page.getByText(/by its hints/)).toBeVisible();
  // exact: the tool's Cedar snippet quotes the rationale too, inside a longer comment.
  await expect(page.getByText(writeFile.rationale, { exact: true })).toBeVisible();
});

// A record pinned to a commit (SPEC 5.1): git, at modelcontextprotocol/servers.
const git = registry.servers.find((record) => record.id === 'git')!;
const gitCommit = git.tools.find((tool) => tool.name === 'git_commit')!;

test('the evidence link points at the exact file and line at a 40-hex commit', async ({ page }) => {
  await page.goto('servers/git/git_commit/');
  const href = await page.locator('a.evidence-link').getAttribute('href');
  expect(href).toBe(gitCommit.evidence.url);
  expect(href).toMatch(new RegExp(`^https://github\\.com/${git.server.repository}/blob/[0-9a-f]{40}/${gitCommit.evidence.path}#L${gitCommit.evidence.line}$`));
  expect(href).toContain(git.provenance.commit);
});

test('every tool page of a server has its evidence link, a permalink at the record’s commit', async ({ request }) => {
  // Server pages list tools in a compact grid; each tool's evidence is on its own page.
  for (const tool of git.tools) {
    const html = await (await request.get(`servers/git/${tool.name}/`)).text();
    const href = /<a href="([^"]+)" class="evidence-link"/.exec(html)?.[1];
    expect(href, tool.name).toMatch(new RegExp(`^https://github\\.com/[^/]+/[^/]+/blob/${git.provenance.commit}/.+#L\\d+$`));
  }
});

test('a record pinned to a published package links each citation to that exact version’s file and line', async ({ request }) => {
  // filesystem cites @modelcontextprotocol/server-filesystem at one npm version (SPEC 5.1 provenance.package).
  const pinned = filesystem.provenance.package!;
  for (const tool of filesystem.tools) {
    const html = await (await request.get(`servers/filesystem/${tool.name}/`)).text();
    const href = /<a href="([^"]+)" class="evidence-link"/.exec(html)?.[1];
    expect(href, tool.name).toBe(`https://app.unpkg.com/${pinned.name}@${pinned.version}/files/${tool.evidence.path}#L${tool.evidence.line}`);
  }
});

test('the dispute link opens the issue form prefilled with server, tool and current class', async ({ page }) => {
  await page.goto('servers/filesystem/write_file/');
  const href = await page.getByRole('link', { name: 'Dispute this class' }).first().getAttribute('href');
  const url = new URL(href!);
  expect(`${url.origin}${url.pathname}`).toBe('https://github.com/TwoMuchLabs/reversibility-classes/issues/new');
  expect(url.searchParams.get('template')).toBe('classification-dispute.yml');
  expect(url.searchParams.get('server')).toBe('filesystem');
  expect(url.searchParams.get('tool')).toBe('write_file');
  expect(url.searchParams.get('current-class')).toBe(writeFile.class);

  // Every prefilled key except GitHub's own (template, title) is a field id of the form.
  const form = parse(readFileSync('.github/ISSUE_TEMPLATE/classification-dispute.yml', 'utf8')) as { body: Array<{ id?: string }> };
  const ids = new Set(form.body.map((field) => field.id).filter(Boolean));
  for (const key of url.searchParams.keys()) {
    if (key !== 'template' && key !== 'title') expect(ids, `form field id for ?${key}=`).toContain(key);
  }
});

test('a tool entry on the server page has a stable anchor and a permalink', async ({ page }) => {
  await page.goto('servers/filesystem/#tool-write_file');
  await expect(page.locator('#tool-write_file')).toBeInViewport();
  await page.locator('#tool-write_file').getByRole('link', { name: 'write_file', exact: true }).click();
  await expect(page).toHaveURL(/\/servers\/filesystem\/write_file\/$/);
});
