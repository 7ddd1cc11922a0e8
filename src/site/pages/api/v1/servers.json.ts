/** `api/v1/servers.json`: every server record with its counts (lib/api.ts). */
import type { APIRoute } from 'astro';
import { apiJson, serversDocument } from '../../../lib/api.ts';
import { loadRegistry } from '../../../lib/registry.ts';
import { siteRoot } from '../../../lib/urls.ts';

export const GET: APIRoute = ({ site }) => apiJson(serversDocument(loadRegistry(), siteRoot(site)));
