/**
 * The registry as the playground downloads it: `registry.json` without what
 * the classifier never reads and the playground never shows (server
 * descriptions, gates, MCP annotations, gate membership, tool fingerprints,
 * evidence excerpts, provenance notes).
 * Fields are removed by name, so anything the classifier may read later is
 * kept by default; the end-to-end tests check that the slimmed document
 * classifies every tool exactly as the full one does.
 */
import type { RegistryDocument, ServerRecord, ToolRecord } from '../../core/record.ts';

/** Record fields the playground drops. */
const RECORD_FIELDS_DROPPED = ['$schema', 'description', 'gates'] as const;
/** Tool fields the playground drops. */
const TOOL_FIELDS_DROPPED = ['annotations', 'gated_by', 'fingerprint'] as const;
/** Provenance fields the playground keeps (the status must be shown with a class, SPEC 5.1; documentation marks a class taken from the vendor's pages, which the classifier reports as its basis). */
const PROVENANCE_KEPT = ['status', 'commit', 'release', 'last_verified', 'documentation'] as const;

function slimTool(tool: ToolRecord): ToolRecord {
  const copy: Record<string, unknown> = { ...tool };
  for (const field of TOOL_FIELDS_DROPPED) delete copy[field];
  // The quoted source lines (SPEC 5.2) are shown on tool pages only: about a fifth of registry.json.
  const { excerpt: _excerpt, ...evidence } = tool.evidence;
  copy.evidence = evidence;
  return copy as unknown as ToolRecord;
}

function slimRecord(record: ServerRecord): ServerRecord {
  const copy: Record<string, unknown> = { ...record };
  for (const field of RECORD_FIELDS_DROPPED) delete copy[field];
  const provenance: Record<string, unknown> = {};
  for (const field of PROVENANCE_KEPT) if (record.provenance[field] !== undefined) provenance[field] = record.provenance[field];
  copy.provenance = provenance;
  copy.tools = record.tools.map(slimTool);
  return copy as unknown as ServerRecord;
}

/**
 * The slimmed registry document. The result is still read with
 * `Registry.fromDocument`; it is not valid against the registry schema,
 * which requires the dropped fields.
 * @param document the full registry document (SPEC 5.8)
 */
export function slimRegistry(document: RegistryDocument): RegistryDocument {
  return { ...document, servers: document.servers.map(slimRecord) };
}
