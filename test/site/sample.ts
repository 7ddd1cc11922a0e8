/**
 * Which pages of the built site the default tier checks page by page, and
 * which the crawl tier does (issue 30). Checks whose cost grows with the
 * registry (axe, overflow, links, per-server files) visit every page only
 * in `npm run test:crawl` (`RCLASS_CRAWL=1`, nightly in
 * .github/workflows/crawl.yml); `npm test` visits a sample whose size does
 * not grow with the registry:
 * - one page of every kind (the `data-kind` of `<body>`: home, server,
 *   tool, class, effect, …), the first in address order;
 * - the largest page of every kind, by HTML bytes in this build;
 * - every page a change touched, when git can tell: the pages of each
 *   registry record that differs from the merge base with `main` (or from
 *   `HEAD~` when the branch has no commits of its own). A fresh shallow
 *   clone has no such history, and this part is then empty.
 * Template and stylesheet changes show on every page of a kind, so the
 * first and largest page of each kind stand for them.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parse } from 'yaml';
import type { ServerRecord } from '../../src/core/record.ts';
import { segment } from '../../src/site/lib/urls.ts';
import { SITE_DIR } from './support.ts';

/** Whether this run is the crawl tier (`RCLASS_CRAWL=1`, `npm run test:crawl`). */
export const CRAWL = process.env.RCLASS_CRAWL === '1';

/**
 * The time limit, in milliseconds, of a test that covers every tool or server in the crawl tier; undefined (vitest's
 * 30 s default, sized for `npm test`'s sample) otherwise. Such a test grows with the registry: at 5,688 tools the
 * Cedar check of every tool (run with V8's optimiser off) and the static exports' check of every tool ran past 30 s
 * on a loaded 2-core machine. The limit only stops a hang; nothing in these tests has a deadline of its own.
 */
export const CRAWL_TIMEOUT: number | undefined = CRAWL ? 600_000 : undefined;

/** One page as the checks address it: `servers/github/` (`''` for the home page), with its kind and why it was chosen. */
export interface SampledPage {
  path: string;
  kind: string;
  bytes: number;
  reasons: string[];
}

/** A page's address relative to the site's base: `servers/github/index.html` → `servers/github/`. */
function pagePath(file: string): string {
  return file === 'index.html' ? '' : file.replace(/(^|\/)index\.html$/, '$1');
}

const KIND = /<body[^>]*\sdata-kind="([^"]+)"/;

/** The kind of one built page from its `<body data-kind>`, reading only the head of the file when the body starts there. */
function kindOf(file: string): string {
  const head = Buffer.alloc(16_384);
  const fd = openSync(file, 'r');
  const read = readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  return (KIND.exec(head.subarray(0, read).toString('utf8')) ?? KIND.exec(readFileSync(file, 'utf8')))?.[1] ?? 'unknown';
}

/** Every HTML file of a built site relative to it, with `/` (Pagefind's own files left out). */
export function htmlFiles(dir = SITE_DIR): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => !file.startsWith('pagefind/'));
}

/**
 * Every HTML page of a built site, in address order, with its kind and
 * its size in bytes.
 */
