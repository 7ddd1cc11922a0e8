/**
 * The proxy's pending approvals (SPEC 8.7, issue 28 item 4): one entry per
 * question the proxy put to the user, bound to the call it is about (its
 * tool, the canonical JSON of its arguments and the tool's fingerprint as
 * the server last listed it, SPEC 5.2.1), under a random nonce. An entry is
 * single-use: the first attempt to redeem it removes it, whatever the
 * outcome, so a replayed answer finds nothing. It expires after
 * {@link APPROVAL_TTL_MS}. For the out-of-band channels the entry must also
 * be confirmed where the client's model does not reach (the local page, the
 * terminal) before an answer from the client can redeem it. Node-only.
 */
import { randomBytes } from 'node:crypto';
import type { ClientAnswer } from './elicit.ts';

/** How long a question stays answerable (ms): five minutes. */
export const APPROVAL_TTL_MS = 5 * 60_000;

/** Where an approval came from, as the audit log's `approved_via` records it (SPEC 10.1). */
export type ApprovalChannel = 'page' | 'tty' | 'client';

/** The call an approval stands for. */
export interface BoundCall {
  tool: string;
  /** The canonical JSON of its arguments. */
  args: string;
  /** The tool's fingerprint as the server last listed it (`rc-def-v2`), or null when it was never listed. */
  fingerprint: string | null;
}

/** One pending approval. */
export interface PendingApproval extends BoundCall {
  /** The channel the person answers on: the local page, the terminal, or the client's own question. */
  channel: ApprovalChannel;
  /** Expiry, ms since the epoch. */
  expires: number;
  /** Set once the person approved on the page or the terminal; never for the client channel. */
  confirmed: boolean;
  /** The id of the call that was asked about, which its decision line carries. */
  toolUseId: string;
  /** The server's name in the log, for the outcome line. */
  server: string | null;
  /** The page's form secret: only a visit to the page shows it, and only a POST carrying it confirms. */
  formSecret: string;
}

/** What redeeming gives: approved, or why not (for the outcome line's `detail`). */
export type Redeemed =
  | { approved: true; channel: ApprovalChannel; toolUseId: string; server: string | null }
  | { approved: false; why: string; toolUseId?: string; server?: string | null };

/** A random, URL-safe token of 32 bytes. */
function token(): string {
  return randomBytes(32).toString('base64url');
}

/** The pending approvals of one proxy run. */
export class Approvals {
  readonly #pending = new Map<string, PendingApproval>();
  readonly #now: () => number;

  /** @param now the clock (ms since the epoch) */
  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /**
   * Open an approval for one call.
   * @returns the nonce that names it (in the page's path, the retry's `requestState`)
   */
  open(call: BoundCall, channel: ApprovalChannel, asked: { toolUseId: string; server: string | null }): string {
    const nonce = token();
    this.#pending.set(nonce, { ...call, channel, ...asked, expires: this.#now() + APPROVAL_TTL_MS, confirmed: false, formSecret: token() });
    return nonce;
  }

  /** The pending approval a nonce names, while it can still be confirmed (for the page); undefined once used or expired. */
  peek(nonce: string): PendingApproval | undefined {
    const entry = this.#pending.get(nonce);
    if (entry === undefined) return undefined;
    if (entry.expires <= this.#now()) {
      this.#pending.delete(nonce);
      return undefined;
    }
    return entry;
  }

  /**
   * Record the person's approval on the page or the terminal.
   * @param formSecret for the page: the secret its form carried; it must match
   * @returns whether the approval was confirmed (false: unknown, used, expired, wrong secret, or the client's channel)
   */
  confirm(nonce: string, formSecret?: string): boolean {
    const entry = this.peek(nonce);
    if (entry === undefined || entry.channel === 'client') return false;
    if (entry.channel === 'page' && formSecret !== entry.formSecret) return false;
    entry.confirmed = true;
    return true;
  }

  /**
   * Redeem an approval for the call about to be forwarded, once: the entry is
   * removed on the first attempt, approved or not.
   * @param nonce the approval's nonce
   * @param call the call about to be forwarded, which must be the one bound
   * @param answer the client's answer: a form (the client channel) needs an accept with `approve: true`, the page an accept; the terminal none
   */
  redeem(nonce: string, call: BoundCall, answer: ClientAnswer | undefined): Redeemed {
    const entry = this.#pending.get(nonce);
    if (entry === undefined) return { approved: false, why: 'the approval is unknown or was used already' };
    this.#pending.delete(nonce);
    const no = (why: string): Redeemed => ({ approved: false, why, toolUseId: entry.toolUseId, server: entry.server });
    if (entry.expires <= this.#now()) return no('the approval expired');
    if (entry.tool !== call.tool || entry.args !== call.args) return no('the approval was for another call');
    if (entry.fingerprint !== call.fingerprint) return no("the tool's definition changed after it was asked about");
    if (entry.channel === 'client' && !(answer?.accepted === true && answer.approve)) return no(answer?.why ?? 'no answer');
    if (entry.channel === 'page' && answer?.accepted !== true) return no(answer?.why ?? 'no answer');
    if (entry.channel !== 'client' && !entry.confirmed) return no(`nobody approved it on the ${entry.channel === 'page' ? 'local page' : 'terminal'}`);
    return { approved: true, channel: entry.channel, toolUseId: entry.toolUseId, server: entry.server };
  }

  /** Forget every pending approval (the client went away). */
  clear(): void {
    this.#pending.clear();
  }
}
