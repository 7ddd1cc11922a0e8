/**
 * The site shows the mark "from the vendor's documentation, not from
 * source" wherever a class of a record resting on the vendor's documentation
 * is shown (SPEC 5.1): its server page (beside the status, in the provenance
 * and under each class of the tool grid), each tool page (beside the class
 * and the status, with the quote as evidence), the servers list and the
 * class pages' grids; and nowhere for a record resting on source. Reads the
 * built site (`npm run build`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireSite, SITE_DIR } from './support.ts';

const MARK = 'from the vendor&#39;s documentation, not from source';
const read = (file: string): string => readFileSync(join(SITE_DIR, file), 'utf8');
const count = (html: string): number => html.split(MARK).length - 1;

/** Every numbered page of a class or effect grid or of the servers list, concatenated: `classes/R0/`, `classes/R0/2/` … */
function allGridPages(first: string): string {
  let html = read(`${first}index.html`);
  for (let n = 2; existsSync(join(SITE_DIR, `${first}${n}/index.html`)); n += 1) html += read(`${first}${n}/index.html`);
  return html;
}

describe("the vendor's documentation mark on the site", () => {
  beforeAll(() => requireSite());

  it('marks the deepwiki server page beside its status, in its provenance and under each of its 3 classes, and gives no Source row', () => {
    const html = read('servers/deepwiki/index.html');
    expect(count(html)).toBe(5);
    expect(html).toContain('https://docs.devin.ai/de/work-with-devin/deepwiki-mcp');
    expect(html).not.toContain('github.com/undefined');
    expect(html).not.toContain('<dt>Source</dt>');
  });

  it('marks a deepwiki tool page beside its class and its status, and shows the quote as its evidence', () => {
    const html = read('servers/deepwiki/ask_question/index.html');
    expect(count(html)).toBe(2);
    expect(html).toContain('ask_question - Stellt eine beliebige Frage zu einem GitHub-Repository');
  });

  it('marks every record resting on documentation in the servers list, each of their R0 tools on the R0 class pages, and leaves a record resting on source unmarked', () => {
    const registry = JSON.parse(read('registry.json')) as {
      servers: Array<{ provenance: { basis?: string }; tools: Array<{ class: string }> }>;
    };
    const documented = registry.servers.filter((server) => server.provenance.basis === 'documentation');
    expect(documented.length).toBeGreaterThanOrEqual(2);
    expect(count(allGridPages('servers/'))).toBe(documented.length);
    expect(count(allGridPages('classes/R0/'))).toBe(documented.flatMap((server) => server.tools).filter((tool) => tool.class === 'R0').length);
    expect(count(read('servers/memory/index.html'))).toBe(0);
  });
});
