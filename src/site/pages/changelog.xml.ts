/**
 * `changelog.xml`: the changelog of class changes as an Atom feed (RFC 4287),
 * one entry per day with changes, newest first. Written by hand: the feed has
 * one fixed shape and every text goes through {@link escapeXml}.
 */
import type { APIRoute } from 'astro';
import { changeDays, changeSummary, dayAnchor } from '../lib/changelog.ts';
import { loadRegistry } from '../lib/registry.ts';
import { siteRoot } from '../lib/urls.ts';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export const GET: APIRoute = ({ site }) => {
  const root = siteRoot(site);
  const days = changeDays();
  const registry = loadRegistry();
  // RFC 4287 wants full date-times; a day's changes are dated at its midnight UTC.
  const stamp = (date: string) => `${date}T00:00:00Z`;
  const updated = stamp(days[0]?.date ?? (registry.release ?? '1970.01.01').replaceAll('.', '-'));
  const entries = days.map((day) => {
    const url = `${root}changelog/#${dayAnchor(day.date)}`;
    const items = day.changes
      .map((change) => `<li><code>${escapeXml(`${change.server}/${change.tool}`)}</code>: ${escapeXml(changeSummary(change))}. ${escapeXml(change.why)}</li>`)
      .join('');
    return [
      '  <entry>',
      `    <id>${escapeXml(url)}</id>`,
      `    <title>${escapeXml(`${day.date}: ${day.changes.length} class ${day.changes.length === 1 ? 'change' : 'changes'}`)}</title>`,
      `    <updated>${stamp(day.date)}</updated>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <content type="html">${escapeXml(`<ul>${items}</ul>`)}</content>`,
      '  </entry>',
    ].join('\n');
  });
  const xml = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(`${root}changelog/`)}</id>`,
    '  <title>Reversibility Classes: class changes</title>',
    `  <subtitle>Every change of a Reversibility Class in the MCP server registry, with why.</subtitle>`,
    `  <updated>${updated}</updated>`,
    '  <author><name>Reversibility Classes maintainers</name></author>',
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${root}changelog.xml`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${root}changelog/`)}"/>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
  return new Response(xml, { headers: { 'Content-Type': 'application/atom+xml' } });
};
