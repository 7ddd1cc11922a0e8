/**
 * What every hook event needs: the user's options, where state and the log
 * live, Claude Code's project folder, who and where the hook runs, and the
 * registry, loaded once per process and only when an MCP call needs it.
 * Node-only.
 */
import os from 'node:os';
import path from 'node:path';
import { appendAudit, type AuditEntry, type AuditRecord } from '../audit/log.ts';
import type { AnchorTarget } from '../audit/anchor.ts';
import { AUDIT_LOG_NAME, homeFrom, sessionsDirectory, stateDirectory, unsafeStateFolder } from '../node/state-dir.ts';
import type { MappedServer } from '../clients/mappings.ts';
import { loadServerMappings, mappingFileLocation } from '../node/clients/read-mappings.ts';
import type { LayeredRegistry } from '../node/layered-registry.ts';
import type { Thresholds } from '../core/policy.ts';
import { claudeJsonFile, managedMcpFile } from '../node/clients/claude-code-paths.ts';
import { protectedPaths, type ProtectedPaths } from './builtin.ts';
import type { HookAgent } from '../clients/agents/builtins.ts';
import type { ServerMapping } from './map-option.ts';
import { HOOK_DEADLINE_MS } from '../clients/claude-code-hooks.ts';
import type { HookPayload, PartialPayload } from './payload.ts';
import { messageOf } from '../core/errors.ts';
import type { RegistrableDomainOf } from '../core/url/index.ts';

/** The hook's options, from its command line. */
export interface HookOptions {
  thresholds: Thresholds;
  /** `--egress-allow` hosts, already checked. */
  egressAllow: string[];
  /**
   * The Public Suffix List's registrable domain of a host (`src/node/egress-allowlist.ts`, SPEC 9.4),
   * set with a non-empty `egressAllow`; loaded only then, since the list is large and only an
   * allowlist needs it.
   */
  registrableDomain?: RegistrableDomainOf;
  /** `--map NAME=RECORD` values. */
  mappings: ServerMapping[];
  /** The audit log (absolute), or null for `--no-log`; undefined for the default place. */
  log?: string | null;
  /** `--anchor-file` (absolute) and `--anchor-command`: where each new chain head goes (SPEC 10.3). */
  anchor?: AnchorTarget;
  /** `--registry FILE` (absolute), or undefined for the bundled registry. */
  registry?: string;
  /** `--servers FILE` (absolute), or undefined for `RCLASS_SERVERS` or the system-wide file (SPEC 6.3). */
  servers?: string;
  /** `--records DIR` (absolute), or undefined for `records/` in the state folder (SPEC 5.10). */
  records?: string;
}

/** The server mapping file as the hook may use it (SPEC 6.3). */
export type HookMappings =
  | { usable: true; file?: string; mappings: MappedServer[] }
  /** `file` exists (or was named) but is not used; `why` says why, for the reason shown with an unrecognised server. */
  | { usable: false; file: string; why: string };

/** What the hook runs with besides its options; tests replace any of it. */
export interface HookEnvironment {
  env: Readonly<Record<string, string | undefined>>;
  /** The folder relative paths are read against (only `--registry` and `--log` use it, and they must be absolute). */
  cwd: string;
  /** `managed-mcp.json`; the platform's file by default. */
  managedMcp?: string;
  /** The clock. */
  now?: () => Date;
  /** Stops work after the answer was given (the deadline passed). */
  cancelled?: () => boolean;
}

/** Budgets within the hook's deadline (ms from the start). */
export const BUDGET = {
  /** Waiting for the session lock ends here; state is then treated as unkeepable (SPEC 9.3). */
  sessionLock: Math.round(HOOK_DEADLINE_MS * 0.4),
  /** Waiting for the log lock ends here. */
  logLock: Math.round(HOOK_DEADLINE_MS * 0.85),
} as const;

/** The work was stopped because the hook already answered. */
export class CancelledError extends Error {
  override name = 'CancelledError';
}

