/**
 * Digests and canonical JSON (SPEC 10.1, 10.2): the SHA-256 of a string,
 * the canonical JSON of a value, and the digest of a value's canonical JSON.
 *
 * Canonical JSON here is what RFC 8785 (JCS) produces for the values a log
 * holds: object keys sorted by UTF-16 code units, no whitespace, strings and
 * numbers written as `JSON.stringify` writes them, `undefined` members left
 * out. Node-only (`node:crypto`).
 */
import { createHash } from 'node:crypto';

/** Deepest nesting {@link canonicalJson} accepts; deeper values throw rather than overflow the stack. */
export const MAX_CANONICAL_DEPTH = 512;

/**
 * SHA-256 of a UTF-8 string.
 * @returns 64 lowercase hex characters
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

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

/**
 * The SHA-256 of a value's canonical JSON, as `args_sha256` records the
 * arguments of a call without keeping them (SPEC 10.1).
 * @returns 64 hex characters, or null when the value has no canonical form (too deep, or not JSON)
 */
export function digestOf(value: unknown): string | null {
  try {
    return sha256Hex(canonicalJson(value));
  } catch {
    return null;
  }
}
