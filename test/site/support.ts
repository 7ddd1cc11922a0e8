/**
 * Reading the built site (build/site/) for the site tests: its HTML pages,
 * their kind (the `data-kind` of `<body>`), and what each page makes a
 * browser download up front: the HTML, its stylesheets and its scripts,
 * following static `import`s. Sizes are in bytes, raw and gzip-compressed
 * (zlib level 9, close to what static hosts serve).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The built site the tests read; `SITE_DIR` overrides it. */
export const SITE_DIR = process.env.SITE_DIR ?? join(process.cwd(), 'build/site');

/**
 * Fail with an instruction when the site has not been built.
 * @throws Error naming the command to run
 */
export function requireSite(): void {
  if (!existsSync(join(SITE_DIR, 'index.html'))) {
    throw new Error(`${SITE_DIR}/index.html is missing: run \`npm run build\` before the site tests`);
  }
}

/** The site's base path, read from the home page (`data-base` on `<body>`). */
export function sitePagesBase(): string {
  const html = readFileSync(join(SITE_DIR, 'index.html'), 'utf8');
  return /data-base="([^"]*)"/.exec(html)?.[1] ?? '/';
}

/** One HTML page of the build. */
export interface Page {
  /** Path of the file relative to the site folder, with `/`: `servers/github/index.html`. */
  file: string;
  /** The page kind from `<body data-kind>`, or `unknown`. */
  kind: string;
  html: string;
}

/** Every HTML page of the build except Pagefind's own files. */
export function pages(): Page[] {
  const out: Page[] = [];
  for (const entry of readdirSync(SITE_DIR, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = relative(SITE_DIR, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (file.startsWith('pagefind/')) continue;
    const html = readFileSync(join(SITE_DIR, file), 'utf8');
    out.push({ file, kind: /<body[^>]*\sdata-kind="([^"]+)"/.exec(html)?.[1] ?? 'unknown', html });
  }
  return out.sort((a, b) => a.file.localeCompare(b.file));
}

/** Raw and gzip byte counts. */
export interface Size {
  raw: number;
  gzip: number;
}

const gz = (data: Buffer | string): number => gzipSync(data, { level: 9 }).length;
const sizeOf = (data: Buffer | string): Size => ({ raw: Buffer.byteLength(data), gzip: gz(data) });
const add = (a: Size, b: Size): Size => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip });
const ZERO: Size = { raw: 0, gzip: 0 };

/** Map a site address (possibly under the base path) to a file of the build. */
export function fileForUrl(url: string, fromFile: string, base = sitePagesBase()): string | undefined {
  const clean = url.split('#')[0]!.split('?')[0]!;
  if (clean === '') return fromFile;
  let path: string;
  if (clean.startsWith('/')) {
    if (!clean.startsWith(base)) return undefined;
    path = clean.slice(base.length);
  } else {
    path = posix.join(posix.dirname(fromFile), clean);
  }
  path = decodeURIComponent(path);
  const candidates = path === '' || path.endsWith('/') ? [posix.join(path, 'index.html')] : [path, posix.join(path, 'index.html')];
  return candidates.find((candidate) => existsSync(join(SITE_DIR, candidate)) && statSync(join(SITE_DIR, candidate)).isFile());
}

const jsCache = new Map<string, Size>();
/** Stylesheets are shared by every page of a kind: each is weighed once. */
const cssCache = new Map<string, Size>();

function cssSize(file: string): Size {
  let size = cssCache.get(file);
  if (size === undefined) {
    size = sizeOf(readFileSync(join(SITE_DIR, file)));
    cssCache.set(file, size);
  }
  return size;
}

function jsWithImports(file: string, seen: Set<string>): Size {
  if (seen.has(file)) return ZERO;
  seen.add(file);
  const source = readFileSync(join(SITE_DIR, file), 'utf8');
  let total = jsCache.get(file) ?? sizeOf(source);
  jsCache.set(file, total);
  // Static imports only: `import "./x.js"`, `from "./x.js"`. Dynamic imports load on demand.
  for (const [, spec] of source.matchAll(/(?:^|[;\s}])(?:import|from)\s*["']([^"']+\.js)["']/g)) {
    const target = spec!.startsWith('/') ? fileForUrl(spec!, file) : posix.join(posix.dirname(file), spec!);
    if (target && existsSync(join(SITE_DIR, target))) total = add(total, jsWithImports(target, seen));
  }
  return total;
}

