import { EFFECTS, EFFECT_IDS, isDisclosure } from './effects.ts';
import {
  type ClassCounts,
  type Evidence,
  type EvidenceBasis,
  isDocumentationEvidence,
  type RegistryDocument,
  type ServerRecord,
  type ToolRecord,
} from './record.ts';

/** The specification version this code implements. */
export const SPEC_VERSION = '0.10.0';

/** The `format_version` of the registry document this code reads and writes. */
export const FORMAT_VERSION = 1 as const;

/** A record with its tools indexed by name. */
export interface IndexedServer {
  readonly record: ServerRecord;
  readonly tools: ReadonlyMap<string, ToolRecord>;
}

/**
 * The tools of every record that lists none (the hook's identity stubs, issue 24 item 5): one shared empty
 * index instead of a map per record.
 */
const NO_TOOLS: ReadonlyMap<string, ToolRecord> = new Map();

/**
 * Read-only index over a registry document.
 *
 * Construct it with {@link Registry.fromDocument} (a parsed `registry.json`)
 * or {@link Registry.fromRecords} (records already validated by the build).
 */
export class Registry {
  readonly document: RegistryDocument;
  readonly #servers: Map<string, IndexedServer>;

  private constructor(document: RegistryDocument) {
    this.document = document;
    this.#servers = new Map();
    for (const record of document.servers) {
      let tools = NO_TOOLS;
      if (record.tools.length > 0) {
        const named = new Map<string, ToolRecord>();
        for (const tool of record.tools) named.set(tool.name, tool);
        tools = named;
      }
      this.#servers.set(record.id, { record, tools });
    }
  }

  /**
   * Index a parsed registry document (SPEC 5.8).
   * @param document an object shaped like `schema/registry.schema.json`
   * @throws TypeError if it has no `servers` array or an unsupported `format_version`
   */
  static fromDocument(document: RegistryDocument): Registry {
    if (document === null || typeof document !== 'object' || !Array.isArray(document.servers)) {
      throw new TypeError('registry document has no `servers` array');
    }
    if (document.format_version !== FORMAT_VERSION) {
      throw new TypeError(`unsupported registry format_version \`${String(document.format_version)}\`; expected \`${FORMAT_VERSION}\``);
    }
    return new Registry(document);
  }

  /**
   * Build a document from records (sorted by id, totals computed, evidence
   * permalinks filled in) and index it.
   * @param records records valid against `schema/record.schema.json`
   */
  static fromRecords(records: readonly ServerRecord[]): Registry {
    return new Registry(buildDocument(records));
  }

  /** The record with this id, or undefined. */
  server(id: string): IndexedServer | undefined {
    return this.#servers.get(id);
  }

  /** Every indexed server, in document order (sorted by id). */
  servers(): IterableIterator<IndexedServer> {
    return this.#servers.values();
  }
}

/**
 * The permalink of an evidence citation (SPEC 5.2): on GitHub, the file at
 * the record's commit anchored at the line; for a record whose evidence is a
 * published package, the file in that exact version on unpkg's file viewer,
 * anchored at the line (unpkg highlights `#L<n>`), or for an original file a
 * source map embeds, the map itself (no viewer shows the embedded text, so
 * {@link evidencePlace} says where in it to look).
 * Evidence quoted from the vendor's documentation (SPEC 5.1) already names
 * its page, which is returned as it is.
 * @returns `https://github.com/<owner>/<name>/blob/<commit>/<path>#L<line>`,
 *   `https://app.unpkg.com/<package>@<version>/files/<path>#L<line>`,
 *   `https://app.unpkg.com/<package>@<version>/files/<map path>`, or the vendor's page
 */
export function evidenceUrl(record: ServerRecord, evidence: Evidence): string {
  if (isDocumentationEvidence(evidence)) return evidence.url;
  const path = evidence.path.split('/').map(encodeURIComponent).join('/');
  const published = record.provenance.package;
  if (published !== undefined)
    return `https://app.unpkg.com/${published.name}@${published.version}/files/${path}${evidence.source === undefined ? `#L${evidence.line}` : ''}`;
  return `https://github.com/${record.server.repository}/blob/${record.provenance.commit}/${path}#L${evidence.line}`;
}

