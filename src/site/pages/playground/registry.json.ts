/**
 * The registry data the playground downloads: `playground/registry.json`,
 * the site's own `registry.json` without the fields the playground neither
 * classifies with nor shows (see playground/slim.ts). Written at build time
 * from the same document as every other page.
 */
import type { APIRoute } from 'astro';
import { loadRegistry } from '../../lib/registry.ts';
import { slimRegistry } from '../../playground/slim.ts';

export const GET: APIRoute = () => new Response(JSON.stringify(slimRegistry(loadRegistry())), { headers: { 'Content-Type': 'application/json' } });
