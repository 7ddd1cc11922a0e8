/**
 * Build the base-path copy of the site into build/site-base/, served by the
 * `base-path` Playwright project under /reversibility-classes/ like a
 * GitHub Pages project site. It is rebuilt whenever build/site/ (the root
 * build that `npm run build` writes) is newer, and skipped otherwise.
 *
 * The copy is a real build of every template (the same Astro pages and
 * Pagefind index) from a registry cut down to {@link BASE_SERVERS}, so its
 * time does not grow with the registry (issue 30): its tests check that
 * links, assets, search and the playground respect the base path, which
 * every page of a template does the same way whatever record it shows.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDocument } from '../src/core/registry.ts';
import { BUILD_DIR } from '../scripts/lib/paths.ts';
import { buildSite } from '../scripts/steps/site.ts';
import { EXAMPLES } from '../src/site/playground/examples.ts';
import { readRegistry, SITE_DIR } from './support.ts';

const OUT_DIR = join(BUILD_DIR, 'site-base');
const REGISTRY_JSON = join(BUILD_DIR, 'site-base-registry', 'registry.json');
const BASE = '/reversibility-classes/';

/**
 * The records the copy is built from: filesystem and github (the pages,
 * search and playground default that e2e/base-path.spec.ts and
 * e2e/playground-base-path.spec.ts visit) and every server a playground
 * example names, so the playground's example links resolve there too.
 */
const BASE_SERVERS = [
  ...new Set(['filesystem', 'github', ...EXAMPLES.flatMap((example) => [example.state.server, ...example.state.steps.map((step) => step.server)])]),
].sort();

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
  const full = readRegistry();
  const kept = full.servers.filter((record) => BASE_SERVERS.includes(record.id));
  const missing = BASE_SERVERS.filter((id) => !kept.some((record) => record.id === id));
  if (missing.length > 0) {
    console.error(`build/site/registry.json has no record for ${missing.join(', ')}, which the base-path tests visit`);
    process.exit(1);
  }
  mkdirSync(join(REGISTRY_JSON, '..'), { recursive: true });
  writeFileSync(REGISTRY_JSON, JSON.stringify(buildDocument(kept, { release: full.release })));
  const result = await buildSite({ outDir: OUT_DIR, base: BASE, registryJson: REGISTRY_JSON });
  console.log(
    `built build/site-base/ under ${BASE} from ${kept.length} records: ${result.pages} pages in ${((result.astroMs + result.pagefindMs) / 1000).toFixed(1)} s`,
  );
}
