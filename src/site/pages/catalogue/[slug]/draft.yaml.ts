/**
 * `catalogue/<slug>/draft.yaml`: the draft record a catalogue server's
 * "classify this server" link serves (src/records/catalogue/draft.ts):
 * every tool R4 with suggested effects marked as such, refused by
 * `npm run check` until a person has read the source.
 */
import type { APIRoute } from 'astro';
import { catalogueDraft } from '../../../../records/catalogue/draft.ts';
import { loadCatalogue } from '../../../lib/catalogue.ts';

export function getStaticPaths() {
  return loadCatalogue().map((server) => ({ params: { slug: server.slug }, props: { listing: server.listing } }));
}

export const GET: APIRoute = ({ props }) =>
  new Response(catalogueDraft((props as { listing: Parameters<typeof catalogueDraft>[0] }).listing), {
    headers: { 'Content-Type': 'text/yaml; charset=utf-8' },
  });
