/**
 * Generated from schema/record.schema.json by `npm run gen:types`
 * (json-schema-to-typescript). DO NOT EDIT: change the schema and run it
 * again. The classifier still uses its hand-written types in `record.ts`.
 */

/**
 * Short, stable, lowercase id of the record; also the file name without `.yaml` (SPEC 5.1).
 */
export type RecordId = string;
/**
 * Human name of the server, with who publishes it when that helps tell servers apart.
 */
export type DisplayName = string;
/**
 * One option or variable group of `server.code_options` (SPEC 6.2): every spelling the server's argument parser accepts, or the variable names, with why it changes what runs, and where that is shown: `evidence` in the record's evidence base as for a tool (SPEC 5.2; `npm run evidence` confirms one of the spellings within three lines of it), or `documentation`.
 *
 * This interface was referenced by `ReversibilityClassesRegistryRecord`'s JSON-Schema
 * via the `definition` "codeOption".
 */
export type CodeOption = (
  | {
      options: unknown;
      [k: string]: unknown | undefined;
    }
  | {
      env: unknown;
      [k: string]: unknown | undefined;
    }
) &
  (
    | {
        evidence: unknown;
        [k: string]: unknown | undefined;
      }
    | {
        documentation: unknown;
        [k: string]: unknown | undefined;
      }
  ) & {
    /**
     * Every spelling of one command-line option the server's parser accepts, long (`--executable-path`) and short (`-e`); `--opt value`, `--opt=value` and, for a short option, an attached or grouped value are all matched.
     *
     * @minItems 1
     */
    options?: [string, ...string[]];
    /**
     * Environment variable names the server (or a program it runs) reads; a name ending in `*` is a prefix (`GIT_CONFIG_KEY_*`). Matched without regard to case.
     *
     * @minItems 1
     */
    env?: [string, ...string[]];
    /**
     * One sentence: what the option or variable makes the server run or load.
     */
    reason: string;
    evidence?: Evidence;
    /**
     * For a variable read by a program the server runs rather than by its own code (git, a browser library): the https page of that program's documentation that says what the variable does.
     */
    documentation?: string;
  };
/**
 * Who classified the tools, who checked them, and against which commit or published package (SPEC 5.1, 5.2).
 *
 * This interface was referenced by `ReversibilityClassesRegistryRecord`'s JSON-Schema
 * via the `definition` "provenance".
 */
export type Provenance = {
  /**
   * `draft`: checked against source by its author only; `reviewed`: a second person agreed; `verified`: also checked against a running release.
   */
  status: "draft" | "reviewed" | "verified";
  /**
   * Who wrote the classifications (a GitHub handle or a team name).
   */
  author: string;
  /**
   * The GitHub handles (without `@`) of who reviewed them, other than the author. Must be non-empty unless the status is `draft`.
   */
  reviewers: string[];
  /**
   * The date (YYYY-MM-DD) the tool list was last compared with the source.
   */
  last_verified: string;
  /**
   * Full 40-hex commit of `server.repository` that the tool list and every evidence line refer to. A record names either a commit or a `package`.
   */
  commit?: string;
  /**
   * The published package whose files the tool list and every evidence line refer to, instead of a commit (SPEC 5.2): the files exactly as the registry serves them at this version, held to the registry's own integrity digest. Evidence paths are paths inside the package (without the archive's `package/` prefix).
   */
  package?: {
    /**
     * The package registry.
     */
    registry: "npm";
    /**
     * The package name as published: the server's own package, or the package its tools are defined in.
     */
    name: string;
    /**
     * The exact published version.
     */
    version: string;
    /**
     * The registry's `dist.integrity` for that version: `sha512-` and the base64 SHA-512 of the package archive.
     */
    integrity: string;
  };
  /**
   * The vendor's published tool reference, instead of a commit or a package (SPEC 5.1): for a hosted server whose code is not published. Every tool's evidence quotes one of these pages; the record is shown everywhere with the mark "from the vendor's documentation, not from source".
   */
  documentation?: {
    /**
     * The date (YYYY-MM-DD) the pages were read.
     */
    retrieved: string;
    /**
     * The vendor's own pages (https, on the vendor's domain) that list the server's tools; at least one.
     *
     * @minItems 1
     */
    pages: [string, ...string[]];
  };
  /**
   * Which evidence base the record rests on: `commit`, `package` or `documentation` (SPEC 5.1, 5.8). The build sets it in `registry.json`, so consumers can show the documentation mark without reading the base; records in `registry/` leave it out, since it is derived.
   */
  basis?: "commit" | "package" | "documentation";
  /**
   * The release (tag or published version) at or near that commit, for people reading the record.
   */
  release?: string;
  /**
   * Anything a reviewer should know: disagreements kept on record, known gaps.
   */
  notes?: string;
  /**
   * Whether the tools' `fingerprint`s come from a live `tools/list` of a published release (SPEC 5.2.1): either the package and version that was started and listed, and when, or why no live listing was possible.
   */
  live_listing?:
    | {
        /**
         * The package registry the listed release came from.
         */
        registry: "npm";
        /**
         * The package that was started; one of `server.packages`.
         */
        package: string;
        /**
         * The exact version that was started and listed.
         */
        version: string;
        /**
         * The date (YYYY-MM-DD) of the listing.
         */
        date: string;
        /**
         * How the fingerprints were computed (SPEC 5.2.1): `rc-def-v2`, the SHA-256 of the canonical JSON of the tool definition's normal form. Required with fingerprints; fingerprints of an older algorithm (a listing without this key) are taken again, never compared.
         */
        algorithm?: "rc-def-v2";
      }
    | {
        /**
         * One sentence: why no live listing was possible (no npm package, a server that needs a real account to start, a hosted server only).
         */
        unavailable: string;
      };
} & Provenance1;
export type Provenance1 =
  | {
      commit: unknown;
      [k: string]: unknown | undefined;
    }
  | {
      package: unknown;
      [k: string]: unknown | undefined;
    }
  | {
      documentation: unknown;
      [k: string]: unknown | undefined;
    };
