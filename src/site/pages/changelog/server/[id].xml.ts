/**
 * `changelog/server/<id>.xml`: the class changes of one server as an Atom
 * feed (lib/atom.ts), one entry per release, newest first. Every record has
 * one, so a reader can subscribe before the first change; the server's page
 * names it with `<link rel="alternate">`.
 */
import type { APIRoute } from 'astro';
import { atomFeed, atomResponse } from '../../../lib/atom.ts';
import { serverChangelogPath, serverFeedPath, serverReleases } from '../../../lib/changelog.ts';
import { loadRegistry, type ServerRecord } from '../../../lib/registry.ts';
import { segment, siteRoot } from '../../../lib/urls.ts';

export function getStaticPaths() {
  return loadRegistry().servers.map((record) => ({ params: { id: segment(record.id) }, props: { record } }));
}

export const GET: APIRoute = ({ props, site }) => {
  const { record } = props as { record: ServerRecord };
  return atomResponse(
    atomFeed(
      {
        root: siteRoot(site),
        title: `Reversibility Classes: class changes of ${record.name}`,
        subtitle: `Every change of a Reversibility Class of the ${record.id} record, with why: one entry per release.`,
        self: serverFeedPath(record.id),
        alternate: serverChangelogPath(record.id),
        fallbackDate: record.provenance.last_verified,
      },
      serverReleases().filter((release) => release.server === record.id),
    ),
  );
};
