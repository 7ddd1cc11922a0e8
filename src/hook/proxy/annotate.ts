/**
 * `rclass proxy --annotate`: each tool a `tools/list` result lists gets the
 * MCP fields its registry class gives (SPEC 7.4) in place of the server's
 * own hints, which stay, for display, under {@link SERVER_DECLARED_KEY}.
 * A tool the record does not list, a server rclass cannot tie to a record,
 * and any error get R4's fields (SPEC 4.3, 4.4). Node-only (the proxy).
 */
import { ACTION_METADATA_KEY } from '../../core/action-metadata.ts';
import { Classifier } from '../../core/classify.ts';
import { messageOf } from '../../core/errors.ts';
import type { Registry } from '../../core/registry.ts';
import { listedToolFields, type ToolFields, unknownToolFields } from '../../core/tool-fields.ts';
import type { ServerVersion } from '../../core/version.ts';

/** The `_meta` key under which a tool keeps what its server declared: `{annotations, "io.modelcontextprotocol/action-metadata"?}`. */
const SERVER_DECLARED_KEY = 'com.twomuchlabs.reversibility/server-declared';

/** The four hints and SEP-2793's member, which the registry's fields replace; other members (`title`) stay. */
const REPLACED = new Set(['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint', 'reversibility']);

/** Where the listed tools' classes come from: a record, or nothing (every tool R4). */
export type AnnotationSource = { registry: Registry; recordId: string; version: ServerVersion } | undefined;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The fields of one listed tool: its record's, unless the record does not
 * list it or the pinned release runs another server (SPEC 5.3), which the
 * classifier reports as `unknown`; then R4's.
 */
async function fieldsOf(source: AnnotationSource, name: string): Promise<ToolFields> {
  if (source === undefined) return unknownToolFields();
  const server = source.registry.server(source.recordId);
  const tool = server?.tools.get(name);
  if (server === undefined || tool === undefined) return unknownToolFields();
  const checked = await new Classifier(source.registry).checkAsync(source.recordId, name, {}, { serverVersion: source.version });
  if (checked.source === 'unknown') return unknownToolFields();
  return (await listedToolFields(source.registry.document, server.record, tool)).fields;
}

/**
 * One tool as the proxy lists it: the registry's hints and action metadata,
 * the server's `title` kept, and what the server declared under
 * {@link SERVER_DECLARED_KEY}.
 */
function annotated(tool: Record<string, unknown>, fields: ToolFields): Record<string, unknown> {
  const declared = isObject(tool.annotations) ? tool.annotations : undefined;
  const meta = isObject(tool._meta) ? tool._meta : {};
  const kept = Object.fromEntries(Object.entries(declared ?? {}).filter(([key]) => !REPLACED.has(key)));
  const serverDeclared: Record<string, unknown> = { annotations: declared ?? null };
  if (meta[ACTION_METADATA_KEY] !== undefined) serverDeclared[ACTION_METADATA_KEY] = meta[ACTION_METADATA_KEY];
  return {
    ...tool,
    annotations: { ...kept, ...fields.annotations },
    _meta: { ...meta, ...fields._meta, [SERVER_DECLARED_KEY]: serverDeclared },
  };
}

/**
 * Rewrite a `tools/list` result's tools (SPEC 7.4). Anything that is not a
 * tool object is left as it is; a result without a `tools` array is
 * returned unchanged.
 * @param result the server's `tools/list` result
 * @param source the record the server was identified as, or undefined
 * @param note writes one line to stderr (why a tool got R4's fields after an error)
 * @returns a new result; the input is not changed
 */
export async function annotateToolList(
  result: Record<string, unknown>,
  source: AnnotationSource,
  note: (line: string) => void,
): Promise<Record<string, unknown>> {
  if (!Array.isArray(result.tools)) return result;
  const tools: unknown[] = [];
  for (const tool of result.tools) {
    if (!isObject(tool)) {
      tools.push(tool);
      continue;
    }
    let fields: ToolFields;
    try {
      fields = await fieldsOf(source, typeof tool.name === 'string' ? tool.name : '');
    } catch (error) {
      note(`rclass: annotating a listed tool failed, so it is listed as R4: ${messageOf(error)}`);
      fields = unknownToolFields();
    }
    tools.push(annotated(tool, fields));
  }
  return { ...result, tools };
}
