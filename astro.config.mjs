// The website: a static Astro build of the specification and the registry.
// `SITE_BASE` sets the base path (GitHub Pages serves a project site under
// `/<repo>/`), `SITE_URL` the absolute origin used by the sitemap.
import { fileURLToPath } from 'node:url';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { rehypeSpecAnchors } from './src/site/lib/rehype-spec-anchors.ts';

const root = fileURLToPath(new URL('./', import.meta.url));
// The site's data loaders resolve build/registry.json, SPEC.md etc. from here,
// whatever the working directory of the process that runs the build.
process.env.RC_ROOT ??= root;

/** A base path always starts and ends with `/`. */
function normalizeBase(value) {
  const trimmed = (value ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

export default defineConfig({
  root,
  srcDir: './src/site',
  outDir: './build/site',
  publicDir: './public',
  base: normalizeBase(process.env.SITE_BASE),
  site: process.env.SITE_URL || 'https://reversibility.twomuchlabs.com',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'never' },
  devToolbar: { enabled: false },
  prefetch: false,
  integrations: [sitemap()],
  markdown: {
    syntaxHighlight: false,
    rehypePlugins: [rehypeSpecAnchors],
  },
  vite: {
    plugins: [tailwindcss()],
    // build/ holds the registry the site reads; watching it in dev is enough.
    server: { watch: { ignored: ['**/build/site/**', '**/build/site-*/**'] } },
  },
});
