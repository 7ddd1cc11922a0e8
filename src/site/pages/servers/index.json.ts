/** `servers/index.json`: the servers list's filter index, one row per record (lib/server-index.ts). */
import type { APIRoute } from 'astro';
import { loadRegistry } from '../../lib/registry.ts';
import { serverIndex } from '../../lib/server-index.ts';

export const GET: APIRoute = () => new Response(JSON.stringify(serverIndex(loadRegistry())), { headers: { 'Content-Type': 'application/json' } });
