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

/**
 * The digest of one decision apart from its place in the chain: the SHA-256
 * of its canonical JSON without `seq`, `prev_hash` and `hash` (SPEC 10.2).
 * A decision written to the pending folder keeps this digest when a later
 * append chains it in, so an anchor that recorded it (a pending mark, SPEC
 * 10.3) can tell whether it reached the log, still waits, or was deleted.
 * @param entry a pending record or a log entry
 * @returns 64 lowercase hex characters
 * @throws as `canonicalJson`
 */
export function decisionDigest(entry: Readonly<Record<string, unknown>>): string {
  const { hash: _hash, seq: _seq, prev_hash: _prev, ...rest } = entry;
  return sha256Hex(canonicalJson(rest));
}