export function sitePages(dir = SITE_DIR): SampledPage[] {
  return htmlFiles(dir)
    .map((file) => ({ path: pagePath(file), kind: kindOf(join(dir, file)), bytes: statSync(join(dir, file)).size, reasons: [] }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** The file of a page address: `servers/github/` → `servers/github/index.html`, `''` → `index.html`. */
export function pageFile(path: string): string {
  return path === '' || path.endsWith('/') ? `${path}index.html` : path;
}

/** Run git in `root`; its trimmed output, or undefined when git fails (no repository, no such commit). */
function git(root: string, args: string[]): string | undefined {
  const run = spawnSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

/**
 * The commit a change is measured from: `RCLASS_CHANGED_SINCE` when set;
 * else the merge base with the first of origin/HEAD, origin/main and main
 * that the branch has moved away from; else `HEAD~`. Undefined when git
 * knows none of them (not a checkout, or a shallow clone of one commit).
 */
function changeBase(root = process.cwd()): string | undefined {
  const head = git(root, ['rev-parse', 'HEAD']);
  if (head === undefined) return undefined;
  const asked = process.env.RCLASS_CHANGED_SINCE;
  if (asked) return git(root, ['rev-parse', '--verify', '--quiet', `${asked}^{commit}`]);
  for (const ref of ['origin/HEAD', 'origin/main', 'main']) {
    const base = git(root, ['merge-base', 'HEAD', ref]);
    if (base !== undefined && base !== head) return base;
  }
  return git(root, ['rev-parse', '--verify', '--quiet', 'HEAD~^{commit}']);
}

/** The registry records (`registry/*.yaml`) that differ between `base` and the working tree, committed or not. */
function changedRecordFiles(root: string, base: string): string[] {
  const tracked = git(root, ['diff', '--name-only', base, '--', 'registry/*.yaml']) ?? '';
  const untracked = git(root, ['ls-files', '--others', '--exclude-standard', '--', 'registry/*.yaml']) ?? '';
  return [...new Set([...tracked.split('\n'), ...untracked.split('\n')].filter((file) => file !== ''))];
}

function parseRecord(text: string | undefined): ServerRecord | undefined {
  if (text === undefined) return undefined;
  try {
    const record = parse(text) as ServerRecord | null;
    return record && typeof record.id === 'string' && Array.isArray(record.tools) ? record : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The ids of the registry records a change touched: each record file that
 * differs from {@link changeBase} and still parses (empty when git cannot
 * tell, as in a fresh shallow clone).
 */
export function changedRecordIds(root = process.cwd()): string[] {
  const base = changeBase(root);
  if (base === undefined) return [];
  return changedRecordFiles(root, base).flatMap((file) => {
    const record = parseRecord(existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : undefined);
    return record === undefined ? [] : [record.id];
  });
}

/**
 * The page addresses a change touched: for each record that differs from
 * {@link changeBase}, its server page and the pages of the tools whose
 * entries differ (all of its tool pages when a field outside `tools`
 * differs, since tool pages show the record's provenance). A record that
 * no longer parses or was deleted touches nothing that still exists.
 */
export function changedPages(root = process.cwd()): string[] {
  const base = changeBase(root);
  if (base === undefined) return [];
  const paths: string[] = [];
  for (const file of changedRecordFiles(root, base)) {
    const now = parseRecord(existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : undefined);
    if (now === undefined) continue;
    const before = parseRecord(git(root, ['show', `${base}:${file}`]));
    const serverPage = `servers/${segment(now.id)}/`;
    paths.push(serverPage);
    const { tools: _now, ...recordNow } = now;
    const recordBefore = before === undefined ? undefined : (({ tools: _before, ...rest }) => rest)(before);
    const wholeRecord = JSON.stringify(recordNow) !== JSON.stringify(recordBefore);
    for (const tool of now.tools) {
      const old = before?.tools.find((candidate) => candidate.name === tool.name);
      if (wholeRecord || JSON.stringify(old) !== JSON.stringify(tool)) paths.push(`${serverPage}${segment(tool.name)}/`);
    }
  }
  return paths;
}

/**
 * The sample described above, out of `every` page (address order), each
 * with the reasons it was chosen.
 */
export function samplePages(every: SampledPage[] = sitePages(), changed: string[] = changedPages()): SampledPage[] {
  every = every.map((page) => ({ ...page, reasons: [] }));
  const byPath = new Map(every.map((page) => [page.path, page]));
  const choose = (page: SampledPage | undefined, reason: string): void => {
    if (page !== undefined && !page.reasons.includes(reason)) page.reasons.push(reason);
  };
  for (const kind of new Set(every.map((page) => page.kind))) {
    const ofKind = every.filter((page) => page.kind === kind);
    choose(ofKind[0], 'first of its kind');
    choose(
      ofKind.reduce((largest, page) => (page.bytes > largest.bytes ? page : largest)),
      'largest of its kind',
    );
  }
  for (const path of changed) choose(byPath.get(path), 'changed');
  return every.filter((page) => page.reasons.length > 0);
}

/** The pages to check one by one: every page of the build in the crawl tier ({@link CRAWL}), else {@link samplePages}. */
export function checkedPages(dir = SITE_DIR): SampledPage[] {
  const every = sitePages(dir);
  return CRAWL ? every.map((page) => ({ ...page, reasons: ['crawl'] })) : samplePages(every, changedPages());
}
