/**
 * The Atom feeds of class changes (RFC 4287): `changelog.xml` for the whole
 * registry and `changelog/server/<id>.xml` for one server. One entry is one
 * server's changes in one release (issue 27 item 7), so a release that
 * changes 236 tools of one server is one entry for that server, not one per
 * tool or one for the whole day. Written by hand: the feed has one fixed
 * shape and every text goes through {@link escapeXml}.
 */
import { changeSummary, releaseOfDay, serverChangelogPath, type ServerRelease } from './changelog.ts';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** RFC 4287 wants full date-times; a day's changes are dated at its midnight UTC. */
function stamp(date: string): string {
  return `${date}T00:00:00Z`;
}

/** What one feed is about. */
export interface FeedHead {
  /** Absolute address of the site root, ending in `/`. */
  root: string;
  title: string;
  subtitle: string;
  /** Site paths (relative to the root) of the feed itself and of the page it mirrors. */
  self: string;
  alternate: string;
  /** `YYYY-MM-DD` used for `<updated>` when the feed has no entry (the day of the data release). */
  fallbackDate: string;
}

/** The address of a server's release on its changelog page, which is also the entry's id. */
function entryUrl(root: string, release: ServerRelease): string {
  return `${root}${serverChangelogPath(release.server)}#d-${release.date}`;
}

/**
 * One Atom document.
 * @param releases the entries, newest first (lib/changelog.ts `serverReleases`)
 * @returns the XML text, UTF-8, ending in a newline
 */
export function atomFeed(head: FeedHead, releases: readonly ServerRelease[]): string {
  const entries = releases.map((release) => {
    const url = entryUrl(head.root, release);
    const n = release.changes.length;
    const items = release.changes
      .map((change) => `<li><code>${escapeXml(change.tool)}</code>: ${escapeXml(changeSummary(change))}. ${escapeXml(change.why)}</li>`)
      .join('');
    return [
      '  <entry>',
      `    <id>${escapeXml(url)}</id>`,
      `    <title>${escapeXml(`${release.server}: ${n} class ${n === 1 ? 'change' : 'changes'} in release ${releaseOfDay(release.date)}`)}</title>`,
      `    <updated>${stamp(release.date)}</updated>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <category term="${escapeXml(release.server)}"/>`,
      `    <content type="html">${escapeXml(`<ul>${items}</ul>`)}</content>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(`${head.root}${head.alternate}`)}</id>`,
    `  <title>${escapeXml(head.title)}</title>`,
    `  <subtitle>${escapeXml(head.subtitle)}</subtitle>`,
    `  <updated>${stamp(releases[0]?.date ?? head.fallbackDate)}</updated>`,
    '  <author><name>Reversibility Classes maintainers</name></author>',
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${head.root}${head.self}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${head.root}${head.alternate}`)}"/>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** An Atom document as the site serves it. */
export function atomResponse(xml: string): Response {
  return new Response(xml, { headers: { 'Content-Type': 'application/atom+xml' } });
}
