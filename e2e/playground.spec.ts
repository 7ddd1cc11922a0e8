/**
 * The playground, used the way a reader uses it: paste a hook payload, pick
 * a server and tool by keyboard, edit arguments (with errors for invalid
 * JSON), follow the examples, build a session with an allowlist, share the
 * address. Also: nothing is fetched from anywhere but the site, the SQL
 * parser's WebAssembly loads only for SQL calls, the time to the first
 * classification is recorded (not asserted), accessibility in the states
 * the sitemap check does not reach, and screenshots at desktop and phone
 * widths in build/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './tab.ts';
import { axeOn, colourOn } from './axe.ts';
import { SCREENSHOT_DIR } from './support.ts';

/** The result panel's answer, from its data attributes. */
async function answer(page: Page): Promise<{ class: string | null; source: string | null; rule: string | null }> {
  const result = page.locator('#pg-result .pg-result[data-class]');
  await expect(result).toBeVisible();
  return { class: await result.getAttribute('data-class'), source: await result.getAttribute('data-source'), rule: await result.getAttribute('data-rule') };
}

/** Wait until the live summary says this (the answer for the latest change). */
async function summaryMatches(page: Page, pattern: RegExp): Promise<void> {
  await expect(page.locator('#pg-summary')).toHaveText(pattern);
}

async function paste(page: Page, payload: unknown): Promise<void> {
  const details = page.locator('details.pg-paste');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator('summary').click();
  await page.getByLabel('Pasted JSON').fill(JSON.stringify(payload));
  await page.getByRole('button', { name: 'Read the call' }).click();
}