/**
 * The base class: the worst case over every argument value (SPEC 4).
 */
export type ReversibilityClass = "R0" | "R1" | "R2" | "R3" | "R4";
/**
 * Every effect a call can have (SPEC 2.9); the class is derived from them.
 *
 * @minItems 1
 *
 * This interface was referenced by `ReversibilityClassesRegistryRecord`'s JSON-Schema
 * via the `definition` "effects".
 */
export type Effects = [Effect, ...Effect[]];
/**
 * One effect from the closed vocabulary of SPEC 2.9.1 (read, context, metered, create-private, edit-restorable, trash, shared-write, compensable, pay-refundable, access, credential, availability, physical, delete-recoverable, delete, overwrite, send, publish, widen, transmit, pay-final, run-code); its class is fixed there, and a call's class is the highest class among its effects. The validator's unknown-effect check rejects any other name.
 *
 * This interface was referenced by `ReversibilityClassesRegistryRecord`'s JSON-Schema
 * via the `definition` "effect".
 */
export type Effect = string;
/**
 * A top-level argument name of the tool's `inputSchema`.
 *
 * This interface was referenced by `ReversibilityClassesRegistryRecord`'s JSON-Schema
 * via the `definition` "argRef".
 */
export type ArgRef = string;
/**
 * The class of a call that meets every condition; must be lower than the tool's class.
 */
export type ReversibilityClass1 = "R0" | "R1" | "R2" | "R3" | "R4";
/**
 * Every effect a call can have (SPEC 2.9); the class is derived from them.
 *
 * @minItems 1
 */
export type Effects1 = [Effect, ...Effect[]];
/**
 * R0 no effect, R1 restorable, R2 compensable, R3 hard to recover, R4 irreversible (SPEC 2).
 *
 * This interface was referenced by `ReversibilityClassesRegistryRecord`'s JSON-Schema
 * via the `definition` "class".
 */
export type ReversibilityClass2 = "R0" | "R1" | "R2" | "R3" | "R4";

/**
 * One MCP server: how to recognise it, who checked it, and every tool it can expose with its Reversibility Class (SPEC section 5).
 */