/** What a page costs to load: HTML, CSS and JS, raw and gzip. */
export interface PageWeight {
  html: Size;
  css: Size;
  js: Size;
}

/**
 * The weight of one page: its HTML; every stylesheet it links plus inline
 * `<style>`; every script it loads plus inline `<script>`, with the static
 * imports of module scripts. Scripts loaded later on demand (Pagefind's
 * runtime, loaded when someone searches) are measured separately.
 */
export function weigh(page: Page): PageWeight {
  let css = ZERO;
  let js = ZERO;
  for (const [, href] of page.html.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)) {
    const file = fileForUrl(href!, page.file);
    if (file) css = add(css, cssSize(file));
  }
  for (const [, body] of page.html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) css = add(css, sizeOf(body!));
  const seen = new Set<string>();
  for (const [, attrs, body] of page.html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/type="application\/(ld\+)?json"/.test(attrs!)) continue;
    const src = /src="([^"]+)"/.exec(attrs!)?.[1];
    if (src) {
      const file = fileForUrl(src, page.file);
      if (file) js = add(js, jsWithImports(file, seen));
    } else if (body!.trim() !== '') {
      js = add(js, sizeOf(body!));
      for (const [, spec] of body!.matchAll(/(?:^|[;\s}])(?:import|from)\s*["']([^"']+\.js)["']/g)) {
        const file = fileForUrl(spec!, page.file);
        if (file) js = add(js, jsWithImports(file, seen));
      }
    }
  }
  for (const [, href] of page.html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) {
    const file = fileForUrl(href!, page.file);
    if (file) js = add(js, jsWithImports(file, seen));
  }
  return { html: sizeOf(page.html), css, js };
}

/**
 * What the first search downloads from Pagefind: its runtime and worker,
 * its entry file, the metadata and the WebAssembly module for English
 * (those two are stored compressed already, so raw = gzip). Index chunks
 * and fragments load per query and are not counted.
 */
export function searchRuntimeWeight(): Size {
  const dir = join(SITE_DIR, 'pagefind');
  const entry = JSON.parse(readFileSync(join(dir, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { hash: string; wasm?: string }> };
  let total = add(sizeOf(readFileSync(join(dir, 'pagefind.js'))), sizeOf(readFileSync(join(dir, 'pagefind-entry.json'))));
  // Pagefind 1.6 runs its search in a worker when the browser allows it.
  if (existsSync(join(dir, 'pagefind-worker.js'))) total = add(total, sizeOf(readFileSync(join(dir, 'pagefind-worker.js'))));
  for (const language of Object.values(entry.languages)) {
    const wasm = join(dir, `wasm.${language.wasm ?? 'unknown'}.pagefind`);
    if (existsSync(wasm)) total = add(total, { raw: statSync(wasm).size, gzip: statSync(wasm).size });
    const meta = join(dir, `pagefind.${language.hash}.pf_meta`);
    if (existsSync(meta)) total = add(total, { raw: statSync(meta).size, gzip: statSync(meta).size });
  }
  return total;
}

/**
 * What the header's search box downloads on its first focus (SearchBox.astro):
 * every script its loader imports on demand (scripts/suggest.ts with the
 * names search and MiniSearch), with their static imports. The names index's
 * shards load per prefix typed (first one, then two letters) and are weighed one by one by the budget test.
 * @throws Error when the build has no loader script for the search box
 */
export function suggestRuntimeWeight(): Size {
  const dir = join(SITE_DIR, '_astro');
  const loader = readdirSync(dir).find((name) => name.startsWith('SearchBox.astro_astro_type_script') && name.endsWith('.js'));
  if (loader === undefined) throw new Error(`${dir} has no SearchBox loader script`);
  const source = readFileSync(join(dir, loader), 'utf8');
  const seen = new Set<string>([`_astro/${loader}`]);
  let total = ZERO;
  for (const [, spec] of source.matchAll(/import\(\s*["']\.\/([^"']+\.js)["']\s*\)/g)) total = add(total, jsWithImports(`_astro/${spec}`, seen));
  return total;
}
