/**
 * Numbered pages for the class and effect grids (issue 27 item 4): at most
 * {@link GRID_PAGE_SIZE} tool rows a page, the first page at the old address
 * (`effects/read/`), the next ones numbered (`effects/read/2/`), so no page
 * grows with the registry. The pager shows a fixed window of page numbers.
 */
import type { ToolRef } from './tools.ts';

/** Tool rows on one page of a class or effect grid. */
export const GRID_PAGE_SIZE = 100;

/** Tool names on one page of the comparison index (`compare/`, `compare/2/` …). */
export const COMPARE_INDEX_SIZE = 100;

/** Servers on one page of the servers list (`servers/`, `servers/2/` …). */
export const SERVER_PAGE_SIZE = 50;

/** Page numbers shown on either side of the current one in the pager. */
const WINDOW = 2;

/**
 * The page numbers the pager links to: the first, the last, and the current
 * page with {@link WINDOW} on either side; `undefined` marks a gap. At most
 * 2 × WINDOW + 5 entries whatever the number of pages.
 * @param current the page shown, 1-based
 * @param last the number of pages, at least 1
 */
export function pagerNumbers(current: number, last: number): Array<number | undefined> {
  const shown = new Set([1, last]);
  for (let n = current - WINDOW; n <= current + WINDOW; n += 1) if (n >= 1 && n <= last) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: Array<number | undefined> = [];
  for (const [i, n] of sorted.entries()) {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push(undefined);
    out.push(n);
  }
  return out;
}

/**
 * The address of page `n` of a grid whose first page is `first` (a site
 * path ending in `/`): `first` itself for page 1, `first` + `n/` after.
 */
export function gridPagePath(first: string, n: number): string {
  return n === 1 ? first : `${first}${n}/`;
}

/**
 * The servers a page's rows belong to, in the page's order (the grid is
 * sorted by server id), each with its number of tools in the whole list
 * (`all`), not only on this page, since a server's rows may run over two pages.
 */
export function serversOnPage(page: ToolRef[], all: ToolRef[]): Array<{ id: string; tools: number }> {
  const totals = new Map<string, number>();
  for (const { record } of all) totals.set(record.id, (totals.get(record.id) ?? 0) + 1);
  const ids = [...new Set(page.map(({ record }) => record.id))];
  return ids.map((id) => ({ id, tools: totals.get(id) ?? 0 }));
}
