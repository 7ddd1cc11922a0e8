/**
 * A rehype plugin for the Markdown the site renders (SPEC.md, CONTRIBUTING.md).
 *
 * - A heading that starts with a section number gets a stable id:
 *   `5.4.1 Read-only SQL` → `section-5-4-1` (see {@link sectionId}). Ids do not
 *   depend on the heading's wording, so renaming a section keeps its links.
 * - A numbered heading ends with a small `#` link to itself, so readers can
 *   copy the address of a section.
 * - Prose references such as "section 5.4", "(section 4.3)" or "SPEC 7.2"
 *   become links: within SPEC.md to the section when it exists, elsewhere
 *   to the rendered specification (`../spec/#section-7-2`).
 *
 * - Code blocks and tables that can scroll sideways are focusable, so a
 *   keyboard can scroll them.
 *
 * It walks the HAST tree by hand, so it needs no dependency of its own.
 */
import { sectionId } from './spec-sections.ts';

interface HastText {
  type: 'text';
  value: string;
}
interface HastElement {
  type: 'element';
  tagName: string;
  properties?: Record<string, unknown>;
  children: HastNode[];
}
interface HastOther {
  type: string;
  children?: HastNode[];
  value?: string;
}
type HastNode = HastText | HastElement | HastOther;
interface HastRoot {
  type: 'root';
  children: HastNode[];
}

const HEADING = /^h[1-6]$/;
const NUMBERED = /^(\d+(?:\.\d+)*)\.?\s/;
const REFERENCE = /\b(sections?|SPEC)\s+(\d+(?:\.\d+)*)/g;
const NO_LINKS_INSIDE = new Set(['a', 'code', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

function isElement(node: HastNode): node is HastElement {
  return node.type === 'element';
}

function textOf(node: HastNode): string {
  if (node.type === 'text') return (node as HastText).value;
  const children = (node as HastOther).children;
  return children === undefined ? '' : children.map(textOf).join('');
}

function eachElement(node: HastNode | HastRoot, visit: (element: HastElement) => void): void {
  if (isElement(node as HastNode)) visit(node as HastElement);
  const children = (node as HastOther).children;
  if (children !== undefined) for (const child of children) eachElement(child, visit);
}

function linkReferences(node: HastNode | HastRoot, known: ReadonlySet<string> | undefined, href: (id: string) => string): void {
  const children = (node as HastOther).children;
  if (children === undefined) return;
  const next: HastNode[] = [];
  for (const child of children) {
    if (child.type === 'text') {
      next.push(...splitReferences((child as HastText).value, known, href));
    } else {
      if (!(isElement(child) && NO_LINKS_INSIDE.has(child.tagName))) linkReferences(child, known, href);
      next.push(child);
    }
  }
  (node as HastOther).children = next;
}

function splitReferences(value: string, known: ReadonlySet<string> | undefined, href: (id: string) => string): HastNode[] {
  const out: HastNode[] = [];
  let last = 0;
  for (const match of value.matchAll(REFERENCE)) {
    const id = sectionId(match[2]!);
    if (known !== undefined && !known.has(id)) continue;
    const start = match.index;
    if (start > last) out.push({ type: 'text', value: value.slice(last, start) });
    out.push({ type: 'element', tagName: 'a', properties: { href: href(id) }, children: [{ type: 'text', value: match[0] }] });
    last = start + match[0].length;
  }
  if (last < value.length) out.push({ type: 'text', value: value.slice(last) });
  return out.length === 0 ? [{ type: 'text', value }] : out;
}

/**
 * Blocks that may scroll sideways on a narrow screen must be reachable by
 * keyboard (WCAG 2.1.1): code blocks get `tabindex="0"`, and each table is
 * wrapped in a focusable, labelled region that scrolls instead of the page.
 */
function makeScrollersFocusable(node: HastNode | HastRoot): void {
  const children = (node as HastOther).children;
  if (children === undefined) return;
  children.forEach((child, index) => {
    if (!isElement(child)) return;
    if (child.tagName === 'pre') {
      child.properties = { ...child.properties, tabIndex: 0 };
      return;
    }
    if (child.tagName === 'table') {
      const headers: string[] = [];
      eachElement(child, (cell) => {
        if (cell.tagName === 'th') headers.push(textOf(cell).trim());
      });
      children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['table-wrap'], tabIndex: 0, role: 'region', ariaLabel: headers.length > 0 ? `Table: ${headers.join(', ')}` : 'Table' },
        children: [child],
      };
      return;
    }
    makeScrollersFocusable(child);
  });
}

/**
 * The rehype plugin (no options). Astro runs it before its own heading-id
 * pass, which keeps ids that are already set.
 */
export function rehypeSpecAnchors() {
  return (tree: HastRoot, file: { path?: string; history?: string[] }) => {
    const path = file.path ?? file.history?.[0] ?? '';
    const known = new Set<string>();
    eachElement(tree, (element) => {
      if (!HEADING.test(element.tagName)) return;
      const match = NUMBERED.exec(textOf(element).trim());
      if (match === null) return;
      const id = sectionId(match[1]!);
      element.properties = { ...element.properties, id };
      known.add(id);
      // A visible self-link after the heading text; the heading's accessible
      // name stays the section title because the link is labelled separately.
      element.children.push(
        { type: 'text', value: ' ' },
        {
          type: 'element',
          tagName: 'a',
          properties: { href: `#${id}`, className: ['heading-anchor'], ariaLabel: `Link to section ${match[1]}` },
          children: [{ type: 'text', value: '#' }],
        },
      );
    });
    // In SPEC.md, link to sections of the same page that exist. Elsewhere
    // (CONTRIBUTING.md, rendered at /contributing/), link to the spec page;
    // the site's link test checks that those anchors exist.
    if (path.endsWith('SPEC.md')) linkReferences(tree, known, (id) => `#${id}`);
    else linkReferences(tree, undefined, (id) => `../spec/#${id}`);
    makeScrollersFocusable(tree);
  };
}
