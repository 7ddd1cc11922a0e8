/**
 * Every tool's class as MCP tool fields (SPEC 7.4): the `annotations` and
 * `_meta` a proxy or gateway can put on the tool, and the evidence document
 * its `evidenceRef` digests. Used by `rclass export --format tool-metadata`,
 * the site's API and `rclass proxy --annotate`. Browser-safe.
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
} from '../core/action-metadata.ts';
import type { RegistryDocument, ServerRecord, ToolRecord } from '../core/record.ts';

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
function unknownToolFields(): ToolFields {
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

/** One tool of `rclass export --format tool-metadata`. */
export interface ExportedToolMetadata extends ToolFields {
  server: string;
  tool: string;
  evidence: EvidenceDocument;
}

/**
 * `rclass export --format tool-metadata`: every tool of the registry with
 * the MCP fields its class gives (SPEC 7.4) and its evidence document, so a
 * consumer can check each `evidenceRef` digest without fetching anything.
 * @returns the document as pretty-printed JSON ending in a newline; tools in record order, then as the record lists them
 */
export async function renderToolMetadata(document: RegistryDocument): Promise<string> {
  const tools: ExportedToolMetadata[] = [];
  for (const record of document.servers) {
    for (const tool of record.tools) {
      const { fields, evidence } = await listedToolFields(document, record, tool);
      tools.push({ server: record.id, tool: tool.name, ...fields, evidence });
    }
  }
  const out = { format_version: 1, spec_version: document.spec_version, release: document.release ?? '', unknown_tool: unknownToolFields(), tools };
  return `${JSON.stringify(out, null, 2)}\n`;
}
