/**
 * Build step: the static site with its search index. Filled in with the site.
 */

/** Build the site; returns the number of pages written. */
export async function buildSite(): Promise<{ pages: number }> {
  return { pages: 0 };
}
