/**
 * The original file a source map embeds (SPEC 5.2): a package that ships
 * its code bundled or minified cites a tool in the original source its
 * bundler read, which the published `.map` file carries in `sourcesContent`
 * (Source Map revision 3: `sources[i]` names the file, `sourcesContent[i]`
 * holds its text). The map is a file of the same integrity-pinned archive.
 */

/** The embedded file's text, or why it cannot be had. */
export type Embedded = { kind: 'found'; bytes: Buffer } | { kind: 'not-a-map' } | { kind: 'not-embedded'; sources: string[] };

/**
 * Find `source` among a source map's `sources` and return its embedded text.
 * @param map the `.map` file's bytes (UTF-8 JSON)
 * @param source the `sources` entry, written exactly as in the map
 * @returns the text; `not-a-map` when the bytes are not a JSON object with a
 *   `sources` list; `not-embedded` (with the map's sources, for the message)
 *   when no entry equals `source` or its `sourcesContent` entry is not text
 */
export function embeddedSource(map: Buffer, source: string): Embedded {
  let parsed: unknown;
  try {
    parsed = JSON.parse(map.toString('utf8'));
  } catch {
    return { kind: 'not-a-map' };
  }
  if (parsed === null || typeof parsed !== 'object' || !Array.isArray((parsed as { sources?: unknown }).sources)) return { kind: 'not-a-map' };
  const { sources, sourcesContent } = parsed as { sources: unknown[]; sourcesContent?: unknown };
  const named = sources.filter((entry): entry is string => typeof entry === 'string');
  const index = sources.indexOf(source);
  const text = index >= 0 && Array.isArray(sourcesContent) ? sourcesContent[index] : undefined;
  return typeof text === 'string' ? { kind: 'found', bytes: Buffer.from(text, 'utf8') } : { kind: 'not-embedded', sources: named };
}
