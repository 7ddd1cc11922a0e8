/**
 * Digests and canonical JSON (SPEC 10.1, 10.2): the SHA-256 of a string,
 * the canonical JSON of a value (re-exported from the browser-safe
 * src/core/canonical-json.ts), and the digest of a value's canonical JSON.
 * Node-only (`node:crypto`).
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../core/canonical-json.ts';

export { MAX_CANONICAL_DEPTH, canonicalJson } from '../core/canonical-json.ts';

/**
 * SHA-256 of a UTF-8 string.
 * @returns 64 lowercase hex characters
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
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
