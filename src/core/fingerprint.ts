/**
 * Tool fingerprints (SPEC 5.2.1, algorithm `rc-def-v2`): the SHA-256 of the
 * canonical JSON (src/core/canonical-json.ts) of the normal form
 * (src/core/definition-normal.ts) of `{description, inputSchema,
 * annotations}` as a server lists a tool in `tools/list`, members it leaves
 * out left out. The normal form keeps what a tool does and takes and drops
 * what the server's resolved dependencies write differently. A record stores the fingerprint each tool had at its pinned
 * release; `rclass scan` and `npm run refresh` compare a live tool's
 * fingerprint with it, so a tool that keeps its name but changes what it
 * says it does (its description, arguments or hints) is noticed.
 *
 * Browser-safe: the digest is Web Crypto's `crypto.subtle.digest('SHA-256')`
 * (global in browsers and in Node 20), hence asynchronous.
 */
import { canonicalJson } from './canonical-json.ts';
import { FINGERPRINT_ALGORITHM, normalDefinition } from './definition-normal.ts';
import type { ServerRecord } from './record.ts';

export { FINGERPRINT_ALGORITHM };

/** The parts of a listed tool a fingerprint covers. */
export interface ToolDefinition {
  description?: unknown;
  inputSchema?: unknown;
  annotations?: unknown;
}

/**
 * The definition a fingerprint covers, taken from one tool of a
 * `tools/list` reply (any other member, `name` included, is ignored).
 * @param tool one element of `tools` as the server sent it
 */
export function toolDefinition(tool: unknown): ToolDefinition {
  const source = tool !== null && typeof tool === 'object' ? (tool as Record<string, unknown>) : {};
  const definition: ToolDefinition = {};
  if (source.description !== undefined) definition.description = source.description;
  if (source.inputSchema !== undefined) definition.inputSchema = source.inputSchema;
  if (source.annotations !== undefined) definition.annotations = source.annotations;
  return definition;
}

/**
 * The fingerprint of a tool definition (SPEC 5.2.1): SHA-256 of the
 * canonical JSON of its `rc-def-v2` normal form, which names the algorithm,
 * so no definition has the fingerprint an earlier algorithm gave it.
 * @param definition what {@link toolDefinition} took from the listed tool
 * @returns 64 lowercase hex characters, or null when the definition has no canonical JSON (not JSON)
 */
export async function toolFingerprint(definition: ToolDefinition): Promise<string | null> {
  let text: string;
  try {
    text = canonicalJson(normalDefinition(definition));
  } catch {
    return null;
  }
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether a record's fingerprints were computed by this code's algorithm
 * (SPEC 5.2.1), so a live fingerprint can be compared with them. A record
 * whose `provenance.live_listing` names no algorithm or another one (an
 * older registry document) is compared by tool name only.
 */
export function fingerprintsComparable(record: Pick<ServerRecord, 'provenance'>): boolean {
  const listing = record.provenance.live_listing;
  return listing !== undefined && 'algorithm' in listing && listing.algorithm === FINGERPRINT_ALGORITHM;
}
