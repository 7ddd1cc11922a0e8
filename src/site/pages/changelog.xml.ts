/**
 * `changelog.xml`: every class change of the registry as an Atom feed
 * (lib/atom.ts), one entry per server per release, newest first. Each
 * server also has its own feed, `changelog/server/<id>.xml`.
 */
import type { APIRoute } from 'astro';
import { atomFeed, atomResponse } from '../lib/atom.ts';
import { serverReleases } from '../lib/changelog.ts';
import { loadRegistry } from '../lib/registry.ts';
import { siteRoot } from '../lib/urls.ts';

export const GET: APIRoute = ({ site }) => {
  const registry = loadRegistry();
  return atomResponse(
    atomFeed(
      {
        root: siteRoot(site),
        title: 'Reversibility Classes: class changes',
        subtitle: 'Every change of a Reversibility Class in the MCP server registry, with why: one entry per server per release.',
        self: 'changelog.xml',
        alternate: 'changelog/',
        fallbackDate: (registry.release ?? '1970.01.01').replaceAll('.', '-'),
      },
      serverReleases(),
    ),
  );
};
