/**
 * A tool's class as the MCP tool fields a client reads (SPEC 7.4):
 * `annotations` (the four hints and SEP-2793's `reversibility`) and `_meta`
 * with the action-metadata object. Shared by `rclass export --format
 * tool-metadata`, the site's API and `rclass proxy --annotate`.
 * Browser-safe.
 */
import {
  ACTION_METADATA_KEY,
  type ActionMetadata,
  type ClassMetadata,
  type EvidenceDocument,
  actionMetadata,
  classMetadata,
  evidenceDocument,
  evidenceRef,
} from './action-metadata.ts';
import type { RegistryDocument, ServerRecord, ToolRecord } from './record.ts';

/** The MCP tool fields that carry a class (SPEC 7.4). */
export interface ToolFields {
  /** The four MCP hints and SEP-2793's `reversibility`. */
  annotations: ClassMetadata['hints'] & { reversibility: ClassMetadata['reversibility'] };
  _meta: { [ACTION_METADATA_KEY]: ActionMetadata };
}

/**
 * The MCP tool fields of one class.
 * @param metadata what `classMetadata` gave for the tool
 * @param ref the action-metadata `evidenceRef`, for a listed tool
 */
function toolFields(metadata: ClassMetadata, ref?: ActionMetadata['evidenceRef']): ToolFields {
  return { annotations: { ...metadata.hints, reversibility: metadata.reversibility }, _meta: { [ACTION_METADATA_KEY]: actionMetadata(metadata, ref) } };
}

/** The fields of a tool no record lists: R4's values, no evidence (SPEC 4.3, 7.4). */
export function unknownToolFields(): ToolFields {
  return toolFields(classMetadata(undefined));
}

/**
 * The fields and evidence document of one listed tool.
 * @param where the evidence document's published address (`ref`) and its schema, when it has one
 */
export async function listedToolFields(
  registry: Pick<RegistryDocument, 'spec_version' | 'release'>,
  record: ServerRecord,
  tool: ToolRecord,
  where: { ref?: string; schema?: string } = {},
): Promise<{ fields: ToolFields; evidence: EvidenceDocument }> {
  const evidence = evidenceDocument(record, tool, registry);
  const metadata = classMetadata({ class: tool.class, disclosure: tool.disclosure === true, egress: tool.egress !== undefined });
  return { fields: toolFields(metadata, await evidenceRef(evidence, where)), evidence };
}
