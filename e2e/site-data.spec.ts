/**
 * The site serves its data like an API (issue 16): every API file is valid
 * against its published schema and agrees with registry.json; the Atom feed
 * parses and carries RFC 4287's required elements; every server has a badge
 * that renders; robots.txt, the favicon and the touch icon exist; every page
 * template carries OpenGraph and Twitter tags.
 *
 * The per-server files (API documents, badges) grow with the registry: the
 * default run checks those of the sampled servers (test/site/sample.ts: the
 * first, the largest and the changed ones), the crawl tier (`@crawl`,
 * `npm run test:crawl`) those of every server.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './tab.ts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ServerRecord } from '../src/core/record.ts';
import { samplePages } from '../test/site/sample.ts';
import { parseFeed } from './atom.ts';
import { readRegistry, ROOT } from './support.ts';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;
const registry = readRegistry();
const segment = (value: string) => value.replaceAll('/', '~');
let sampled: ServerRecord[] | undefined;
/**
 * The servers whose page or one of whose tool pages the sample holds, worked out when a test first asks
 * (the sample reads the head of every built page: about a second and a half of processor time that the
 * runner, which only lists the tests, and a worker that runs none of these need not spend; issue 30).
 */
function sampledServers(): ServerRecord[] {
  if (sampled === undefined) {
    const paths = samplePages().map((page) => page.path);
    sampled = registry.servers.filter((record) => paths.some((path) => path.startsWith(`servers/${segment(record.id)}/`)));
  }
  return sampled;
}
/** Every server in the crawl tier, the sampled ones in the default run. */
const SERVER_SETS: Array<[string, () => ServerRecord[], { tag?: string }]> = [
  ['the sampled servers', sampledServers, {}],
  ['every server', () => registry.servers, { tag: '@crawl' }],
];

async function validators(request: import('@playwright/test').APIRequestContext) {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  // The schemas as the site publishes them, not the repository's copies.
  for (const name of ['record', 'registry', 'api-servers', 'api-server', 'api-tool']) {
    const published = await (await request.get(`schema/${name}.schema.json`)).json();
    expect(published).toEqual(JSON.parse(readFileSync(join(ROOT, 'schema', `${name}.schema.json`), 'utf8')));
    ajv.addSchema(published);
  }
  const get = (name: string) => ajv.getSchema(`https://reversibility.twomuchlabs.com/schema/${name}.schema.json`)!;
  return { ajv, servers: get('api-servers'), server: get('api-server'), tool: get('api-tool') };
}

test('registry.json names its data release and an archive of that release is served', async ({ request }) => {
  expect(registry.release).toMatch(/^\d{4}\.\d{2}\.\d{2}$/);
  const archive = await request.get(`releases/registry-${registry.release}.json.gz`);
  expect(archive.status()).toBe(200);
  const { gunzipSync } = await import('node:zlib');
  expect(JSON.parse(gunzipSync(await archive.body()).toString('utf8'))).toEqual(registry);
});

test('api/v1/servers.json is valid and agrees with registry.json', async ({ request }) => {
  const v = await validators(request);
  const doc = await (await request.get('api/v1/servers.json')).json();
  expect(v.servers(doc), v.ajv.errorsText(v.servers.errors)).toBe(true);
  expect(doc.release).toBe(registry.release);
  expect(doc.totals).toEqual(registry.totals);
  expect(doc.servers.map((s: { id: string }) => s.id)).toEqual(registry.servers.map((record) => record.id));
  for (const entry of doc.servers as Array<{ id: string; tools: number; classes: Record<string, number> }>) {
    const record = registry.servers.find((r) => r.id === entry.id)!;
    expect(entry.tools).toBe(record.tools.length);
    expect(entry.classes.R4).toBe(record.tools.filter((tool) => tool.class === 'R4').length);
  }
});

