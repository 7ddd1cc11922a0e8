/**
 * Build the base-path copy of the site into build/site-base/, served by the
 * `base-path` Playwright project under /reversibility-classes/ like a
 * GitHub Pages project site. It is rebuilt whenever build/site/ (the root
 * build that `npm run build` writes) is newer, and skipped otherwise.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_DIR } from '../scripts/lib/paths.ts';
import { buildSite } from '../scripts/steps/site.ts';
import { SITE_DIR } from './support.ts';

const OUT_DIR = join(BUILD_DIR, 'site-base');
const BASE = '/reversibility-classes/';

const mtime = (file: string): number | undefined => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
};

const root = mtime(join(SITE_DIR, 'index.html'));
if (root === undefined) {
  console.error('build/site/ is missing: run `npm run build` before the end-to-end tests');
  process.exit(1);
}
const copy = mtime(join(OUT_DIR, 'index.html'));
if (copy !== undefined && copy >= root && process.env.REBUILD_BASE !== '1') {
  console.log(`build/site-base/ is newer than build/site/; not rebuilding (REBUILD_BASE=1 forces it)`);
} else {
  const result = await buildSite({ outDir: OUT_DIR, base: BASE });
  console.log(`built build/site-base/ under ${BASE}: ${result.pages} pages in ${((result.astroMs + result.pagefindMs) / 1000).toFixed(1)} s`);
}
