/**
 * Shapes of the coverage lists (issue 24): the committed extract of a
 * package list, the reviewed overrides, and the ranked result.
 */

/** Which registry a package list is of. */
export type CoverageRegistry = 'npm' | 'pypi';

/** One package of the extract: `figure` is monthly downloads (npm) or the rank among the most-downloaded packages (PyPI, lower is more). */
export interface Candidate {
  name: string;
  figure: number;
  summary: string;
}

/** `docs/coverage/packages.json`: the MCP-related packages of a package list taken on `date`. */
export interface PackageExtract {
  /** YYYY-MM-DD, the day the package list was taken. */
  date: string;
  /** What `figure` means per registry, for the documents. */
  figures: Record<CoverageRegistry, string>;
  /** How the candidates were chosen from the whole list. */
  selection: Record<CoverageRegistry, string>;
  npm: Candidate[];
  pypi: Candidate[];
}

/** What a package is, for the ranking: only `server` is ranked. */
export const KINDS = ['server', 'sdk', 'framework', 'library', 'proxy', 'client', 'inspector', 'types', 'launcher', 'other'] as const;
export type Kind = (typeof KINDS)[number];

/** Why a ranked server has no record yet. */
export const NOT_YET = ['not yet recorded', 'no readable source', 'deprecated', 'launcher for other servers', 'cannot start'] as const;
type NotYet = (typeof NOT_YET)[number];

/** One reviewed override (`docs/coverage/overrides.yaml`): the kind, why, and for a server without a record why not yet. */
export interface Override {
  kind: Kind;
  reason: string;
  not_yet?: NotYet;
}

/** The overrides per registry, by package name as the list spells it. */
export type Overrides = Record<CoverageRegistry, Record<string, Override>>;

/** A candidate with its kind and where the kind came from. */
export interface Classified extends Candidate {
  kind: Kind;
  /** `override` when the reviewed list says, else the rule's pattern that decided. */
  by: string;
  reason: string;
  notYet?: NotYet;
}

/** One row of a ranked list. */
export interface RankedServer extends Classified {
  rank: number;
  /** The record whose `server.packages` names it, if any. */
  recordId?: string;
  /** The package's `before` in that record: the record covers only older releases, so the package does not count as recorded. */
  before?: string;
}