/** Everything an event handler needs. */
export class HookContext {
  readonly options: HookOptions;
  readonly environment: HookEnvironment;
  readonly started: number;
  /** rclass's state folder, or undefined when there is none (then state cannot be kept). */
  readonly stateDir: string | undefined;
  /** Why there is no state folder. */
  readonly stateProblem: string | undefined;
  /** Why the state folder there is refused (another user's, or open to group or others): then every call asks. */
  readonly stateUnsafe: string | undefined;
  /** The audit log in use, or undefined when not logging (or nowhere to log). */
  readonly logFile: string | undefined;
  /** Why decisions cannot be logged although logging is on. */
  readonly logProblem: string | undefined;
  /** What Claude Code's built-in tools may not write without a prompt: the state, the log and Claude Code's settings. */
  readonly protected: ProtectedPaths;
  readonly user: string | null;
  readonly host: string | null;
  /** What is known of the payload once it was read, for logging a timeout. */
  seen: PartialPayload | undefined;
  #registry: Promise<LayeredRegistry> | undefined;
  #mappings: Promise<HookMappings> | undefined;

  constructor(options: HookOptions, environment: HookEnvironment, started = Date.now()) {
    this.options = options;
    this.environment = environment;
    this.started = started;
    let stateDir: string | undefined;
    let stateProblem: string | undefined;
    let stateUnsafe: string | undefined;
    try {
      stateDir = stateDirectory(environment.env);
      stateUnsafe = unsafeStateFolder(stateDir);
      if (stateUnsafe !== undefined) {
        stateProblem = stateUnsafe;
        stateDir = undefined;
      }
    } catch (error) {
      stateProblem = messageOf(error);
    }
    this.stateDir = stateDir;
    this.stateUnsafe = stateUnsafe;
    this.stateProblem = stateProblem;
    if (options.log === null) {
      this.logFile = undefined;
      this.logProblem = undefined;
    } else if (options.log !== undefined) {
      this.logFile = options.log;
      this.logProblem = undefined;
    } else {
      this.logFile = stateDir === undefined ? undefined : path.join(stateDir, AUDIT_LOG_NAME);
      this.logProblem = stateDir === undefined ? `the audit log has no place: ${stateProblem ?? 'no state folder'}` : undefined;
    }
    this.protected = protectedPaths(stateDir, this.logFile, 'claude-code', environment.env, homeFrom(environment.env), this.#extraProtected());
    this.user = environment.env.USER ?? environment.env.LOGNAME ?? environment.env.USERNAME ?? safeUser();
    this.host = safeHost();
  }

  /**
   * What an agent's own tools may not write without a prompt: the state, the log and that agent's settings and hook files.
   * @param agent e.g. `gemini` ({@link protectedPaths})
   */
  protectedFor(agent: HookAgent): ProtectedPaths {
    return agent === 'claude-code'
      ? this.protected
      : protectedPaths(this.stateDir, this.logFile, agent, this.environment.env, homeFrom(this.environment.env), this.#extraProtected());
  }

  /** A `--records DIR` outside the state folder: its local records decide like the registry, so the agent's own tools may not write it without a prompt. */
  #extraProtected(): string[] {
    return this.options.records === undefined ? [] : [this.options.records];
  }

  /** The folder of session files, or undefined without a state folder. */
  get sessionsDir(): string | undefined {
    try {
      return this.stateDir === undefined ? undefined : sessionsDirectory(this.environment.env);
    } catch {
      return undefined;
    }
  }

  /** `~/.claude.json` (or inside `CLAUDE_CONFIG_DIR`). */
  get claudeJson(): string | undefined {
    return claudeJsonFile(this.environment.env);
  }

  /** `managed-mcp.json`. */
  get managedMcp(): string {
    return this.environment.managedMcp ?? managedMcpFile();
  }

  /** `CLAUDE_PROJECT_DIR`, when Claude Code set it to an absolute path. */
  get envProjectDir(): string | undefined {
    const dir = this.environment.env.CLAUDE_PROJECT_DIR;
    return dir !== undefined && dir !== '' && path.isAbsolute(dir) ? dir : undefined;
  }

  /** The project folder for a new session: `CLAUDE_PROJECT_DIR`, or the payload's `cwd`. */
  projectDirAtStart(payload: HookPayload): string | null {
    return this.envProjectDir ?? (payload.cwd !== undefined && path.isAbsolute(payload.cwd) ? payload.cwd : null);
  }

  /** The current time. */
  now(): Date {
    return (this.environment.now ?? (() => new Date()))();
  }

  /** A deadline `ms` after the hook started. */
  at(ms: number): number {
    return this.started + ms;
  }

  /** Throw {@link CancelledError} when the hook already answered. */
  checkCancelled(): void {
    if (this.environment.cancelled?.() === true) throw new CancelledError('the hook already answered');
  }

  /**
   * The registry, loaded on first use (only MCP calls need it): every
   * record's identity, and a record in full on request; through the build's
   * index unless `--registry` names a document (issue 14). The local records
   * (`--records DIR`, or `records/` in the state folder; SPEC 5.10) are added
   * to it, read once per process; their problems come with it (`local`), for
   * the caller to ask rather than allow.
   * @throws RegistryError when the public registry cannot be loaded (a local records problem never throws)
   */
  registry(): Promise<LayeredRegistry> {
    this.#registry ??= (async () => {
      const [{ loadRegistryForCalls }, { loadLayered }] = await Promise.all([import('../node/registry.ts'), import('../node/layered-registry.ts')]);
      const indexed = await loadRegistryForCalls(this.options.registry, this.environment.cwd);
      const dir = this.options.records ?? (this.stateDir === undefined ? undefined : path.join(this.stateDir, 'records'));
      return loadLayered(indexed, dir, this.options.records !== undefined);
    })();
    return this.#registry;
  }

  /**
   * The server mapping file, read on first use (SPEC 6.3). The hook uses it
   * only when it parses cleanly and the user cannot write it or a folder on its path:
   * an agent runs as the user, and a mapping it could edit would let it
   * vouch for any server. A file it does not use leaves servers
   * unrecognised (R4), never recognised by mistake. Never throws.
   */
  mappings(): Promise<HookMappings> {
    this.#mappings ??= (async (): Promise<HookMappings> => {
      const env = this.environment.env;
      const named = this.options.servers ?? (env.RCLASS_SERVERS !== undefined && env.RCLASS_SERVERS !== '' ? env.RCLASS_SERVERS : undefined);
      if (named !== undefined && !path.isAbsolute(named))
        return { usable: false, file: named, why: 'its path is relative, and the hook runs in whatever folder the agent is in' };
      const file = mappingFileLocation(named, env, this.environment.cwd).file;
      try {
        const loaded = await loadServerMappings({ ...(named !== undefined ? { flag: named } : {}), env, cwd: this.environment.cwd });
        if (loaded.file === undefined) return { usable: true, mappings: [] };
        if (loaded.problems.length > 0)
          return {
            usable: false,
            file,
            why: `it has problems (${loaded.problems.length}; run \`rclass scan --list --servers ${file}\` or \`rclass policy\` with it to see them)`,
          };
        if (loaded.writable) return { usable: false, file, why: 'you can write it or a folder on its path, so an agent running as you could too' };
        return { usable: true, file, mappings: loaded.mappings };
      } catch (error) {
        return { usable: false, file, why: messageOf(error) };
      }
    })();
    return this.#mappings;
  }

  /**
   * Append to the audit log, unless logging is off.
   * @param deadline when to stop waiting for the lock (ms since the epoch); by default the hook's log budget, and the append is skipped once the hook has answered
   * @param unanchored what a record becomes when no anchored head will cover it (see {@link appendAudit})
   * @returns the entries written, `[]` when not logging
   * @throws when logging is on and the log cannot be written (or has no place);
   *   AnchorWriteError when the lines were written but the anchor could not be
   */
  async log(records: AuditRecord[], deadline?: number, unanchored?: (record: AuditRecord, why: string) => AuditRecord): Promise<AuditEntry[]> {
    if (this.options.log === null) return [];
    if (this.logFile === undefined) throw new Error(this.logProblem ?? 'the audit log has no place');
    if (deadline === undefined) this.checkCancelled();
    const now = this.environment.now;
    return appendAudit(this.logFile, records, {
      deadline: deadline ?? this.at(BUDGET.logLock),
      ...(now !== undefined ? { now } : {}),
      ...(this.options.anchor !== undefined ? { anchor: this.options.anchor } : {}),
      ...(unanchored !== undefined ? { unanchored } : {}),
    });
  }
}

function safeUser(): string | null {
  try {
    return os.userInfo().username;
  } catch {
    return null;
  }
}

function safeHost(): string | null {
  try {
    return os.hostname();
  } catch {
    return null;
  }
}
