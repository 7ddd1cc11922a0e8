/**
 * TypeScript shapes of a registry record and of the emitted registry document.
 * They mirror `schema/record.schema.json` and `schema/registry.schema.json`
 * (SPEC 5); the schemas are the authority and the build validates against them.
 */
import type { ReversibilityClass } from './classes.ts';

/** Record status (SPEC 5.1). */
export type RecordStatus = 'draft' | 'reviewed' | 'verified';

/** SQL dialects an argument rule can name (SPEC 5.4.1). */
export type SqlDialectName = 'postgresql' | 'sqlite' | 'mysql';

/** One argument condition; exactly one key is set (SPEC 5.4). */
export type Predicate =
  | { equals: { arg: string; value: string | number | boolean | null } }
  | { one_of: { arg: string; values: Array<string | number | boolean | null> } }
  | { absent: { arg: string } }
  | { sql_read_only: { arg: string; dialect: SqlDialectName } }
  | { url_host_in: { arg: string; hosts: string[] } }
  | { url_http: { arg: string } }
  | { mongo_pipeline_read_only: { arg: string } }
  | { aws_cli_read_only: { arg: string } };

/** The predicate names of the rule vocabulary (SPEC 5.4). */
export const PREDICATE_NAMES = [
  'equals',
  'one_of',
  'absent',
  'sql_read_only',
  'url_host_in',
  'url_http',
  'mongo_pipeline_read_only',
  'aws_cli_read_only',
] as const;

/** An argument rule that lowers a tool's class when all its conditions hold (SPEC 5.4). */
export interface ArgumentRule {
  id: string;
  class: ReversibilityClass;
  /** The effects a call that meets every condition still has (SPEC 2.9.3). */
  effects?: string[];
  when: Predicate[];
  reason: string;
}

/** Where the tool is defined: a path and line at the record's commit, or in its published package (SPEC 5.2). */
export interface SourceEvidence {
  repository?: string;
  path: string;
  line: number;
  /** The last line of a citation that spans lines (SPEC 5.2): at least `line`, at most `line` + 6. */
  end?: number;
  /** The cited lines verbatim, as SPEC 5.2 defines the excerpt (trailing white space removed, a long line cut around the tool's name). */
  excerpt?: string;
  /** With a package base only: the original file embedded in the source map `path` names, as the map's `sources` writes it; `line` is a line of it. */
  source?: string;
  /** Permalink; filled in by the build in `registry.json`, never written in `registry/`. */
  url?: string;
  quote?: never;
}

/** Where the vendor's published tool reference describes the tool: its page and the sentence the effects rest on (SPEC 5.1, 5.2). */
export interface DocumentationEvidence {
  /** One of `provenance.documentation.pages`. */
  url: string;
  /** The vendor's sentence, verbatim (20 to 500 characters). */
  quote: string;
  repository?: never;
  path?: never;
  line?: never;
  end?: never;
  excerpt?: never;
  source?: never;
}

/** Evidence of a tool or code option: in source (a commit or package) or in the vendor's documentation (SPEC 5.2). */
export type Evidence = SourceEvidence | DocumentationEvidence;

/**
 * Whether evidence quotes the vendor's documentation rather than citing source (SPEC 5.1).
 * @returns true for `{url, quote}` evidence
 */
export function isDocumentationEvidence(evidence: Evidence): evidence is DocumentationEvidence {
  return typeof evidence.quote === 'string';
}

/** MCP tool annotations as the server declares them (SPEC 7). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A tool that can carry data to a destination the agent chooses (SPEC 9). */
export interface EgressMarking {
  destination: string[];
  note?: string;
}

/** One tool of a record (SPEC 5.2). */
export interface ToolRecord {
  name: string;
  class: ReversibilityClass;
  /** Every effect a call can have, from the vocabulary of SPEC 2.9.1; the class derives from them. */
  effects?: string[];
  /** One sentence: why the stated class differs from the derived one (SPEC 2.9.3). */
  override?: string;
  /** One sentence: why the effects differ from those of tools with the same verb and object on other servers (SPEC 2.9.4). */
  differs?: string;
  rationale: string;
  /** For R1 and R2 tools: the tool of the same server that restores or compensates this one (SPEC 2.9.3). */
  undo?: string;
  /** Derived in `registry.json` from the effects: the worst case discloses (SPEC 2.8). */
  disclosure?: boolean;
  evidence: Evidence;
  annotations?: ToolAnnotations;
  gated_by?: string[];
  egress?: EgressMarking;
  /** SHA-256 of the tool's definition as listed live at the release of `provenance.live_listing` (SPEC 5.2.1). */
  fingerprint?: string;
  rules?: ArgumentRule[];
}

