/**
 * Small DOM helpers for the playground's views. Text always goes in as text
 * (never as HTML), so nothing a reader pastes can become markup.
 */

/** Child content: nodes, or strings that become text nodes; null and false are skipped. */
export type Child = Node | string | null | undefined | false;

/**
 * Create an element with attributes and children.
 * @param tag the element name
 * @param attrs attributes; `undefined` values are left out
 * @param children nodes or text
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) if (value !== undefined) node.setAttribute(key, value);
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

/**
 * The element with this id.
 * @throws Error when the page has no such element (a template and script out of step)
 */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (node === null) throw new Error(`the playground page has no #${id}`);
  return node as T;
}
