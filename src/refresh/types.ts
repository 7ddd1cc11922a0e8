/** Shapes of one refresh run (`npm run refresh`): per server, and the whole report. */
import type { RunOutcome } from './listing.ts';
import type { SeenTool } from './compare.ts';

/**
 * What the refresh found for one record:
 * - `current`: the newest release is the pinned one (or older);
 * - `newer-same-tools`: a newer release lists exactly the record's tools, with no definition found changed;
 * - `drift`: a listed release adds, removes or changes tools;
 * - `behind`: a newer release exists whose tools could not be listed (no npm package);
 * - `incomplete`: the newest release could not be found, installed, started or listed;
 * - `skipped`: not asked for (`--source`), or nothing to look up.
 */
type RefreshStatus = 'current' | 'newer-same-tools' | 'drift' | 'behind' | 'incomplete' | 'skipped';

/** One record's result. */
export interface ServerRefresh {
  id: string;
  /** Where its releases were looked up; `documentation` for a record resting on the vendor's tool reference, which has no release to look up (SPEC 5.1). */
  source: 'npm' | 'github' | 'documentation';
  /** The npm package, the GitHub repository, or the vendor's first documentation page. */
  subject: string;
  pinned?: { version: string; from: string; tag?: string };
  latest?: { version: string; tag?: string };
  /** The version that was installed and listed, if any. */
  listedVersion?: string;
  status: RefreshStatus;
  /** Why it is incomplete or skipped; our words. */
  reason?: string;
  /** How it was started: the launch hints file, or `gates`. */
  launch?: string;
  runs: RunOutcome[];
  /** Gates that expose tools and no run turned on: their description names no switch, or no launch-hint run sets it. */
  gatesNotTurnedOn: string[];
  added: SeenTool[];
  removed: string[];
  notSeen: Array<{ name: string; gates: string[] }>;
  changed: string[];
  /** Record tools compared by fingerprint. */
  compared: number;
  /** Fingerprints of the record's tools at the listed release (stable over every run), by tool name. */
  fingerprints: Record<string, string>;
  /** Tools listed with different definitions by different runs: no fingerprint. */
  unstable: string[];
  /** A draft written for the added tools, as a path relative to the repository. */
  draft?: string;
  notes: string[];
  /** Seconds spent on this server. */
  seconds: number;
}

/** The whole refresh. */
export interface RefreshReport {
  /** `latest`: newest releases against the records; `pinned`: the pinned releases listed for fingerprints. */
  mode: 'latest' | 'pinned';
  date: string;
  servers: ServerRefresh[];
  /** 0 nothing changed, 1 drift found (or a newer release that could not be listed), 3 incomplete (wins over 1). */
  exitCode: 0 | 1 | 3;
}
