/**
 * `badges/<id>.svg`: one SVG badge per server record (lib/badges.ts).
 */
import type { APIRoute } from 'astro';
import { badgeSvg } from '../../lib/badges.ts';
import { loadRegistry, type ServerRecord } from '../../lib/registry.ts';
import { segment } from '../../lib/urls.ts';

export function getStaticPaths() {
  return loadRegistry().servers.map((record) => ({ params: { id: segment(record.id) }, props: { record } }));
}

export const GET: APIRoute = ({ props }) =>
  new Response(badgeSvg((props as { record: ServerRecord }).record), { headers: { 'Content-Type': 'image/svg+xml' } });
