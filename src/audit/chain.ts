/**
 * The hash chain of the audit log (SPEC 10.2): the first `prev_hash`, the
 * digest shape, and the hash of one log entry over its canonical JSON
 * (`src/node/digest.ts`). Node-only.
 */
import { canonicalJson, sha256Hex } from '../node/digest.ts';

/** The `prev_hash` of the first line: 64 zeros (SPEC 10.2). */
export const GENESIS_HASH = '0'.repeat(64);

/** A lowercase hex SHA-256 digest, 64 characters. */
export function isSha256Hex(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}

/**
 * The `hash` of one log entry: the SHA-256 of its canonical JSON without
 * the `hash` member, `prev_hash` included (SPEC 10.2).
 * @param entry the entry as written (a `hash` member, if present, is ignored)
 * @throws as `canonicalJson`
 */
export function entryHash(entry: Readonly<Record<string, unknown>>): string {
  const { hash: _hash, ...rest } = entry;
  return sha256Hex(canonicalJson(rest));
}
