/**
 * The catalogue as the site sees it (issue 25 item 4): the listings of
 * `catalogue/<registry>/*.json` (written by `npm run catalogue`), each tool
 * with the suggestion its own definition gives (SPEC 13). Not records: the
 * site shows them in their own section, never among the servers, the
 * totals, the search's server filter or the exports. Read once per build.
 */
import { suggestEffects, type ToolSuggestion } from '../../core/suggest/suggest.ts';
import { catalogueSlug } from '../../records/catalogue/slug.ts';
import { readListings } from '../../records/catalogue/store.ts';
import type { CatalogueListing, CatalogueTool } from '../../records/catalogue/types.ts';
import { fromRoot } from './paths.ts';

/** One catalogue tool with its suggestion and its description as text (empty when it has none). */
interface CatalogueToolView {
  tool: CatalogueTool;
  description: string;
  suggestion: ToolSuggestion;
}

/** One catalogue server for the pages. */
export interface CatalogueServer {
  slug: string;
  listing: CatalogueListing;
  tools: CatalogueToolView[];
}

let cached: CatalogueServer[] | undefined;

/** Every catalogue server, most used first (npm by downloads, then PyPI by rank), memoised for the build. */
export function loadCatalogue(): CatalogueServer[] {
  cached ??= readListings(fromRoot())
    .map((listing) => ({
      slug: `${listing.registry}-${catalogueSlug(listing.name)}`,
      listing,
      tools: listing.tools.map((tool) => ({
        tool,
        description: typeof tool.description === 'string' ? tool.description : '',
        suggestion: suggestEffects(tool),
      })),
    }))
    .sort((a, b) =>
      a.listing.registry !== b.listing.registry
        ? a.listing.registry === 'npm'
          ? -1
          : 1
        : a.listing.registry === 'npm'
          ? b.listing.figure - a.listing.figure
          : a.listing.figure - b.listing.figure,
    );
  return cached;
}