/** Where the tools' fingerprints come from, or why there are none (SPEC 5.2.1). */
export type LiveListing = { registry: 'npm'; package: string; version: string; date: string; algorithm?: 'rc-def-v2' } | { unavailable: string };

/** A switch that exposes or hides tools (SPEC 5.5). */
export interface Gate {
  id: string;
  kind: 'toolset' | 'capability' | 'flag' | 'hides';
  default?: boolean;
  description: string;
}

/** How a server is recognised (SPEC 5.3, SPEC 6). */
export interface ServerIdentity {
  /** The GitHub repository of the source; absent only with a `documentation` evidence base (SPEC 5.1). */
  repository?: string;
  path?: string;
  homepage?: string;
  /** `before`: the first release of the package that runs another server (SPEC 5.3, 6.4). */
  packages?: Array<{ registry: 'npm' | 'pypi'; name: string; scripts?: string[]; before?: string }>;
  images?: string[];
  urls?: string[];
  min_version?: string;
  /** Only when the publisher archived or deprecated this code base: the day, the notice's address and its words (SPEC 5.3). */
  archived?: { date: string; release?: string; url: string; notice: string };
  /** The server's own options and variables that choose a program it runs or load code (SPEC 6.2). */
  code_options?: CodeOption[];
}

/**
 * One of a server's own command-line options (every spelling its parser
 * accepts) or environment variables (a trailing `*` names a prefix) that
 * choose a program it runs or load code; an entry using one is not this
 * server (SPEC 6.2). Shown by `evidence` in the record's evidence base, or,
 * for a program the server runs, by that program's `documentation` page.
 */
export interface CodeOption {
  options?: string[];
  env?: string[];
  reason: string;
  evidence?: Evidence;
  documentation?: string;
}

/**
 * A published package at one version, held to the registry's integrity
 * digest: the files a record's evidence cites when the release's source
 * commit could not be read (SPEC 5.2).
 */
export interface PublishedPackage {
  registry: 'npm';
  name: string;
  version: string;
  /** `sha512-` and the base64 SHA-512 of the package archive (npm's `dist.integrity`). */
  integrity: string;
}

/** The vendor's published tool reference a record rests on when the server's code is not published (SPEC 5.1). */
interface VendorDocumentation {
  /** YYYY-MM-DD: when the pages were read. */
  retrieved: string;
  /** The vendor's own https pages; every tool's evidence quotes one of them. */
  pages: string[];
}

/** Which evidence base a record rests on (SPEC 5.1). */
export type EvidenceBasis = 'commit' | 'package' | 'documentation';

/** Who classified the tools and against which commit, published package or vendor documentation (SPEC 5.1, 5.2); exactly one of the three is set. */
export interface Provenance {
  status: RecordStatus;
  author: string;
  reviewers: string[];
  last_verified: string;
  commit?: string;
  package?: PublishedPackage;
  documentation?: VendorDocumentation;
  /** Derived in `registry.json`: which of the three the evidence base is (SPEC 5.1, 5.8); never written in `registry/`. */
  basis?: EvidenceBasis;
  release?: string;
  notes?: string;
  live_listing?: LiveListing;
}

/** One registry record: one MCP server (SPEC 5). */
export interface ServerRecord {
  $schema?: string;
  id: string;
  name: string;
  description: string;
  server: ServerIdentity;
  provenance: Provenance;
  gates?: Gate[];
  tools: ToolRecord[];
}

/** Per-class tool counts. */
export type ClassCounts = Record<ReversibilityClass, number>;

/** The emitted `registry.json` (SPEC 5.8). */
export interface RegistryDocument {
  format_version: 1;
  spec_version: string;
  /** The data release, `YYYY.MM.DD` (SPEC 5.8); always present in what the build emits. */
  release?: string;
  /** The effect vocabulary (SPEC 2.9.1), so consumers can derive classes. */
  effects: Array<{ id: string; class: ReversibilityClass; description: string; disclosure: boolean }>;
  totals: { servers: number; tools: number; classes: ClassCounts; effects: Record<string, number> };
  servers: ServerRecord[];
}
