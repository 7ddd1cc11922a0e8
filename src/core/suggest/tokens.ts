/**
 * Words of a tool's name and description, for the suggester (SPEC 13).
 * Browser-safe.
 */

/** Most characters of a description read; the rest is ignored. */
const DESCRIPTION_MAX = 4000;

/**
 * The lowercase words of a tool name: split at `_`, `-`, `.`, `/`, spaces and
 * camel-case humps (`listPullRequests` → list, pull, requests).
 * @param name the tool's name as `tools/list` gives it
 * @returns the words in order, digits kept as their own words, empty for an empty name
 */
export function nameWords(name: string): string[] {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
  return spaced
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/**
 * The lowercase words of a description, at most its first
 * {@link DESCRIPTION_MAX} characters; anything that is not a string gives none.
 * @param description the tool's `description`, as sent
 */
export function descriptionWords(description: unknown): string[] {
  if (typeof description !== 'string') return [];
  return description
    .slice(0, DESCRIPTION_MAX)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/**
 * The property names of an input schema's top level, lowercased words each,
 * with the JSON type each declares (`string`, `object`, … or `unknown`).
 * Anything that is not an object schema gives none.
 * @param inputSchema the tool's `inputSchema`, as sent
 */
export function schemaProperties(inputSchema: unknown): { name: string; words: string[]; type: string }[] {
  if (inputSchema === null || typeof inputSchema !== 'object') return [];
  const properties = (inputSchema as { properties?: unknown }).properties;
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return [];
  return Object.entries(properties as Record<string, unknown>)
    .slice(0, 200)
    .map(([name, value]) => {
      const type = value !== null && typeof value === 'object' ? (value as { type?: unknown }).type : undefined;
      return { name, words: nameWords(name), type: typeof type === 'string' ? type : 'unknown' };
    });
}