export interface ReversibilityClassesRegistryRecord {
  /**
   * Optional pointer to this schema, for editors.
   */
  $schema?: string;
  id: RecordId;
  name: DisplayName;
  /**
   * One or two sentences on what the server gives an agent access to.
   */
  description: string;
  server: Server;
  provenance: Provenance;
  /**
   * Switches of this release that expose or hide tools: toolsets, capabilities, flags and modes (SPEC 5.5). Tools name the gates that affect them in `gated_by`.
   */
  gates?: Gate[];
  /**
   * Every tool that any flag, toolset, capability or mode of the cited release can expose, each once (SPEC 5.2).
   *
   * @minItems 1
   */
  tools: [Tool, ...Tool[]];
}
/**
 * Where the server's code lives and how a client configuration entry is recognised as this server (SPEC 5.3, 6).
 *
 * This interface was referenced by `ReversibilityClassesRegistryRecord`'s JSON-Schema
 * via the `definition` "server".
 */
export interface Server {
  /**
   * GitHub repository holding the server's source, as `owner/name`. Every evidence citation points into it. Required unless the evidence base is the vendor's `documentation` (SPEC 5.1), whose server publishes no source.
   */
  repository?: string;
  /**
   * Folder of this server inside the repository, when the repository holds several servers.
   */
  path?: string;
  /**
   * The server's own documentation page, if any.
   */
  homepage?: string;
  /**
   * Published packages that run exactly this server when executed as themselves.
   */
  packages?: {
    /**
     * Package registry: `npm` (run by npx, bunx, pnpm dlx) or `pypi` (run by uvx, pipx).
     */
    registry: "npm" | "pypi";
    /**
     * Exact package name in that registry.
     */
    name: string;
    /**
     * For a package whose executables are not named as the package: for PyPI, the console scripts its own `[project.scripts]` declares, so that `uvx --from <package> <script>` is recognised; for npm, the executables its own `package.json` `bin` declares, so that `npx --package <package> <bin>` is recognised (the forms their READMEs give). Each listed name must run exactly this server (SPEC 6.1). The package's own name needs no entry.
     *
     * @minItems 1
     */
    scripts?: [string, ...string[]];
    /**
     * The first release of this package that runs another server than this record describes (the publisher replaced what the package runs). An entry running that release or a newer one, an unpinned entry (which runs the newest) or one whose version cannot be read is not recognised as this server (SPEC 5.3, 6.4).
     */
    before?: string;
  }[];
  /**
   * Container image names (without tag or digest) that run this server with their default entrypoint.
   */
  images?: string[];
  /**
   * Hosted endpoints run by the publisher; a config entry pointing at one of them is this server.
   */
  urls?: string[];
  /**
   * The release the tool list and rules were checked against. A configuration pinning an older release, or one whose version cannot be read, loses every rule that lowers a class (SPEC 5.3).
   */
  min_version?: string;
  /**
   * Only when the publisher archived or deprecated this code base: the day, and the publisher's own notice that says so (SPEC 5.3). A fact, never a judgement: set it only with the notice in hand. The site ranks an archived server below a maintained one and marks it; identification and classes do not change.
   */
  archived?: {
    /**
     * The day (YYYY-MM-DD) the publisher archived or deprecated it: the date of the commit or release that did.
     */
    date: string;
    /**
     * Optionally, the release that carried the notice.
     */
    release?: string;
    /**
     * Where the notice is: the commit that archived or deprecated it, or that commit's README; https only.
     */
    url: string;
    /**
     * The publisher's words at `url`, verbatim: a commit subject, a README sentence, a deprecation message.
     */
    notice: string;
  };
  /**
   * The server's own command-line options and environment variables that choose a program it runs or load code, directly or through a configuration file they name (SPEC 6.2). An entry whose arguments or environment use one is not recognised as this server.
   *
   * @minItems 1
   */
  code_options?: [CodeOption, ...CodeOption[]];
}
/**
 * Where the tool is shown (SPEC 5.2): with a `commit` or `package` base, the `path` and `line` in `server.repository` at `provenance.commit` (or in the package) where it is defined, which the site links as a permalink; with a `documentation` base, the vendor's page (`url`, one of `provenance.documentation.pages`) and the sentence of it (`quote`) the effects rest on.
 *
 * This interface was referenced by `ReversibilityClassesRegistryRecord`'s JSON-Schema
 * via the `definition` "evidence".
 */
