/**
 * Build step: the static site with its search index.
 *
 * 1. Astro builds every page from `build/registry.json`, SPEC.md and
 *    CONTRIBUTING.md into `build/site/` (astro.config.mjs). The downloads
 *    (registry.json, the schemas, the conformance vectors and every file in
 *    `build/policies/`) are written by a static endpoint with their exact
 *    bytes, and the downloads page shows their size and SHA-256.
 * 2. Pagefind indexes the server pages (the ones whose `<main>` carries
 *    `data-pagefind-body`; issue 27 item 4) and writes `pagefind/` into the
 *    output. Of a server page's tool grid it indexes each tool's name and
 *    rationale, not the cells every row repeats ({@link GRID_NOISE}).
 *
 * Everything is linear in the number of tools: one page per tool and one per
 * server, each sized by its own content.
 */
import { readFileSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { BUILD_DIR, REGISTRY_JSON, ROOT } from '../lib/paths.ts';

/** Where the site is written unless told otherwise. */
export const SITE_DIR = join(BUILD_DIR, 'site');

/** Options of {@link buildSite}; every one has a default. */
export interface SiteBuildOptions {
  /** Output folder (default `build/site/`). */
  outDir?: string;
  /** Base path, e.g. `/reversibility-classes/` (default: env `SITE_BASE`, else `/`). */
  base?: string;
  /** Registry document to render (default `build/registry.json`). */
  registryJson?: string;
  /** Folder of ready-made policies to offer (default `build/policies/`). */
  policiesDir?: string;
  /** Astro's log level (default `warn`, so `npm run build` stays readable). */
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
}

/** What {@link buildSite} did, with timings in milliseconds. */
export interface SiteBuildResult {
  /** HTML pages written (every `*.html` in the output). */
  pages: number;
  /** Pages Pagefind indexed (the server pages). */
  indexed: number;
  outDir: string;
  astroMs: number;
  pagefindMs: number;
}

async function countHtml(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) count += 1;
  }
  return count;
}

function normalizeBase(value: string | undefined): string {
  const trimmed = (value ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

/**
 * Build the site and its search index.
 * @returns page counts and timings; `pages` is 0 only if Astro wrote no HTML
 * @throws Error when Astro fails (a page threw, or registry.json is missing)
 *   or when Pagefind reports any error; the output folder may then be partial
 */
export async function buildSite(options: SiteBuildOptions = {}): Promise<SiteBuildResult> {
  const outDir = resolve(options.outDir ?? SITE_DIR);
  const base = normalizeBase(options.base ?? process.env.SITE_BASE);
  // The site's loaders read these (src/site/lib/paths.ts). They are set for
  // the duration of the build and restored after, so steps can run in turn.
  const saved = {
    RC_ROOT: process.env.RC_ROOT,
    RC_REGISTRY_JSON: process.env.RC_REGISTRY_JSON,
    RC_POLICIES_DIR: process.env.RC_POLICIES_DIR,
    SITE_BASE: process.env.SITE_BASE,
  };
  process.env.RC_ROOT = ROOT;
  process.env.RC_REGISTRY_JSON = resolve(options.registryJson ?? REGISTRY_JSON);
  process.env.RC_POLICIES_DIR = resolve(options.policiesDir ?? join(BUILD_DIR, 'policies'));
  process.env.SITE_BASE = base;
  process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
  try {
    const started = performance.now();
    const { build } = await import('astro');
    await build({ root: ROOT, outDir, base, logLevel: options.logLevel ?? 'warn', mode: 'production' });
    const astroMs = performance.now() - started;

    const indexStarted = performance.now();
    const indexed = await indexSite(outDir);
    const pagefindMs = performance.now() - indexStarted;
    return { pages: await countHtml(outDir), indexed, outDir, astroMs, pagefindMs };
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/**
 * What Pagefind leaves out of a server page's tool grid (its `excludeSelectors`):
 * the header, caption and cells every row repeats (class label, lowest class
 * by a rule, effects, gate), the rationale fold's "Why R0" and the glossary
 * of terms. Only each tool's name and rationale stay in the index and in the
 * excerpt Pagefind stores per page: "irreversible" or "read" no longer match
 * every server with such a tool (the class and effect filters do that), and
 * the stored text of the largest server page shrinks (azure's from 110 KB).
 */
const GRID_NOISE = ['.tool-grid thead', '.tool-grid caption', '.tool-grid td', '.tool-grid .why summary', '#terms'];

/** Characters a page's path may hold and still be named in a Pagefind glob as it is (no glob syntax among them). */
const PLAIN_PATH = /^[A-Za-z0-9._~%/-]+$/;

/**
 * The glob of the HTML files Pagefind must read: those whose text holds
 * `data-pagefind-body` (the server pages), as `{a/index.html,b/index.html}`
 * relative to `outDir`. Pagefind indexes only the pages that carry the
 * attribute once any page does, so reading these instead of all 6,935 pages
 * writes the same index (byte for byte) with a fifth of Pagefind's work
 * (5.0 → 1.0 processor-seconds; issue 30). The text search finds every page
 * with the attribute and perhaps a page that merely mentions it, which
 * Pagefind then leaves out as before.
 * @returns `undefined` (read every page, as Pagefind does by default) when no
 *   page holds the attribute or a path holds a character of glob syntax
 */
export async function searchableGlob(outDir: string): Promise<string | undefined> {
  const pages: string[] = [];
  for (const entry of await readdir(outDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    if (readFileSync(file, 'latin1').includes('data-pagefind-body')) pages.push(relative(outDir, file).split(sep).join('/'));
  }
  if (pages.length === 0 || !pages.every((page) => PLAIN_PATH.test(page))) return undefined;
  return pages.length === 1 ? pages[0] : `{${pages.sort().join(',')}}`;
}

/**
 * Index a built site with Pagefind's Node API and write `pagefind/` into it.
 * Tool names keep their underscores (`write_file` is one word), so a search
 * for a tool name finds its server. Pagefind reads only the pages
 * {@link searchableGlob} names.
 * @returns the number of pages indexed
 * @throws Error listing Pagefind's errors, if any
 */
export async function indexSite(outDir: string): Promise<number> {
  const pagefind = await import('pagefind');
  const fail = (what: string, errors: string[]) => {
    if (errors.length > 0) throw new Error(`pagefind ${what} failed:\n${errors.join('\n')}`);
  };
  try {
    const created = await pagefind.createIndex({ forceLanguage: 'en', includeCharacters: '_', excludeSelectors: GRID_NOISE });
    fail('createIndex', created.errors);
    const index = created.index!;
    const glob = await searchableGlob(outDir);
    const added = await index.addDirectory({ path: outDir, ...(glob === undefined ? {} : { glob }) });
    fail('addDirectory', added.errors);
    const written = await index.writeFiles({ outputPath: join(outDir, 'pagefind') });
    fail('writeFiles', written.errors);
    // addDirectory counts every HTML file it read; the entry file counts the
    // pages that were actually indexed (those with data-pagefind-body).
    const entry = JSON.parse(await readFile(join(outDir, 'pagefind', 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
    return Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0);
  } finally {
    await pagefind.close();
  }
}
