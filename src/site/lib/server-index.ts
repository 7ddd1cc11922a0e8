/**
 * The servers list's filter index (`servers/index.json`, issue 27 item 3):
 * one small row per record, which the servers page fetches only when a
 * visitor filters, so the list's HTML stays a fixed size (SERVER_PAGE_SIZE
 * servers a page) while filters still run over every record.
 *
 * Everything in a row comes from the record: its tools' classes, its status
 * (SPEC 5.1), and its gates of kind `hides` (SPEC 5.5: a switch such as a
 * read-only mode that removes the tools naming it in `gated_by` when on; a
 * gate never changes a class). `archived` is the record's own
 * `server.archived`, the publisher's archive or deprecation notice (SPEC 5.3).
 */
import { CLASSES } from './classes.ts';
import { countClasses, type RegistryDocument, type ServerRecord } from './registry.ts';

/** Tools per class, R0 to R4 in that order. */
type Counts = [number, number, number, number, number];

/** One row of `servers/index.json`. */
export interface ServerIndexRow {
  id: string;
  name: string;
  status: ServerRecord['provenance']['status'];
  /** The record's classes rest on the vendor's documentation, not source (SPEC 5.1). */
  documentation: boolean;
  archived: boolean;
  /** `provenance.last_verified`, YYYY-MM-DD. */
  verified: string;
  /** Tools per class, R0 to R4. */
  counts: Counts;
  /** Per gate of kind `hides`: its id and the tools per class left when it is on (those not naming it). */
  hides: Array<{ id: string; counts: Counts }>;
}

/** The `servers/index.json` document: its version and a row per record, in registry order. */
export interface ServerIndex {
  version: 1;
  servers: ServerIndexRow[];
}

/** Tools per class of a list of tools, R0 to R4. */
function perClass(tools: ServerRecord['tools']): Counts {
  const counts: Counts = [0, 0, 0, 0, 0];
  for (const tool of tools) counts[CLASSES.indexOf(tool.class)]! += 1;
  return counts;
}

/**
 * The filter index of a registry document: a {@link ServerIndexRow} per
 * record, in the document's order.
 */
export function serverIndex(registry: RegistryDocument): ServerIndex {
  return {
    version: 1,
    servers: registry.servers.map((record) => {
      const all = countClasses(record);
      return {
        id: record.id,
        name: record.name,
        status: record.provenance.status,
        documentation: record.provenance.documentation !== undefined,
        archived: record.server.archived !== undefined,
        verified: record.provenance.last_verified,
        counts: CLASSES.map((cls) => all[cls]) as Counts,
        hides: (record.gates ?? [])
          .filter((gate) => gate.kind === 'hides')
          .map((gate) => ({ id: gate.id, counts: perClass(record.tools.filter((tool) => !(tool.gated_by ?? []).includes(gate.id))) })),
      };
    }),
  };
}