export interface Evidence {
  /**
   * Optional; when present it must equal `server.repository`.
   */
  repository?: string;
  /**
   * File path relative to the repository root, with `/` separators.
   */
  path?: string;
  /**
   * 1-based line where the tool's name appears in its definition (with `source`, a line of that original file).
   */
  line?: number;
  /**
   * The last line of a citation that spans lines (SPEC 5.2), when the tool's name is written a few lines below the cited `line` (a registration call whose name is on its next line): at least `line` and at most `line` + 6. Without it the citation is the one line `line`.
   */
  end?: number;
  /**
   * The cited line(s) `line` to `end` of the pinned source, verbatim (SPEC 5.2.2): joined with a line feed, each with trailing white space removed and the indentation they share removed; a line longer than 160 code points (a minified bundle) is cut to a window of 160 code points starting 40 before the first occurrence of the tool's name (moved left at the line's end, never before its start), with `…` (U+2026) on each side where it was cut. Written by `npm run evidence -- --write-excerpts`; `npm run evidence` fails when it no longer matches the source, `npm run check` when it is missing.
   */
  excerpt?: string;
  /**
   * Only with `provenance.package`, for a package that ships its code bundled or minified, so that a line cannot point at one tool: the original file embedded in the source map `path` names (a `.map` file whose `sourcesContent` holds it), written exactly as in the map's `sources` (SPEC 5.2).
   */
  source?: string;
  /**
   * With a `commit` or `package` base, the permalink: to the line at the commit on GitHub, or to the file in the exact published package version (SPEC 5.2), which the build fills in for `registry.json` (records in `registry/` leave it out, since it is derived). With a `documentation` base, the vendor's page the quote is taken from: one of `provenance.documentation.pages`.
   */
  url?: string;
  /**
   * Only with a `documentation` base: the vendor's sentence about the tool, verbatim, that its effects rest on; `npm run evidence` finds it in the page's text (tags stripped, whitespace collapsed).
   */
  quote?: string;
}
/**
 * A switch that exposes or hides tools (a toolset, a capability, a flag, a mode).
 *
 * This interface was referenced by `ReversibilityClassesRegistryRecord`'s JSON-Schema
 * via the `definition` "gate".
 */
export interface Gate {
  /**
   * Short id, referenced from tools' `gated_by`.
   */
  id: string;
  /**
   * `toolset` or `capability` or `flag` exposes tools when on; `hides` removes tools when on (a read-only mode).
   */
  kind: "toolset" | "capability" | "flag" | "hides";
  /**
   * Whether the gate is on when the server starts with no options.
   */
  default?: boolean;
  /**
   * How a user turns it on or off, in the server's own terms.
   */
  description: string;
}
/**
 * One tool as the server names it in `tools/list`.
 *
 * This interface was referenced by `ReversibilityClassesRegistryRecord`'s JSON-Schema
 * via the `definition` "tool".
 */
export interface Tool {
  /**
   * The tool's exact name.
   */
  name: string;
  class: ReversibilityClass;
  effects: Effects;
  /**
   * One sentence: why the stated class differs from the class derived from the effects (SPEC 2.9.3). Shown wherever the class is shown.
   */
  override?: string;
  /**
   * One sentence: why this tool's effects differ from the usual effects of tools with the same verb and object on other servers (SPEC 2.9.4), for example a service that keeps a history the others lack. Shown beside the class.
   */
  differs?: string;
  /**
   * One sentence a skeptic would accept: why the worst case is this class.
   */
  rationale: string;
  /**
   * For an R1 or R2 tool: the tool of the same server that restores or compensates what this one does (SPEC 2.9.3).
   */
  undo?: string;
  /**
   * True when the effects include send, publish, widen or transmit, so the worst case is a disclosure that nothing lowers (SPEC 2.8, 2.9.1). The build sets it in `registry.json`; records in `registry/` leave it out, since it is derived.
   */
  disclosure?: boolean;
  evidence: Evidence;
  annotations?: Annotations;
  /**
   * Ids of the record's gates that decide whether this tool is exposed.
   */
  gated_by?: string[];
  egress?: Egress;
  /**
   * SHA-256 (64 lowercase hex) of the canonical JSON of the normal form (`provenance.live_listing.algorithm`, SPEC 5.2.1) of `{description, inputSchema, annotations}` as the server listed this tool in `tools/list` at the release named in `provenance.live_listing`. `rclass scan` counts a live tool whose definition has another fingerprint as R4. Written by `npm run refresh -- --fingerprints`; absent where no live listing was possible.
   */
  fingerprint?: string;
  /**
   * Argument rules that lower the class for specific arguments.
   */
  rules?: Rule[];
}
/**
 * The MCP tool annotations the server itself declares, copied as-is. Hints only, never trusted (SPEC 7).
 *
 * This interface was referenced by `ReversibilityClassesRegistryRecord`'s JSON-Schema
 * via the `definition` "annotations".
 */
