/**
 * Canonical JSON (SPEC 10.1, 10.2): what RFC 8785 (JCS) produces for the
 * values a log or a tool definition holds: object keys sorted by UTF-16
 * code units, no whitespace, strings and numbers written as
 * `JSON.stringify` writes them, `undefined` members left out.
 * Browser-safe: the audit log (through src/node/digest.ts) and tool
 * fingerprints (src/core/fingerprint.ts) share it.
 */

/** Deepest nesting {@link canonicalJson} accepts; deeper values throw rather than overflow the stack. */
export const MAX_CANONICAL_DEPTH = 512;

/**
 * Canonical JSON of a JSON value (SPEC 10.1, 10.2).
 * @param value a value made of objects, arrays, strings, finite numbers, booleans and null
 * @returns the canonical text
 * @throws TypeError for a value JSON cannot hold at the top level (undefined, a function, a bigint);
 *   RangeError when nested deeper than {@link MAX_CANONICAL_DEPTH}
 */
export function canonicalJson(value: unknown): string {
  const text = write(value, 0);
  if (text === undefined) throw new TypeError('the value has no JSON form');
  return text;
}

function write(value: unknown, depth: number): string | undefined {
  if (depth > MAX_CANONICAL_DEPTH) throw new RangeError(`the value is nested deeper than ${MAX_CANONICAL_DEPTH} levels`);
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'bigint':
      throw new TypeError('a bigint has no JSON form');
    case 'object': {
      if (Array.isArray(value)) {
        return `[${value.map((item) => write(item, depth + 1) ?? 'null').join(',')}]`;
      }
      const source = value as Record<string, unknown>;
      const json = (source as { toJSON?: unknown }).toJSON;
      if (typeof json === 'function') return write((json as () => unknown).call(source), depth + 1);
      const parts: string[] = [];
      for (const key of Object.keys(source).sort()) {
        const item = write(source[key], depth + 1);
        if (item !== undefined) parts.push(`${JSON.stringify(key)}:${item}`);
      }
      return `{${parts.join(',')}}`;
    }
    default:
      return undefined;
  }
}
