/**
 * The shapes of server identification (SPEC 6): what an entry is recognised
 * as, and the records' identities indexed for matching. Browser-safe.
 */
import type { CodeOption } from '../../core/record.ts';
import type { ServerVersion } from '../../core/version.ts';

/** How an entry was recognised: `command` only ever through a server mapping file (SPEC 6.3). */
export type IdentifiedVia = 'npm' | 'pypi' | 'image' | 'url' | 'command';

/** The answer for one entry. */
export type Identification =
  | {
      status: 'recognised';
      recordId: string;
      via: IdentifiedVia;
      /** What was matched, e.g. `npm @modelcontextprotocol/server-filesystem@2026.8.31` or `url https://api.githubcopilot.com/mcp/`. */
      subject: string;
      /** The pinned version (SPEC 6.4): undefined when unpinned, null when pinned but unreadable. */
      version: ServerVersion;
      /** The launcher words in front of the package, e.g. `cmd /c npx -y`. */
      launcher: string;
      /** Where the server mapping file says so (`FILE:LINE:COL`), when a mapping recognised it (SPEC 6.3). */
      mapping?: string;
      /** `rclass proxy` when the entry starts the server behind it, so rclass gates its calls. */
      gatedBy?: string;
    }
  | {
      status: 'unrecognised';
      reason: string;
      /**
       * A record the entry is known not to run: it runs that record's package
       * at or after the package's `before` (SPEC 5.3), so nothing may vouch for
       * it as that record (`--map`, `--record`, `--assume`).
       */
      notRecord?: string;
    }
  | { status: 'invalid'; reason: string }
  | { status: 'disabled' };

/** The records' identities, indexed for matching. */
export interface IdentityIndex {
  npm: Map<string, Set<string>>;
  pypi: Map<string, Set<string>>;
  images: Map<string, Set<string>>;
  /** Record URLs, and mapped gateway URLs with `at`, where the mapping file says so. */
  urls: Array<{ origin: string; segments: string[]; recordId: string; at?: string }>;
  /**
   * Packages whose publisher replaced the server they run: `npm NAME` or
   * `pypi NORMALISED-NAME` → the record's `before` version (SPEC 5.3).
   */
  before?: Map<string, string>;
  /** `pypi NORMALISED-NAME` or `npm NAME` → the console scripts or `bin` executables a record says the package declares, each running its server (`server.packages[].scripts`, SPEC 6.1). */
  scripts?: Map<string, Set<string>>;
  /** Record id → the server's own options and variables that make it run other code (`server.code_options`, SPEC 6.2). */
  codeOptions?: Map<string, readonly CodeOption[]>;
  /** What a server mapping file adds (SPEC 6.3); see {@link withMappings}. */
  mapped?: MappedIdentities;
  /**
   * Looks at the folder a server starts in for settings that choose another
   * registry or index (SPEC 6.2), e.g. a repository's `.npmrc`; Node-side
   * callers set it (see `src/config/project-settings.ts`), so this module
   * stays free of file access.
   * @returns why the entry is unrecognised, or undefined when nothing there changes what runs
   */
  project?: (dir: string, launcher: PackageLauncher) => string | undefined;
}

/** The launcher families whose settings a project folder can change. */
export type PackageLauncher = 'npm' | 'pnpm' | 'bun' | 'uv';

/** A server mapping file's identities, indexed (SPEC 6.3). Each value carries where the file says so. */
export interface MappedIdentities {
  /** Canonical image name → record id → `FILE:LINE:COL`. */
  images: Map<string, Map<string, string>>;
  /** npm package → the registries it is mapped from. */
  npm: Map<string, Array<{ registry: string; recordId: string; at: string }>>;
  /** Absolute launchers with their exact arguments. */
  commands: Array<{ command: string; args: string[]; recordId: string; at: string }>;
}

/** One step of identification: its result, or why the entry is unrecognised. */
export type Step<T> = T | { error: string; notRecord?: string };

/** A match, before it becomes an {@link Identification}. */
export type Found = { recordId: string; subject: string; version: ServerVersion; launcher: string; mapping?: string };
