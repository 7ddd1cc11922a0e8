/**
 * `rclass export --format tool-metadata` (SPEC 7.4): every tool's class as
 * the `annotations` and `_meta` a proxy or gateway can put on the tool, with
 * the evidence document its `evidenceRef` digests. Browser-safe.
 */
import type { EvidenceDocument } from '../core/action-metadata.ts';
import type { RegistryDocument } from '../core/record.ts';
import { listedToolFields, type ToolFields, unknownToolFields } from '../core/tool-fields.ts';

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
