/**
 * SVG badges per server for READMEs, in the flat two-part style of
 * shields.io: a grey label (the record id) and a value in the colour of the
 * record's worst class, `R4 3/14` (tools of the worst class / all tools).
 * Text widths are estimated from per-character advances of Verdana 11 px
 * (the font shields.io badges use), so no font has to be measured at build time.
 */
import { CLASS_NAMES } from '../../core/classes.ts';
import { countClasses, worstClass, type ServerRecord } from './registry.ts';
import { badgePath, serverPath } from './urls.ts';

/** Badge colours per class: the light theme's solid colours, white text passes 4.5:1 on each but R2's, which uses dark text. */
const FILL = { R0: '#15803d', R1: '#1d4ed8', R2: '#facc15', R3: '#c2410c', R4: '#b91c1c' } as const;
const TEXT = { R0: '#fff', R1: '#fff', R2: '#1b1b1a', R3: '#fff', R4: '#fff' } as const;

/** Approximate advance of one character in Verdana 11 px, in px. */
function advance(ch: string): number {
  if (/[il.,:;'|!]/.test(ch)) return 3.5;
  if (/[fjrt\-/ ()]/.test(ch)) return 4.8;
  if (/[mwMW]/.test(ch)) return 10.5;
  if (/[A-Z0-9]/.test(ch)) return 7.6;
  return 6.6;
}

function textWidth(text: string): number {
  return Math.ceil([...text].reduce((sum, ch) => sum + advance(ch), 0));
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The value a record's badge shows: `R4 3/14`. */
function badgeValue(record: ServerRecord): string {
  const worst = worstClass(record);
  return `${worst} ${countClasses(record)[worst]}/${record.tools.length}`;
}

/**
 * The SVG badge of one record.
 * @returns a standalone SVG document with a `<title>` for screen readers
 */
export function badgeSvg(record: ServerRecord): string {
  const worst = worstClass(record);
  const label = record.id;
  const value = badgeValue(record);
  const lw = textWidth(label) + 12;
  const vw = textWidth(value) + 12;
  const title = `${record.id}: ${countClasses(record)[worst]} of ${record.tools.length} tools ${worst} ${CLASS_NAMES[worst]}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${lw + vw}" height="20" role="img" aria-label="${escapeXml(title)}">` +
    `<title>${escapeXml(title)}</title>` +
    `<rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${vw}" height="20" fill="${FILL[worst]}"/>` +
    `<g font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">` +
    `<text x="${lw / 2}" y="14" fill="#fff">${escapeXml(label)}</text>` +
    `<text x="${lw + vw / 2}" y="14" fill="${TEXT[worst]}">${escapeXml(value)}</text></g></svg>\n`
  );
}

/**
 * The Markdown that shows a record's badge, linked to its page.
 * @param site absolute address of the site root, ending in `/`
 */
export function badgeMarkdown(record: ServerRecord, site: string): string {
  return `[![${record.id}: ${badgeValue(record)}](${site}${badgePath(record.id)})](${site}${serverPath(record.id)})`;
}
