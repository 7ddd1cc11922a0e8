/**
 * The numbered pages of the class and effect grids (src/site/lib/grid-pages.ts,
 * issue 27 item 4): the pager's window of page numbers stays the same size
 * however many pages there are, and page addresses keep the first page at
 * the old address.
 */
import { describe, expect, it } from 'vitest';
import type { ServerRecord, ToolRecord } from '../../src/site/lib/registry.ts';
import { gridPagePath, pagerNumbers, serversOnPage } from '../../src/site/lib/grid-pages.ts';
import type { ToolRef } from '../../src/site/lib/tools.ts';

const ref = (server: string, tool: string): ToolRef => ({ record: { id: server } as ServerRecord, tool: { name: tool } as ToolRecord });

describe('grid pages', () => {
  it('a single page shows only itself', () => {
    expect(pagerNumbers(1, 1)).toEqual([1]);
  });

  it('page 1 of 17 shows 1 to 3, a gap and 17', () => {
    expect(pagerNumbers(1, 17)).toEqual([1, 2, 3, undefined, 17]);
  });

  it('page 9 of 17 shows 1, a gap, 7 to 11, a gap and 17', () => {
    expect(pagerNumbers(9, 17)).toEqual([1, undefined, 7, 8, 9, 10, 11, undefined, 17]);
  });

  it('page 4 of 6 needs no gap', () => {
    expect(pagerNumbers(4, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('the pager of page 500 of 1000 has as many entries as that of page 9 of 17', () => {
    expect(pagerNumbers(500, 1000)).toEqual([1, undefined, 498, 499, 500, 501, 502, undefined, 1000]);
  });

  it('page 1 keeps the old address and page 2 is numbered under it', () => {
    expect(gridPagePath('effects/read/', 1)).toBe('effects/read/');
    expect(gridPagePath('effects/read/', 2)).toBe('effects/read/2/');
  });

  it('a server whose rows run over two pages is counted with all its tools in the list', () => {
    const all = [ref('a', 'x'), ref('b', 'x'), ref('b', 'y'), ref('b', 'z'), ref('c', 'x')];
    expect(serversOnPage(all.slice(2, 5), all)).toEqual([
      { id: 'b', tools: 3 },
      { id: 'c', tools: 1 },
    ]);
  });
});
