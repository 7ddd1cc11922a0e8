/**
 * Shapes shared by the parts of `rclass scan`: the servers found in client
 * configurations, what happened to each, and the report built from them.
 * Values of `env` and `headers` travel only in {@link ScanTarget.secrets}
 * and {@link ScanTarget.env}, which no report field ever copies.
 */
import type { IdentifiedVia } from '../clients/identify/index.ts';
import type { ClientKind, ConfigEntry } from '../clients/types.ts';
import type { ReversibilityClass } from '../core/classes.ts';
import type { ToolSuggestion } from '../core/suggest/suggest.ts';
import type { ClassCounts, RecordStatus, ToolAnnotations } from '../core/record.ts';
import type { ServerVersion } from '../core/version.ts';

/** One configuration file that was read (or could not be). */
export interface ScannedConfig {
  /** Absolute path. */
  file: string;
  /** How the file is shown: as the user gave it, or with `~` for the home folder. */
  shown: string;
  client?: ClientKind;
  /** The file belongs to a repository (`.mcp.json`, `.vscode/mcp.json`, a project's `.cursor/mcp.json`): its servers need consent. */
  repository: boolean;
  /** Facts about the file worth telling (e.g. the client would reject it). */
  notes: string[];
  /** Why the file could not be read; the scan is then incomplete. */
  problem?: string;
}

/** How a server name of a configuration was identified (SPEC 6). */
interface TargetIdentity {
  /** The record, when SPEC 6.1 recognised every entry with this name. */
  recordId?: string;
  via?: IdentifiedVia;
  /** What was matched, e.g. `npm @modelcontextprotocol/server-memory`. */
  subject?: string;
  /** The pinned release of the entry that runs (SPEC 6.4). */
  version?: ServerVersion;
  /** Where the server mapping file vouched for it (`FILE:LINE:COL`), when it did (SPEC 6.3). */
  mapping?: string;
  /** `rclass proxy` when the entry starts the server behind it. */
  gatedBy?: string;
  /** Why it is not recognised (SPEC 6.2), with no values from `env`, headers or arguments. */
  unrecognised?: string;
  /** A record the entry is known not to run (its package past `before`, SPEC 5.3): `--assume` may not name it, nor a suggestion. */
  notRecord?: string;
  /** An entry is invalid for its client: the scan is incomplete. */
  invalid: boolean;
}

/** One server a client would run: the entry that runs, and how it was identified. */
export interface ScanTarget {
  /** The key the configuration gives the server. */
  name: string;
  client: ClientKind;
  /** The configuration file of the entry that runs. */
  config: ScannedConfig;
  /** The entry that runs (for Claude Code, the one of highest precedence: local, project, user). */
  entry: ConfigEntry;
  /** The entry's `env` as written (unexpanded). Never printed. */
  env: Record<string, string>;
  /** Every `env` and header value of every entry with this name, for redaction only. Never printed. */
  secrets: string[];
  /** The entry comes from a repository's configuration, so starting it needs consent. */
  repository: boolean;
  identity: TargetIdentity;
}

/** A server the client would not run, and why. */
export interface SkippedServer {
  name: string;
  config: string;
  why: string;
}

/** One tool a server listed, or one tool of its record in `--list` mode. */
export interface ToolResult {
  /** As the server (or record) names it; shown sanitised. */
  name: string;
  class: ReversibilityClass;
  /**
   * `registry`: the record's base class; `unknown`: no record, or the record does not list it (SPEC 4.3);
   * `changed`: the record lists it, but its definition has another fingerprint than the record's (SPEC 5.2.1), so R4.
   */
  source: 'registry' | 'unknown' | 'changed';
  /** False for drift: a live tool the record does not list. Undefined when the server has no record. */
  inRecord?: boolean;
  /** The class the server's own annotations suggest (SPEC 7.2), when it listed the tool live. */
  hintClass?: ReversibilityClass;
  annotations?: ToolAnnotations;
  /**
   * Effects suggested from the tool's own definition (SPEC 13), for a tool no record describes
   * (`source` is `unknown`). Shown as a suggestion only: the tool still counts at `class`, R4.
   */
  suggested?: ToolSuggestion;
}