for (const [title, serversOf, details] of SERVER_SETS) {
  test(`api/v1/servers/<id>.json and <id>/<tool>.json of ${title} are valid and equal the registry’s record and tool`, details, async ({ request }) => {
    test.setTimeout(240_000);
    const v = await validators(request);
    const problems: string[] = [];
    for (const record of serversOf()) {
      const doc = await (await request.get(`api/v1/servers/${segment(record.id)}.json`)).json();
      if (!v.server(doc)) problems.push(`${record.id}: ${v.ajv.errorsText(v.server.errors)}`);
      expect(doc.record).toEqual(record);
      for (const tool of record.tools) {
        const toolDoc = await (await request.get(`api/v1/servers/${segment(record.id)}/${segment(tool.name)}.json`)).json();
        if (!v.tool(toolDoc)) problems.push(`${record.id}/${tool.name}: ${v.ajv.errorsText(v.tool.errors)}`);
        expect(toolDoc.tool).toEqual(tool);
        // A tool's file carries its server's provenance without the reviewer notes, which the server's file keeps.
        expect(toolDoc.server.provenance).toEqual({ ...record.provenance, notes: undefined });
        expect(toolDoc.server.provenance).not.toHaveProperty('notes');
        expect(toolDoc.release).toBe(registry.release);
      }
    }
    expect(problems).toEqual([]);
  });
}

test('the API page documents every endpoint with a curl recipe', async ({ page }) => {
  await page.goto('api/');
  for (const path of ['api/v1/servers.json', 'api/v1/servers/<id>.json', 'api/v1/servers/<id>/<tool>.json'])
    await expect(page.getByText(path, { exact: true })).toBeVisible();
  await expect(page.locator('pre code')).toContainText('curl -s ');
});

test('the changelog feed is Atom with the required elements, one entry per server per day of changes', async ({ page, request }) => {
  const response = await request.get('changelog.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  const changes = JSON.parse(readFileSync(join(ROOT, 'build/changelog.json'), 'utf8')) as { changes: Array<{ date: string; server: string; tool: string }> };
  const releases = new Set(changes.changes.map((change) => `${change.date} ${change.server}`));
  // Parse it with the browser's XML parser (e2e/atom.ts).
  await page.goto('api/');
  const parsed = await parseFeed(page, xml);
  expect(parsed.error).toBe(0);
  expect(parsed.root).toBe('http://www.w3.org/2005/Atom feed');
  expect(parsed.head).toEqual([1, 1, 1, 1]);
  expect(parsed.self).not.toBe('');
  expect(parsed.entries.length).toBe(releases.size);
  for (const entry of parsed.entries) {
    expect(entry.counts).toEqual([1, 1, 1, 1]);
    expect(entry.updated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  }
  const first = changes.changes[0]!;
  expect(parsed.entries.map((e) => e.content).join('')).toContain(`<code>${first.tool}</code>`);
  await page.goto('changelog/');
  expect(await page.locator('main li[data-server]').count()).toBe(Math.min(releases.size, 100));
});

for (const [title, serversOf, details] of SERVER_SETS) {
  test(`a badge renders for ${title}, with its worst class and count`, details, async ({ page }) => {
    test.setTimeout(120_000);
    for (const record of serversOf()) {
      const worst = ['R4', 'R3', 'R2', 'R1', 'R0'].find((c) => record.tools.some((tool) => tool.class === c))!;
      const count = record.tools.filter((tool) => tool.class === worst).length;
      await page.goto(`badges/${segment(record.id)}.svg`);
      const svg = page.locator('svg');
      await expect(svg).toHaveAttribute('aria-label', new RegExp(`^${record.id}: ${count} of ${record.tools.length} tools ${worst}`));
      const box = await svg.boundingBox();
      expect(box?.height).toBe(20);
      expect(box!.width).toBeGreaterThan(40);
      expect(await page.locator('svg text').last().textContent()).toBe(`${worst} ${count}/${record.tools.length}`);
    }
  });
}

test('robots.txt names the sitemap; favicon.ico and the touch icon are served as images', async ({ request }) => {
  const robots = await (await request.get('robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap-index\.xml$/m);
  const ico = await request.get('favicon.ico');
  expect(ico.status()).toBe(200);
  expect([...(await ico.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  const touch = await request.get('apple-touch-icon.png');
  expect([...(await touch.body()).subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
});

test('pages carry OpenGraph and Twitter tags; a tool page’s image has its class', async ({ page, request }) => {
  for (const path of ['', 'servers/github/', 'classes/R4/', 'api/']) {
    await page.goto(path || './');
    for (const property of ['og:title', 'og:description', 'og:image', 'og:url']) await expect(page.locator(`meta[property="${property}"]`)).toHaveCount(1);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  }
  await page.goto('servers/github/create_repository/');
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(image).toMatch(/\/og\/R4\.png$/);
  const png = await request.get(new URL(image!).pathname);
  expect(png.status()).toBe(200);
});
