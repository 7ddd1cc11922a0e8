/**
 * Session state for the session guard (SPEC 9) and the effective class of a
 * session (SPEC 10): whether anything has been read yet, the egress
 * allowlist, and the worst class decided so far.
 */
import { type ReversibilityClass, worseClass } from './classes.ts';
import type { RegistrableDomainOf } from './url/index.ts';

/** Options for a new session. */
export interface SessionOptions {
  /** Hosts (subdomains included) or exact IP literals that egress may reach after a read. */
  egressAllow?: readonly string[];
  /** The Public Suffix List, when the caller has one: an entry then covers a host only at or below its registrable domain (SPEC 9.4). */
  registrableDomain?: RegistrableDomainOf;
  /** Start as if something had already been read (a resumed or unknown session). */
  hasRead?: boolean;
}

/** Serialisable session state, for hooks that keep it between processes. */
export interface SessionState {
  hasRead: boolean;
  effectiveClass: ReversibilityClass;
  calls: number;
}

/**
 * One agent session. Any recorded call counts as a read, since a tool's
 * result reaches the agent whatever its class (SPEC 9.1).
 */
export class Session {
  hasRead: boolean;
  effectiveClass: ReversibilityClass = 'R0';
  calls = 0;
  readonly egressAllow: readonly string[];
  readonly registrableDomain: RegistrableDomainOf | undefined;

  constructor(options: SessionOptions = {}) {
    this.hasRead = options.hasRead ?? false;
    this.egressAllow = options.egressAllow ?? [];
    this.registrableDomain = options.registrableDomain;
  }

  /** Restore a session from saved state (SPEC 9.3). */
  static fromState(state: SessionState, options: Omit<SessionOptions, 'hasRead'> = {}): Session {
    const session = new Session({ ...options, hasRead: state.hasRead });
    session.effectiveClass = state.effectiveClass;
    session.calls = state.calls;
    return session;
  }

  /**
   * Record that a call was made: the session has now read something, and its
   * effective class is the worst class of any call so far.
   * @param decided the classification of the call
   */
  record(decided: { class: ReversibilityClass }): void {
    this.hasRead = true;
    this.calls += 1;
    this.effectiveClass = worseClass(this.effectiveClass, decided.class);
  }

  /** The state to save between processes. */
  state(): SessionState {
    return { hasRead: this.hasRead, effectiveClass: this.effectiveClass, calls: this.calls };
  }
}
