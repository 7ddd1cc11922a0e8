/**
 * Registry URLs as npm compares them (SPEC 6.3). Its own file, without the
 * YAML parser of `mappings.ts`, because identifying a server needs it and
 * the hook must not load YAML unless a mapping file exists (issue 14).
 * Browser-safe.
 */

/**
 * A registry or index URL as npm compares it: parsed, with one trailing slash.
 * @returns the normalised URL, or undefined when it is not an https URL without userinfo, query or fragment
 */
export function normaliseRegistryUrl(raw: string): string | undefined {
  if (/[\s\\]/.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return undefined;
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}
