/** `api/v1/servers/<id>.json`: one server record (lib/api.ts). */
import type { APIRoute } from 'astro';
import { apiJson, serverDocument } from '../../../../lib/api.ts';
import { loadRegistry, type ServerRecord } from '../../../../lib/registry.ts';
import { segment, siteRoot } from '../../../../lib/urls.ts';

export function getStaticPaths() {
  return loadRegistry().servers.map((record) => ({ params: { id: segment(record.id) }, props: { record } }));
}

export const GET: APIRoute = ({ props, site }) => apiJson(serverDocument(loadRegistry(), (props as { record: ServerRecord }).record, siteRoot(site)));