/** A record whose tool names resemble a live server's (SPEC 6.2: a suggestion, never applied unasked). */
export interface Suggestion {
  record: string;
  /** Live tool names the record lists. */
  matched: number;
  /** Live tool names in all. */
  of: number;
}

/** What happened to one server. */
type ServerStatus =
  /** Started, and `tools/list` answered. */
  | 'scanned'
  /** `--list`, or a remote entry: classes from the registry, nothing started. */
  | 'registry'
  /** Not identified, and nothing was started (`--list`, or a remote entry): every tool R4, count unknown. */
  | 'unlisted'
  /** Started, but it failed, timed out or broke a limit: R4, incomplete. */
  | 'failed'
  /** Not started: consent missing, or it cannot be started as configured. R4, incomplete. */
  | 'not-started'
  /** Its configuration entry is invalid for its client. R4, incomplete. */
  | 'invalid';

/** The result for one server. */
export interface ServerResult {
  name: string;
  client: ClientKind;
  /** The configuration file, as shown. */
  config: string;
  /** Where in the file, e.g. `mcpServers` or `projects["/srv/app"].mcpServers`. */
  scope: string;
  transport: ConfigEntry['transport'];
  status: ServerStatus;
  /** The record whose classes were used, if any. */
  record?: string;
  recordName?: string;
  recordStatus?: RecordStatus;
  /** `documentation` when the record rests on the vendor's published tool reference, not source (SPEC 5.1); reports show the mark with its classes. */
  recordBasis?: 'documentation';
  /** The local record's file, as shown, when the record is one of the user's local records rather than the registry's (SPEC 5.10). */
  localRecord?: string;
  /** `config` when SPEC 6.1 recognised the entry, `mapping` when the server mapping file did (SPEC 6.3), `assume` when `--assume` said so. */
  identifiedBy?: 'config' | 'mapping' | 'assume';
  /** The mapping's `FILE:LINE:COL`, when `identifiedBy` is `mapping`. */
  mapping?: string;
  subject?: string;
  /** `rclass proxy` when the entry starts the server behind it, so rclass gates its calls. */
  gatedBy?: string;
  /** Why the server is not identified (SPEC 6.2). */
  unrecognised?: string;
  /** Why it was not scanned (failed, not started, invalid); our words only. */
  reason?: string;
  /** Redacted server stderr, with `--show-server-errors` only. */
  serverErrors?: string;
  /** Tools with classes; empty when unknown. */
  tools: ToolResult[];
  /** Number of tools, or null when unknown (the server was not listed). */
  toolCount: number | null;
  classes: ClassCounts;
  /** Live tools the record does not list (drift); they count as R4. */
  drift: string[];
  /** Live tools whose definition changed since the record was checked (SPEC 5.2.1); they count as R4. Absent when none did or nothing was listed. */
  changed?: string[];
  /** Tools the client's own filter hides (`enabled_tools`, `excludeTools`, …): not reachable, so not counted (names sanitised). */
  filteredOut?: { tools: string[]; by: string[] };
  suggestions: Suggestion[];
  /** The server's own name and version from `initialize`, sanitised. */
  serverInfo?: { name?: string; version?: string };
  /** Counts toward "incomplete" (exit 3). */
  incomplete: boolean;
}

/** Totals over every reachable server. */
export interface ScanTotals {
  /** Servers with a known tool list. */
  servers: number;
  tools: number;
  classes: ClassCounts;
  /** Tools an agent may call alone under the default policy (R0, R1). */
  actAlone: number;
  /** Tools that need a human under the default policy (R2 to R4). */
  needHuman: number;
  /** Servers whose tools are unknown and all count as R4. */
  unknownServers: number;
}

/** A whole scan. */
export interface ScanReport {
  mode: 'full' | 'list';
  configs: ScannedConfig[];
  servers: ServerResult[];
  skipped: SkippedServer[];
  totals: ScanTotals;
  /** Something could not be read, identified, started or listed. */
  complete: boolean;
  /** Drafts written by `--write-drafts`, as paths. */
  drafts: string[];
  notes: string[];
  /** Where discovery looked, when no CONFIG was given. */
  searched: string[];
}
