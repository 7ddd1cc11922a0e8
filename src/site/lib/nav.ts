/**
 * The site navigation. The playground slot appears by itself once a page
 * exists under `src/site/pages/playground/`; until then it is left out, so
 * no link points at a page that is not there.
 */

/** One navigation entry; `path` is relative to the site root. */
export interface NavItem {
  label: string;
  path: string;
}

const playgroundPages = import.meta.glob('../pages/playground/**/*.{astro,md,mdx,html}');

/** The entries of the main navigation, in order. */
export function navItems(): NavItem[] {
  const items: NavItem[] = [
    { label: 'Specification', path: 'spec/' },
    { label: 'Servers', path: 'servers/' },
    { label: 'Search', path: 'search/' },
    { label: 'Downloads', path: 'downloads/' },
    { label: 'Contributing', path: 'contributing/' },
  ];
  if (Object.keys(playgroundPages).length > 0) items.splice(3, 0, { label: 'Playground', path: 'playground/' });
  return items;
}
