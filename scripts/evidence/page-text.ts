/**
 * The text of a vendor's documentation page, as `npm run evidence` searches
 * it for a record's quotes (SPEC 5.1): HTML parsed with parse5, the text of
 * `script`, `style`, `template` and `noscript` left out, tags removed (a
 * block element's boundary counts as a space, an inline one's as nothing),
 * character references decoded by the parser; a page served as plain text or
 * Markdown is taken as it is. Either way the text is NFC-normalised and its
 * whitespace collapsed to single spaces, as a quote is before it is sought.
 */
import { type DefaultTreeAdapterMap, parse } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];

/** Elements whose content is not text a reader sees. */
const HIDDEN = new Set(['script', 'style', 'template', 'noscript', 'head']);

/** Elements that are not block boundaries: their text runs on into their neighbours'. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
]);

/**
 * Collapse whitespace and normalise a text the way quotes and pages are compared.
 * @returns the text in Unicode NFC, every run of whitespace one space, trimmed
 */
export function collapse(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/**
 * The visible text of a page.
 * @param body the page as served
 * @param contentType the `Content-Type` it was served with (empty when none)
 * @returns the collapsed text ({@link collapse})
 */
export function pageText(body: string, contentType: string): string {
  const html = /html/i.test(contentType) || (contentType === '' && /^\s*</.test(body));
  if (!html) return collapse(body);
  const parts: string[] = [];
  const walk = (node: Node): void => {
    if (node.nodeName === '#text') {
      parts.push((node as DefaultTreeAdapterMap['textNode']).value);
      return;
    }
    if (HIDDEN.has(node.nodeName)) return;
    const block = 'tagName' in node && !INLINE.has(node.nodeName);
    if (block) parts.push(' ');
    for (const child of 'childNodes' in node ? node.childNodes : []) walk(child);
    if (block) parts.push(' ');
  };
  walk(parse(body));
  return collapse(parts.join(''));
}
