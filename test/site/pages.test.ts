/**
 * The built site covers the registry: a page per server and per tool, each
 * tool page with its class in words, its evidence permalink and a prefilled
 * dispute link, and no page that carries the rest of the registry (a tool
 * page's size must not depend on how many tools exist).
 *
 * Every tool page must exist; what is on the pages is read for every
 * server in the crawl tier (`npm run test:crawl`), and for the sampled
 * servers (test/site/sample.ts: the first, the largest and the changed
 * ones) in `npm test`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RegistryDocument } from '../../src/core/record.ts';
import { CLASS_NAMES } from '../../src/core/classes.ts';
import { CRAWL, checkedPages, sitePages } from './sample.ts';
import { requireSite, SITE_DIR } from './support.ts';
import { segment, toolAnchor } from '../../src/site/lib/urls.ts';

const read = (file: string): string => readFileSync(join(SITE_DIR, file), 'utf8');

/** The href of the first `<a>` carrying a class, whatever the attribute order. */
function hrefOfClass(html: string, className: string): string | undefined {
  for (const [tag] of html.matchAll(/<a\s[^>]*>/g)) {
    const classes = /\sclass="([^"]*)"/.exec(tag)?.[1]?.split(/\s+/) ?? [];
    if (classes.includes(className)) return /\shref="([^"]*)"/.exec(tag)?.[1]?.replaceAll('&amp;', '&');
  }
  return undefined;
}

/**
 * Whether an evidence link is pinned by the record's evidence base (SPEC 5.1): a source file at a 40-hex commit, a
 * file of the exact published package version, or, for a record resting on the vendor's documentation, one of the
 * pages `provenance.documentation.pages` names (read on its retrieval date).
 */
function pinned(provenance: RegistryDocument['servers'][number]['provenance'], href: string): boolean {
  if (provenance.documentation !== undefined) return provenance.documentation.pages.includes(href);
  if (provenance.package !== undefined) return href.includes(`@${provenance.package.version}/files/`);
  return /\/blob\/[0-9a-f]{40}\//.test(href);
}

describe('registry coverage', () => {
  let registry: RegistryDocument;
  /** The records whose pages are read: every one in the crawl tier, the sampled ones otherwise. */
  let checked: RegistryDocument['servers'];
  beforeAll(() => {
    requireSite();
    registry = JSON.parse(read('registry.json')) as RegistryDocument;
    const paths = checkedPages().map((page) => page.path);
    checked = registry.servers.filter((record) => paths.some((path) => path.startsWith(`servers/${segment(record.id)}/`)));
  });

  it('the site serves the registry it was built from', () => {
    expect(registry.servers.length).toBe(registry.totals.servers);
  });

  it('every server and every tool has a page', () => {
    const missing = registry.servers.flatMap((record) =>
      [`servers/${segment(record.id)}/index.html`, ...record.tools.map((tool) => `servers/${segment(record.id)}/${segment(tool.name)}/index.html`)].filter(
        (file) => !existsSync(join(SITE_DIR, file)),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('the servers read include the one with the largest page, and every server in the crawl tier', () => {
    const largest = sitePages()
      .filter((page) => page.kind === 'server')
      .reduce((most, page) => (page.bytes > most.bytes ? page : most));
    expect(checked.map((record) => `servers/${segment(record.id)}/`)).toContain(largest.path);
    if (CRAWL) expect(checked.length).toBe(registry.servers.length);
  });

  it('a checked server has a page listing every one of its tools with an anchor', () => {
    const problems: string[] = [];
    for (const record of checked) {
      const html = read(`servers/${segment(record.id)}/index.html`);
      for (const tool of record.tools) if (!html.includes(`id="${toolAnchor(tool.name)}"`)) problems.push(`${record.id}: no #${toolAnchor(tool.name)}`);
    }
    expect(problems).toEqual([]);
  });

  it('a checked server’s tool pages show the class in words, the evidence permalink and a dispute link', () => {
    const problems: string[] = [];
    for (const record of checked) {
      for (const tool of record.tools) {
        const file = `servers/${segment(record.id)}/${segment(tool.name)}/index.html`;
        let html: string;
        try {
          html = read(file);
        } catch {
          problems.push(`${file} is missing`);
          continue;
        }
        if (!new RegExp(`${tool.class} ${CLASS_NAMES[tool.class]}</(span|a)>`).test(html))
          problems.push(`${file}: no class badge "${tool.class} ${CLASS_NAMES[tool.class]}"`);
        const href = hrefOfClass(html, 'evidence-link');
        if (href === undefined || href !== tool.evidence.url) problems.push(`${file}: evidence link ${href} is not ${tool.evidence.url}`);
        else if (!pinned(record.provenance, href))
          problems.push(`${file}: evidence link is not at a 40-hex commit, the exact published version or one of the record's documented pages`);
        const dispute = hrefOfClass(html, 'dispute-link');
        const params = dispute ? new URL(dispute).searchParams : undefined;
        if (params?.get('server') !== record.id || params.get('tool') !== tool.name || params.get('current-class') !== tool.class)
          problems.push(`${file}: dispute link not prefilled`);
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it('a tool page links to at most a handful of other tools (nothing that grows with the registry)', () => {
    const worst = checked
      .flatMap((record) => record.tools.map((tool) => ({ record, tool })))
      .map(({ record, tool }) => {
        const html = read(`servers/${segment(record.id)}/${segment(tool.name)}/index.html`);
        return { page: `${record.id}/${tool.name}`, links: (html.match(/href="[^"]*\/servers\/[^"/]+\/[^"/#]+\/"/g) ?? []).length };
      })
      .sort((a, b) => b.links - a.links)[0];
    // The previous and next tool, and the tool that undoes this one (SPEC 2.9.3).
    expect(worst?.links ?? 0).toBeLessThanOrEqual(4);
  });
});
