/** `api/v1/servers/<id>/<tool>.json`: one tool (lib/api.ts). */
import type { APIRoute } from 'astro';
import { apiJson, toolDocument } from '../../../../../lib/api.ts';
import { loadRegistry, type ServerRecord, type ToolRecord } from '../../../../../lib/registry.ts';
import { segment, siteRoot } from '../../../../../lib/urls.ts';

export function getStaticPaths() {
  return loadRegistry().servers.flatMap((record) =>
    record.tools.map((tool) => ({ params: { id: segment(record.id), tool: segment(tool.name) }, props: { record, tool } })),
  );
}

export const GET: APIRoute = async ({ props, site }) => {
  const { record, tool } = props as { record: ServerRecord; tool: ToolRecord };
  return apiJson(await toolDocument(loadRegistry(), record, tool, siteRoot(site)));
};