/**
 * Where an evidence citation points, in words, for people reading a
 * classification without a browser (SPEC 5.2).
 * @returns `path line N`, `source line N, embedded in the source map path`,
 *   or, for the vendor's documentation (SPEC 5.1), the quoted sentence and its page
 */
export function evidencePlace(evidence: Evidence): string {
  if (isDocumentationEvidence(evidence)) return `the vendor's documentation, ${evidence.url}: "${evidence.quote}"`;
  return evidence.source === undefined
    ? `${evidence.path} line ${evidence.line}`
    : `${evidence.source} line ${evidence.line}, embedded in the source map ${evidence.path}`;
}

/**
 * The mark every place that shows a class of a record whose evidence base is
 * the vendor's published tool reference shows with it (SPEC 5.1).
 */
export const DOCUMENTATION_MARK = "from the vendor's documentation, not from source";

/**
 * A record's evidence base (SPEC 5.1): the `commit` of its repository, a
 * published `package`, or the vendor's `documentation`.
 */
export function evidenceBasis(record: ServerRecord): EvidenceBasis {
  if (record.provenance.documentation !== undefined) return 'documentation';
  return record.provenance.package !== undefined ? 'package' : 'commit';
}

/** Zeroed per-class counts. */
export function emptyCounts(): ClassCounts {
  return { R0: 0, R1: 0, R2: 0, R3: 0, R4: 0 };
}

/** Tools per base class in one record. */
export function countClasses(record: ServerRecord): ClassCounts {
  const counts = emptyCounts();
  for (const tool of record.tools) counts[tool.class] += 1;
  return counts;
}

/**
 * The data release a set of records makes (SPEC 5.8): the latest date among
 * the records' `provenance.last_verified` and any further dates given (the
 * changelog's), written `YYYY.MM.DD`. The same records always give the same
 * release; any newly checked record or logged class change moves it forward.
 * @param dates further `YYYY-MM-DD` dates, e.g. of class changes
 * @returns `YYYY.MM.DD`, or `0000.00.00` for no records and no dates
 */
export function releaseOf(records: readonly ServerRecord[], dates: readonly string[] = []): string {
  let latest = '0000-00-00';
  for (const date of [...records.map((record) => record.provenance.last_verified), ...dates]) if (date > latest) latest = date;
  return latest.slice(0, 10).replaceAll('-', '.');
}

/**
 * Assemble the registry document the build emits (SPEC 5.8): records sorted
 * by id, `$schema` pointers dropped, evidence permalinks added (tools' and code
 * options'), totals counted,
 * and the data release named (default {@link releaseOf} the records).
 * The input records are not modified.
 */
export function buildDocument(records: readonly ServerRecord[], options: { release?: string } = {}): RegistryDocument {
  const servers = [...records]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((record): ServerRecord => {
      const { $schema: _schema, ...rest } = record;
      const codeOptions = record.server.code_options?.map((option) =>
        option.evidence === undefined ? option : { ...option, evidence: { ...option.evidence, url: evidenceUrl(record, option.evidence) } },
      );
      return {
        ...rest,
        provenance: { ...record.provenance, basis: evidenceBasis(record) },
        ...(codeOptions !== undefined ? { server: { ...record.server, code_options: codeOptions } } : {}),
        tools: record.tools.map((tool) => ({
          ...tool,
          ...(tool.effects !== undefined && isDisclosure(tool.effects) ? { disclosure: true } : {}),
          evidence: { ...tool.evidence, url: evidenceUrl(record, tool.evidence) },
        })),
      };
    });
  const classes = emptyCounts();
  const effects: Record<string, number> = Object.fromEntries(EFFECT_IDS.map((id) => [id, 0]));
  let tools = 0;
  for (const record of servers) {
    for (const tool of record.tools) {
      classes[tool.class] += 1;
      for (const effect of tool.effects ?? []) effects[effect] = (effects[effect] ?? 0) + 1;
      tools += 1;
    }
  }
  return {
    format_version: FORMAT_VERSION,
    spec_version: SPEC_VERSION,
    release: options.release ?? releaseOf(records),
    effects: EFFECTS.map((e) => ({ id: e.id, class: e.class, description: e.description, disclosure: e.disclosure })),
    totals: { servers: servers.length, tools, classes, effects },
    servers,
  };
}
