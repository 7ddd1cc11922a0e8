/**
 * Tool fingerprints (SPEC 5.2.1): the SHA-256 of the canonical JSON
 * (src/core/canonical-json.ts) of `{description, inputSchema, annotations}`
 * exactly as a server lists a tool in `tools/list`, members it leaves out
 * left out. A record stores the fingerprint each tool had at its pinned
 * release; `rclass scan` and `npm run refresh` compare a live tool's
 * fingerprint with it, so a tool that keeps its name but changes what it
 * says it does (its description, arguments or hints) is noticed.
 *
 * Browser-safe: the digest is Web Crypto's `crypto.subtle.digest('SHA-256')`
 * (global in browsers and in Node 20), hence asynchronous.
 */
import { canonicalJson } from './canonical-json.ts';

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
 * The fingerprint of a tool definition (SPEC 5.2.1).
 * @param definition what {@link toolDefinition} took from the listed tool
 * @returns 64 lowercase hex characters, or null when the definition has no canonical JSON (nested deeper than 512 levels, or not JSON)
 */
export async function toolFingerprint(definition: ToolDefinition): Promise<string | null> {
  let text: string;
  try {
    text = canonicalJson(definition);
  } catch {
    return null;
  }
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