/** Axe's serious and critical findings on the whole page: every rule, or only the colour rules when `colours`. */
async function axe(page: Page, what: string, colours = false): Promise<void> {
  const results = await (colours ? colourOn(page) : axeOn(page)).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes[0]?.target.join(' ')})`),
    `axe on ${what}`,
  ).toEqual([]);
}

test.describe('done when', () => {
  test('a pasted hook payload for mcp__sqlite__write_query: DROP TABLE is R4 with the SQL rule that did not fire; SELECT 1 is R0 by that rule', async ({
    page,
  }) => {
    await page.goto('playground/');
    await paste(page, { hook_event_name: 'PreToolUse', tool_name: 'mcp__sqlite__write_query', tool_input: { query: 'DROP TABLE users' } });
    await expect(page.locator('#pg-paste-message')).toContainText('Read a Claude Code PreToolUse payload: server sqlite, tool write_query.');
    await expect(page.getByRole('combobox', { name: 'Server' })).toHaveValue('sqlite');
    await expect(page.getByRole('combobox', { name: 'Tool' })).toHaveValue('write_query');
    await summaryMatches(page, /^sqlite write_query: R4 Irreversible\./);
    expect(await answer(page)).toEqual({ class: 'R4', source: 'registry', rule: null });
    const result = page.locator('#pg-result');
    await expect(result.locator('.badge-lg')).toHaveText('R4 Irreversible');
    await expect(result.getByText('never_autonomous', { exact: true })).toBeVisible();
    const rule = result.locator('li[data-rule="read-only-statement"]');
    await expect(rule).toHaveAttribute('data-fired', 'false');
    await expect(rule).toContainText('Did not fire');
    const failed = rule.locator('li.pg-cond[data-held="false"]');
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText('Did not hold');
    await expect(failed).toContainText(/This call: query is not read-only: /);
    await expect(page.locator('#pg-summary')).toContainText('rule read-only-statement did not fire');

    await paste(page, { hook_event_name: 'PreToolUse', tool_name: 'mcp__sqlite__write_query', tool_input: { query: 'SELECT 1' } });
    await summaryMatches(page, /^sqlite write_query: R0 No effect\. Default policy act\. Source: argument rule read-only-statement\.$/);
    expect(await answer(page)).toEqual({ class: 'R0', source: 'rule', rule: 'read-only-statement' });
    await expect(result.locator('.badge-lg')).toHaveText('R0 No effect');
    await expect(result.locator('.pg-source')).toContainText('Argument rule read-only-statement fired and lowered the base class R4 Irreversible');
    await expect(result.locator('li[data-rule="read-only-statement"] li.pg-cond')).toHaveAttribute('data-held', 'true');
  });
});

test('an MCP tools/call request names only the tool; the record that lists it is chosen and named', async ({ page }) => {
  await page.goto('playground/?server=sqlite&tool=list_tables&args={}');
  await summaryMatches(page, /^sqlite list_tables: R0/);
  await paste(page, { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'write_file', arguments: { path: 'a.txt', content: 'x' } } });
  await expect(page.locator('#pg-paste-message')).toContainText('Read an MCP tools/call request: tool write_file. The request does not name its server;');
  await summaryMatches(page, /write_file: R4 Irreversible/);
  await paste(page, { jsonrpc: '2.0', method: 'initialize' });
  await expect(page.locator('#pg-paste-message')).toHaveText('Could not read a call: `initialize` is not a tools/call request.');
});

test('server and tool by keyboard, with suggestions as you type', async ({ page }) => {
  await page.goto('playground/');
  await summaryMatches(page, /^github create_repository: R1/);
  const server = page.getByRole('combobox', { name: 'Server' });
  await server.fill('');
  await server.pressSequentially('sqli');
  await expect(server).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('listbox', { name: 'Servers in the registry' }).getByRole('option')).toHaveText([/^sqlite/]);
  await server.press('ArrowDown');
  await expect(server).toHaveAttribute('aria-activedescendant', 'pg-server-list-0');
  await server.press('Enter');
  await expect(server).toHaveValue('sqlite');
  await expect(server).toHaveAttribute('aria-expanded', 'false');
  const tool = page.getByRole('combobox', { name: 'Tool' });
  await expect(tool).toHaveValue('');
  await summaryMatches(page, /^Choose a tool of sqlite\.$/);
  await page.keyboard.press('Tab');
  await expect(tool).toBeFocused();
  await tool.pressSequentially('wri');
  const options = page.getByRole('listbox', { name: 'Tools of the server' }).getByRole('option');
  await expect(options).toHaveText([/^write_query\s*R4 Irreversible$/]);
  await tool.press('ArrowDown');
  await tool.press('Enter');
  await expect(tool).toHaveValue('write_query');
  await summaryMatches(page, /^sqlite write_query: R4 Irreversible\./);
  // The record names `query`; the hint adds it with a read-only sample.
  await page.getByRole('button', { name: 'Add query' }).click();
  await expect(page.getByRole('button', { name: 'Remove query' })).toBeFocused();
  await summaryMatches(page, /^sqlite write_query: R0 No effect\./);
  await expect(page).toHaveURL(/server=sqlite&tool=write_query&args=%7B%22name%22%3A%22scratch%22%2C%22private%22%3Atrue%2C%22query%22%3A%22SELECT\+1%22%7D/);
  // Escape closes the suggestions without changing the value.
  await server.focus();
  await server.press('ArrowDown');
  await expect(server).toHaveAttribute('aria-expanded', 'true');
  await server.press('Escape');
  await expect(server).toHaveAttribute('aria-expanded', 'false');
  await expect(server).toHaveValue('sqlite');
});

test('invalid JSON gets a clear error, and fixing it brings the class back', async ({ page }) => {
  await page.goto('playground/?server=filesystem&tool=edit_file&args={"path":"a","edits":[]}');
  await summaryMatches(page, /^filesystem edit_file: R4/);
  const args = page.getByRole('textbox', { name: 'Arguments (a JSON object)' });
  await args.fill('{\n  "path": "a",\n  "dryRun": true,\n}');
  await expect(args).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#pg-args-message')).toHaveText(/^Not valid JSON: .*line 4/);
  await expect(page.locator('#pg-result .pg-message')).toContainText('The arguments are not valid JSON');
  await expect(page.getByRole('button', { name: 'Add the call to the session' })).toBeDisabled();
  await args.fill('{\n  "path": "a",\n  "edits": [],\n  "dryRun": true\n}');
  await expect(args).not.toHaveAttribute('aria-invalid', 'true');
  await summaryMatches(page, /^filesystem edit_file: R0 No effect\. Default policy act\. Source: argument rule dry-run\.$/);
  await args.fill('[1, 2]');
  await expect(page.locator('#pg-args-message')).toContainText('Valid JSON, but not an object');
  await summaryMatches(page, /^filesystem edit_file: R4 Irreversible\. Default policy never_autonomous\. Source: error\.$/);
});

const EXAMPLES: Array<{ label: string; server: string; tool: string; class: string; source: string; rule: string | null }> = [
  { label: 'SELECT through sqlite write_query', server: 'sqlite', tool: 'write_query', class: 'R0', source: 'rule', rule: 'read-only-statement' },
  { label: 'DROP TABLE through sqlite write_query', server: 'sqlite', tool: 'write_query', class: 'R4', source: 'registry', rule: null },
  { label: 'github create_repository, private: true', server: 'github', tool: 'create_repository', class: 'R1', source: 'rule', rule: 'private-repository' },
  { label: 'github create_repository, private: false', server: 'github', tool: 'create_repository', class: 'R4', source: 'registry', rule: null },
  { label: 'filesystem write_file', server: 'filesystem', tool: 'write_file', class: 'R4', source: 'registry', rule: null },
  { label: 'A fetch after a read', server: 'fetch', tool: 'fetch', class: 'R4', source: 'session', rule: null },
  { label: 'An unknown tool', server: 'filesystem', tool: 'delete_file', class: 'R4', source: 'unknown', rule: null },
];

test('every example is one click away and gives the class the specification describes', async ({ page }) => {
  await page.goto('playground/');
  for (const example of EXAMPLES) {
    await page.getByRole('link', { name: example.label }).click();
    await expect(page.getByRole('combobox', { name: 'Server' })).toHaveValue(example.server);
    await summaryMatches(page, new RegExp(`^${example.server} ${example.tool}( \\(after .*\\))?: ${example.class} `));
    expect(await answer(page), example.label).toEqual({ class: example.class, source: example.source, rule: example.rule });
  }
  // The back button returns to the previous example.
  await page.goBack();
  await summaryMatches(page, /^fetch fetch \(after 1 earlier call in the session\): R4/);
});

test('the session: a read makes a later fetch R4, the allowlist clears it, and the state survives a shared link', async ({ page, context }) => {
  await page.goto('playground/');
  await page.getByRole('link', { name: 'A fetch after a read' }).click();
  await summaryMatches(page, /^fetch fetch \(after 1 earlier call in the session\): R4 Irreversible\. .* Source: session guard\.$/);
  const steps = page.getByRole('list', { name: 'Earlier calls' }).getByRole('listitem');
  await expect(steps).toHaveCount(1);
  await expect(steps.first()).toContainText('filesystem / read_text_file');
  await expect(steps.first()).toContainText('R0 No effect');
  await expect(page.locator('#pg-result .pg-source')).toContainText('The session guard raised it from R0 No effect');
  await expect(page.locator('#pg-result')).toContainText('session guard: url: host collector.example is not on the allowlist');

  const allow = page.getByRole('textbox', { name: 'Egress allowlist' });
  await allow.fill('docs.python.org, collector.example');
  await allow.press('Tab');
  await summaryMatches(page, /^fetch fetch \(after 1 earlier call in the session\): R0 No effect\. .* Source: base class from the record\.$/);
  await expect(page).toHaveURL(/allow=docs\.python\.org%2Ccollector\.example/);

  // A subdomain trick does not pass.
  const args = page.getByRole('textbox', { name: 'Arguments (a JSON object)' });
  await args.fill('{"url": "https://collector.example.evil.net/"}');
  await summaryMatches(page, /: R4 Irreversible\. .* Source: session guard\.$/);

  // The address holds the whole state: a new page from it shows the same answer.
  const shared = page.url();
  const other = await context.newPage();
  await other.goto(shared);
  await summaryMatches(other, /^fetch fetch \(after 1 earlier call in the session\): R4 Irreversible\. .* Source: session guard\.$/);
  await expect(other.getByRole('textbox', { name: 'Egress allowlist' })).toHaveValue('docs.python.org, collector.example');
  await other.close();

  // Removing the read leaves a fresh session: the fetch is its base class again.
  await page.getByRole('button', { name: 'Remove call 1, filesystem read_text_file' }).click();
  await expect(steps).toHaveCount(0);
  await summaryMatches(page, /^fetch fetch: R0 No effect\./);
  await expect(page.getByRole('button', { name: 'Add the call to the session' })).toBeFocused();
  // Add the call itself: now the session has read, and the same fetch is R4.
  await page.getByRole('button', { name: 'Add the call to the session' }).click();
  await expect(steps).toHaveCount(1);
  await summaryMatches(page, /^fetch fetch \(after 1 earlier call in the session\): R4 Irreversible/);
  await page.getByRole('button', { name: 'Clear the session' }).click();
  await expect(steps).toHaveCount(0);
  await summaryMatches(page, /^fetch fetch: R0/);
});

test('no request leaves the site, and the SQL parser loads only when a SQL call needs it', async ({ page, baseURL }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto('playground/');
  await summaryMatches(page, /^github create_repository: R1/);
  for (const label of ['github create_repository, private: false', 'filesystem write_file', 'A fetch after a read', 'An unknown tool']) {
    await page.getByRole('link', { name: label }).click();
    await expect(page.locator('#pg-summary')).not.toHaveText('');
    await expect(page.locator('#pg-result .pg-result[data-class]')).toBeVisible();
  }
  await paste(page, { tool_name: 'mcp__filesystem__read_text_file', tool_input: { path: 'a' } });
  await summaryMatches(page, /^filesystem read_text_file: R0/);
  const origin = new URL(baseURL!).origin;
  expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  expect(requests.filter((url) => url.endsWith('.wasm'))).toEqual([]);
  expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.wasm')).length)).toBe(0);

  await page.getByRole('link', { name: 'SELECT through sqlite write_query' }).click();
  await summaryMatches(page, /^sqlite write_query: R0 No effect/);
  expect(requests.filter((url) => url.endsWith('.wasm'))).toHaveLength(1);
  expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
});

test('time to the first classification (recorded, not asserted)', async ({ page }) => {
  const marks: Record<string, number> = {};
  for (const [name, path] of [
    ['plain', 'playground/'],
    ['sql', 'playground/?server=sqlite&tool=write_query&args={"query":"SELECT 1"}'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('body[data-first-classification-ms]')).toBeAttached();
    marks[name] = Number(await page.locator('body').getAttribute('data-first-classification-ms'));
  }
  const description = `first classification ${marks.plain} ms after navigation; ${marks.sql} ms for a SQL call (WebAssembly parser included)`;
  console.log(`playground: ${description}`);
  test.info().annotations.push({ type: 'timing', description });
});

// Each state checked once, the themes alternating (issue 30: the whole walk in both themes took 38 s); the
// template sweep of e2e/a11y.spec.ts checks the page as it opens.
test.describe('accessibility beyond the sitemap check', () => {
  test('axe with rules (light), a session and an error (dark), and open suggestions (light and dark)', async ({ page }) => {
    // Three full axe runs (about 6 s each on an idle 2-core machine) and one of the colour rules, so twice the default allowance.
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('playground/');
    await page.getByRole('link', { name: 'DROP TABLE through sqlite write_query' }).click();
    await summaryMatches(page, /^sqlite write_query: R4/);
    await axe(page, 'a SQL rule that did not fire (light)');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('link', { name: 'A fetch after a read' }).click();
    await summaryMatches(page, /session guard/);
    await page.locator('details.pg-paste summary').click();
    await page.getByLabel('Pasted JSON').fill('{');
    await page.getByRole('button', { name: 'Read the call' }).click();
    await page.getByRole('textbox', { name: 'Arguments (a JSON object)' }).fill('{');
    await expect(page.locator('#pg-args-message')).toContainText('Not valid JSON');
    await axe(page, 'a session with errors (dark)');
    await page.getByRole('combobox', { name: 'Server' }).fill('git');
    await expect(page.getByRole('listbox', { name: 'Servers in the registry' })).toBeVisible();
    await axe(page, 'open suggestions (dark)');
    // The same state in the light theme: only the colour rules can find more (COLOUR_RULES in e2e/axe.ts).
    await page.emulateMedia({ colorScheme: 'light' });
    await axe(page, 'open suggestions (light, colour rules)', true);
  });
});

mkdirSync(SCREENSHOT_DIR, { recursive: true });
const SIZES = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;
// One test a width: the state is opened once and shot in both themes (the theme is CSS alone), the
// suggestions closed again between the two.
for (const [size, viewport] of Object.entries(SIZES)) {
  test(`screenshots: ${size}, light and dark`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(
      'playground/?server=sqlite&tool=write_query&args={"query":"DROP TABLE users"}&steps=[{"server":"filesystem","tool":"read_text_file","arguments":{"path":"notes.txt"}}]&allow=docs.python.org',
    );
    await summaryMatches(page, /^sqlite write_query \(after 1 earlier call in the session\): R4/);
    const tool = page.getByRole('combobox', { name: 'Tool' });
    const suggestions = page.getByRole('listbox', { name: 'Tools of the server' });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `no horizontal scrolling (${scheme})`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `playground-${size}-${scheme}.png`), fullPage: true });
      await tool.click();
      await expect(suggestions).toBeVisible();
      await page.screenshot({ path: join(SCREENSHOT_DIR, `playground-suggestions-${size}-${scheme}.png`) });
      await tool.press('Escape');
      await expect(suggestions).toBeHidden();
    }
  });
}
