/**
 * The read-only JSON API of the site (`api/v1/`), in the style of
 * endoflife.date: the list of servers, one file per server record and one
 * per tool. Each document names the data release and the specification it
 * belongs to and is valid against its schema in `schema/api-*.schema.json`;
 * records and tools are exactly as `registry.json` holds them.
 */
import { CLASSES } from '../../core/classes.ts';
import { listedToolFields } from '../../core/tool-fields.ts';
import { countClasses, worstClass, type RegistryDocument, type ServerRecord, type ToolRecord } from './registry.ts';
import { apiServerPath, apiToolPath, badgePath, serverPath, toolPath } from './urls.ts';

/** Where each API document's schema is published, relative to the site root. */
export const API_SCHEMAS = {
  servers: 'schema/api-servers.schema.json',
  server: 'schema/api-server.schema.json',
  tool: 'schema/api-tool.schema.json',
} as const;

function header(registry: RegistryDocument, schema: string, site: string) {
  return { $schema: `${site}${schema}`, format_version: 1 as const, release: registry.release ?? '', spec_version: registry.spec_version };
}

/**
 * `api/v1/servers.json`: one entry per record with its counts and addresses.
 * @param site absolute address of the site root, ending in `/`
 */
export function serversDocument(registry: RegistryDocument, site: string) {
  return {
    ...header(registry, API_SCHEMAS.servers, site),
    totals: registry.totals,
    servers: registry.servers.map((record) => ({
      id: record.id,
      name: record.name,
      status: record.provenance.status,
      last_verified: record.provenance.last_verified,
      tools: record.tools.length,
      classes: Object.fromEntries(CLASSES.map((c) => [c, countClasses(record)[c]])),
      worst: worstClass(record),
      api: `${site}${apiServerPath(record.id)}`,
      page: `${site}${serverPath(record.id)}`,
      badge: `${site}${badgePath(record.id)}`,
    })),
  };
}

/** `api/v1/servers/<id>.json`: the record as registry.json holds it. */
export function serverDocument(registry: RegistryDocument, record: ServerRecord, site: string) {
  return { ...header(registry, API_SCHEMAS.server, site), page: `${site}${serverPath(record.id)}`, record };
}

/**
 * `api/v1/servers/<id>/<tool>.json`: the tool as registry.json holds it,
 * with its record's identity and provenance (without the reviewer notes,
 * which the server's document keeps), the MCP fields its class gives
 * (`mcp`: `annotations` and `_meta` with the action metadata) and the
 * evidence document their `evidenceRef` digests, which `ref` names as this
 * document's `#/evidence` (SPEC 7.4).
 */
export async function toolDocument(registry: RegistryDocument, record: ServerRecord, tool: ToolRecord, site: string) {
  const toolApi = `${site}${apiToolPath(record.id, tool.name)}`;
  const { fields, evidence } = await listedToolFields(registry, record, tool, { ref: `${toolApi}#/evidence`, schema: `${site}${API_SCHEMAS.tool}` });
  return {
    ...header(registry, API_SCHEMAS.tool, site),
    page: `${site}${toolPath(record.id, tool.name)}`,
    server: { id: record.id, name: record.name, api: `${site}${apiServerPath(record.id)}`, provenance: provenanceWithoutNotes(record) },
    tool,
    tool_api: toolApi,
    mcp: fields,
    evidence,
  };
}

/** A record's provenance without its reviewer notes, which its server document keeps: they would repeat in every tool's file (issue 27 item 6). */
function provenanceWithoutNotes(record: ServerRecord): Omit<ServerRecord['provenance'], 'notes'> {
  const { notes: _notes, ...rest } = record.provenance;
  return rest;
}

/** JSON as the API serves it: two-space indentation and a final newline. */
export function apiJson(value: unknown): Response {
  return new Response(`${JSON.stringify(value, null, 2)}\n`, { headers: { 'Content-Type': 'application/json' } });
}

/** The file name of a release's archive under `releases/`: `registry-2026.12.01.json.gz`. */
export function releaseArchiveName(release: string): string {
  return `registry-${release}.json.gz`;
}
