/**
 * The size budget in site-budget.json, checked against every page of the
 * built site: HTML, CSS and JS after gzip, per page kind, with a per-item
 * allowance for the pages that list servers or a server's tools. The class
 * and effect pages have a fixed allowance, since they list at most
 * GRID_PAGE_SIZE tools a page (issue 27 item 4). The largest figures per
 * kind are printed, so a change in weight shows up in the test log.
 *
 * Every page also carries the header search's loader (SearchBox.astro),
 * which fetches the suggestions' script only on the field's first focus:
 * `headerJs` is added to every kind's JavaScript allowance, and a page
 * without interactive parts of its own ships nothing more. What the first
 * suggestion downloads (`suggestRuntime`: the script with MiniSearch) and
 * each shard of the names index (`namesShard`, search/names/<prefix>.json)
 * have budgets of their own, as has Pagefind's runtime (`searchRuntime`).
 *
 * `SITE_DIR` points it at another build: `npm run bench` runs it against the
 * synthetic registry ten times the real one (bench/site-budget.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { GRID_PAGE_SIZE } from '../../src/site/lib/grid-pages.ts';
import { SITE_DIR, pages, requireSite, searchRuntimeWeight, suggestRuntimeWeight, weigh, type Page, type PageWeight } from './support.ts';

interface KindBudget {
  html: number;
  css: number;
  js: number;
  perServer?: number;
  perTool?: number;
  perRule?: number;
}
interface Budget {
  kinds: Record<string, KindBudget>;
  searchRuntime: number;
  headerJs: number;
  suggestRuntime: number;
  namesShard: number;
}

const budget = JSON.parse(readFileSync('site-budget.json', 'utf8')) as Budget;

/** Items a page lists, for the per-item allowance: servers (the servers list, the compare page's server links, the search page's server filter), a server page's tool-grid rows and a catalogue server's tool rows, and argument rules (a tool page's rule boxes). */
function items(page: Page): { servers: number; tools: number; rules: number } {
  return {
    servers:
      page.kind === 'servers'
        ? (page.html.match(/<li[^>]*\sdata-tools="/g) ?? []).length
        : page.kind === 'compare'
          ? new Set(page.html.match(/href="[^"]*\/servers\/[a-z0-9-]+\/"/g) ?? []).size
          : page.kind === 'search'
            ? (
                page.html
                  .split('<select id="search-server"')[1]
                  ?.split('</select>')[0]
                  ?.match(/<option value="[^"]/g) ?? []
              ).length
            : 0,
    tools: page.kind === 'server' || page.kind === 'catalogue-server' ? rows(page) : 0,
    rules: page.kind === 'tool' ? (page.html.match(/class="rule-box /g) ?? []).length : 0,
  };
}

/** Tool-grid rows on a page. */
function rows(page: Page): number {
  return (page.html.match(/<tr data-tool/g) ?? []).length;
}

/** Each shard of the names index (search/names/<prefix>.json), raw and gzip. */
function shardWeights(): Array<{ file: string; raw: number; gzip: number }> {
  const dir = join(SITE_DIR, 'search', 'names');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => {
      const data = readFileSync(join(dir, name));
      return { file: name, raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
    });
}

function allowance(page: Page, kind: KindBudget): number {
  const counted = items(page);
  return kind.html + (kind.perServer ?? 0) * counted.servers + (kind.perTool ?? 0) * counted.tools + (kind.perRule ?? 0) * counted.rules;
}

describe('site budget (site-budget.json)', () => {
  let weighed: Array<{ page: Page; weight: PageWeight }> = [];

  beforeAll(() => {
    requireSite();
    weighed = pages().map((page) => ({ page, weight: weigh(page) }));
    // Weighing is synchronous and minutes long at the synthetic 10x site (bench/site-budget.ts), past vitest's 60 s hook timeout.
  }, 1_800_000);

  it('every page has a kind the budget knows', () => {
    const unknown = weighed.filter(({ page }) => budget.kinds[page.kind] === undefined).map(({ page }) => `${page.file} (${page.kind})`);
    expect(unknown).toEqual([]);
  });

  it('no page is heavier than the budget for its kind', () => {
    const over: string[] = [];
    for (const { page, weight } of weighed) {
      const kind = budget.kinds[page.kind];
      if (kind === undefined) continue;
      const html = allowance(page, kind);
      if (weight.html.gzip > html) over.push(`${page.file}: HTML ${weight.html.gzip} > ${html}`);
      if (weight.css.gzip > kind.css) over.push(`${page.file}: CSS ${weight.css.gzip} > ${kind.css}`);
      if (weight.js.gzip > kind.js + budget.headerJs) over.push(`${page.file}: JS ${weight.js.gzip} > ${kind.js + budget.headerJs}`);
    }
    expect(over).toEqual([]);
  });

  it('no class or effect page lists more tools than one grid page holds', () => {
    const long = weighed
      .filter(({ page }) => (page.kind === 'class' || page.kind === 'effect') && rows(page) > GRID_PAGE_SIZE)
      .map(({ page }) => `${page.file}: ${rows(page)} rows`);
    expect(long).toEqual([]);
  });

  it("pages without interactive parts ship no JavaScript beyond the header search's loader", () => {
    const withJs = weighed.filter(({ page, weight }) => budget.kinds[page.kind]?.js === 0 && weight.js.gzip > budget.headerJs).map(({ page }) => page.file);
    expect(withJs).toEqual([]);
  });

  it("the header suggestions' script and every shard of the names index stay within their budgets", () => {
    expect(suggestRuntimeWeight().gzip).toBeLessThanOrEqual(budget.suggestRuntime);
    const over = shardWeights().filter(({ gzip }) => gzip > budget.namesShard);
    expect(over).toEqual([]);
  });

  it('the search runtime stays within its budget', () => {
    expect(searchRuntimeWeight().gzip).toBeLessThanOrEqual(budget.searchRuntime);
  });

  it('prints the figures', () => {
    const rows: Record<string, Record<string, number | string>> = {};
    for (const { page, weight } of weighed) {
      rows[page.kind] ??= { pages: 0, 'max html': 0, 'max html raw': 0, 'html budget': 0, css: 0, js: 0, heaviest: '' };
      const row = rows[page.kind]!;
      row.pages = (row.pages as number) + 1;
      if (weight.html.gzip > (row['max html'] as number)) {
        row['max html'] = weight.html.gzip;
        row['html budget'] = budget.kinds[page.kind] ? allowance(page, budget.kinds[page.kind]!) : 0;
        row.heaviest = page.file;
      }
      row['max html raw'] = Math.max(row['max html raw'] as number, weight.html.raw);
      row.css = Math.max(row.css as number, weight.css.gzip);
      row.js = Math.max(row.js as number, weight.js.gzip);
    }
    console.log('Site weight per page kind (bytes, gzip unless raw):');
    console.table(rows);
    const runtime = searchRuntimeWeight();
    console.log(`Search runtime on first query: ${runtime.gzip} bytes gzip (${runtime.raw} raw), budget ${budget.searchRuntime}`);
    const suggest = suggestRuntimeWeight();
    const shards = shardWeights().sort((a, b) => b.gzip - a.gzip);
    console.log(`Suggestions on first focus: ${suggest.gzip} bytes gzip (${suggest.raw} raw), budget ${budget.suggestRuntime}`);
    console.log(
      `Names index: ${shards.length} shards, the largest ${shards[0]?.file} ${shards[0]?.gzip} bytes gzip (${shards[0]?.raw} raw), budget ${budget.namesShard}`,
    );
    expect(Object.keys(rows).length).toBeGreaterThan(0);
  });
});