export interface Annotations {
  /**
   * The server's display title for the tool.
   */
  title?: string;
  /**
   * The server says the tool does not modify its environment.
   */
  readOnlyHint?: boolean;
  /**
   * The server says the tool may perform destructive updates.
   */
  destructiveHint?: boolean;
  /**
   * The server says repeating the call has no further effect.
   */
  idempotentHint?: boolean;
  /**
   * The server says the tool interacts with an open world of external entities.
   */
  openWorldHint?: boolean;
}
/**
 * The tool can carry data to a destination the agent chooses (SPEC 9).
 *
 * This interface was referenced by `ReversibilityClassesRegistryRecord`'s JSON-Schema
 * via the `definition` "egress".
 */
export interface Egress {
  /**
   * Argument names that name the destination (URLs). An empty list means the destination is not in the arguments (for example the page already open), so no allowlist can clear the call.
   */
  destination: ArgRef[];
  /**
   * How the data leaves, when it is not obvious.
   */
  note?: string;
}
/**
 * An argument rule: when every condition holds, the call has the rule's lower class (SPEC 5.4).
 *
 * This interface was referenced by `ReversibilityClassesRegistryRecord`'s JSON-Schema
 * via the `definition` "rule".
 */
export interface Rule {
  /**
   * Short id, unique within the tool; named in every decision it makes.
   */
  id: string;
  class: ReversibilityClass1;
  effects: Effects1;
  /**
   * Conditions that must all hold.
   *
   * @minItems 1
   */
  when: [Predicate, ...Predicate[]];
  /**
   * One sentence: why a call that meets the conditions has this class.
   */
  reason: string;
}
/**
 * One condition on the call's arguments; exactly one key (SPEC 5.4).
 *
 * This interface was referenced by `ReversibilityClassesRegistryRecord`'s JSON-Schema
 * via the `definition` "predicate".
 */
export interface Predicate {
  /**
   * The argument is present and equal, type included, to the JSON scalar `value`.
   */
  equals?: {
    arg: ArgRef;
    value: string | number | boolean | null;
  };
  /**
   * The argument is present and equal, type included, to one of the JSON scalars in `values`.
   */
  one_of?: {
    arg: ArgRef;
    /**
     * @minItems 1
     */
    values: [string | number | boolean | null, ...(string | number | boolean | null)[]];
  };
  /**
   * The argument is not present in the call at all (a `null` value counts as present).
   */
  absent?: {
    arg: ArgRef;
  };
  /**
   * The argument is a string holding exactly one read-only SQL statement under every plausible reading of the dialect (SPEC 5.4.1).
   */
  sql_read_only?: {
    arg: ArgRef;
    /**
     * The SQL dialect the server passes the statement to.
     */
    dialect: "postgresql" | "sqlite" | "mysql";
  };
  /**
   * The argument is an absolute http(s) URL, unambiguous to every parser, whose host is one of `hosts` or a subdomain of one (SPEC 5.4.2).
   */
  url_host_in?: {
    arg: ArgRef;
    /**
     * @minItems 1
     */
    hosts: [string, ...string[]];
  };
  /**
   * The argument is an absolute http(s) URL, unambiguous to every parser, of any host: never a javascript:, data: or file: URL (SPEC 5.4.2).
   */
  url_http?: {
    arg: ArgRef;
  };
  /**
   * The argument is a MongoDB aggregation pipeline whose stages all only read: no $out or $merge and no server-side JavaScript anywhere in it (SPEC 5.4.4).
   */
  mongo_pipeline_read_only?: {
    arg: ArgRef;
  };
  /**
   * The argument is an AWS CLI command, or a non-empty list of them, each exactly `aws <service> <operation>` with an operation on the reviewed list of read-only operations and only harmless options (SPEC 5.4.5).
   */
  aws_cli_read_only?: {
    arg: ArgRef;
  };
}
