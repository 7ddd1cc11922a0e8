/** `robots.txt`: everything may be crawled; the sitemap is named with its absolute address. */
import type { APIRoute } from 'astro';
import { siteRoot } from '../lib/urls.ts';

export const GET: APIRoute = ({ site }) =>
  new Response(`User-agent: *\nAllow: /\n\nSitemap: ${siteRoot(site)}sitemap-index.xml\n`, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
