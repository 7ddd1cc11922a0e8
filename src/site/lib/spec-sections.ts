/**
 * The anchor scheme of the rendered specification. One scheme, kept stable:
 * section `5.4.1` lives at `/spec/#section-5-4-1`. Other pages, the registry
 * and issue forms link to sections through these helpers only.
 */

/**
 * The HTML id of a numbered SPEC section.
 * @param section a section number such as `"5.4.1"` or `"7"` (a trailing dot is ignored)
 * @returns `section-5-4-1`
 * @throws Error when `section` is not dot-separated digits
 */
export function sectionId(section: string): string {
  const clean = section.trim().replace(/\.$/, '');
  if (!/^\d+(\.\d+)*$/.test(clean)) throw new Error(`not a section number: \`${section}\``);
  return `section-${clean.replaceAll('.', '-')}`;
}
