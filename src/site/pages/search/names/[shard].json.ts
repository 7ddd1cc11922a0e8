/** `search/names/<shard>.json`: one shard of the header's as-you-type names index (lib/names-index.ts). */
import type { APIRoute } from 'astro';
import { type NamesShard, namesShards } from '../../../lib/names-index.ts';
import { loadRegistry } from '../../../lib/registry.ts';

export function getStaticPaths() {
  return [...namesShards(loadRegistry())].map(([shard, data]) => ({ params: { shard }, props: { data } }));
}

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify((props as { data: NamesShard }).data), { headers: { 'Content-Type': 'application/json' } });
