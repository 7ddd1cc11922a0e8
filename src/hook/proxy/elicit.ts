/**
 * The two ways `rclass proxy` puts a question to its client (SPEC 8.7,
 * issue 28 item 4), and what it reads from the answers:
 *
 * - the request style (MCP 2025-06-18 to 2025-11-25): the proxy sends the
 *   client an `elicitation/create` request and waits for its `ElicitResult`;
 *   the modes come from the capabilities the client declared in
 *   `initialize` (`capabilities.elicitation`, where `{}` means form only);
 * - the retry style (MCP 2026-07-28, SEP-2322 "multi round-trip requests"):
 *   a call whose `_meta` names protocol version 2026-07-28 or later
 *   (`io.modelcontextprotocol/protocolVersion`) is answered with an
 *   `InputRequiredResult` (`resultType: "input_required"`, the question under
 *   `inputRequests`, the approval's nonce as `requestState`), and the client
 *   retries the call with the answer under `inputResponses` and the
 *   `requestState` echoed; the modes come from that call's own
 *   `io.modelcontextprotocol/clientCapabilities`, never from an earlier
 *   request (schema/2026-07-28/schema.ts, docs/specification/2026-07-28/
 *   basic/patterns/mrtr.mdx and client/elicitation.mdx in
 *   modelcontextprotocol/modelcontextprotocol).
 *
 * Either style carries a form question (`mode: "form"`, one boolean
 * `approve`) or a URL question (`mode: "url"` with the local page's URL).
 * Node-only (it sits with the proxy).
 */
import { randomUUID } from 'node:crypto';

/** The elicitation modes a client declared. */
export interface Modes {
  form: boolean;
  url: boolean;
}

/** The first protocol version whose server-to-client questions use the retry style. */
const RETRY_STYLE_VERSION = '2026-07-28';

/** The key of the proxy's question in `inputRequests` and `inputResponses`. */
const INPUT_KEY = 'rclass-approval';

/** The prefix of the `requestState` the proxy hands out: its own, never a server's. */
const STATE_PREFIX = 'rclass-approval.';

const NO_MODES: Modes = { form: false, url: false };

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * The elicitation modes in a `ClientCapabilities` object: `form` when
 * declared, or when the object is empty (MCP 2025-11-25 and 2026-07-28:
 * `{}` is form only); `url` only when declared.
 */
export function modesOf(capabilities: unknown): Modes {
  const elicitation = objectOf(objectOf(capabilities)?.elicitation);
  if (elicitation === undefined) return NO_MODES;
  return { form: elicitation.form !== undefined || elicitation.url === undefined, url: elicitation.url !== undefined };
}

/**
 * The modes a call declares for itself when it speaks the retry style: its
 * `_meta` names protocol version {@link RETRY_STYLE_VERSION} or later.
 * @param params the `tools/call` params
 * @returns the call's own modes, or undefined for a call of an earlier protocol (use `initialize`'s)
 */
export function retryStyleModes(params: Record<string, unknown>): Modes | undefined {
  const meta = objectOf(params._meta);
  const version = meta?.['io.modelcontextprotocol/protocolVersion'];
  if (typeof version !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(version) || version < RETRY_STYLE_VERSION) return undefined;
  return modesOf(meta?.['io.modelcontextprotocol/clientCapabilities']);
}

/** The params of a form question: one boolean, `approve`. */
export function formQuestion(message: string): Record<string, unknown> {
  return {
    mode: 'form',
    message,
    requestedSchema: {
      type: 'object',
      properties: { approve: { type: 'boolean', title: 'Run this call', description: 'Only an accepted answer with this set to true lets the call run.' } },
      required: ['approve'],
    },
  };
}

/**
 * The params of a URL question. The request style (MCP 2025-11-25) requires
 * an `elicitationId`; 2026-07-28 removed it.
 */
export function urlQuestion(message: string, url: string, style: 'request' | 'retry'): Record<string, unknown> {
  return style === 'request' ? { mode: 'url', message, url, elicitationId: randomUUID() } : { mode: 'url', message, url };
}

/** An `InputRequiredResult` carrying one question of the proxy's, with the approval's nonce as `requestState`. */
export function inputRequired(question: Record<string, unknown>, nonce: string): Record<string, unknown> {
  return {
    resultType: 'input_required',
    inputRequests: { [INPUT_KEY]: { method: 'elicitation/create', params: question } },
    requestState: `${STATE_PREFIX}${nonce}`,
  };
}

/**
 * A retried call that answers one of the proxy's questions: it carries the
 * proxy's `requestState`.
 * @returns the nonce and the client's answer (undefined when it sent none), or undefined for any other call
 */
export function retryOf(params: Record<string, unknown>): { nonce: string; answer: unknown } | undefined {
  const state = params.requestState;
  if (typeof state !== 'string' || !state.startsWith(STATE_PREFIX)) return undefined;
  return { nonce: state.slice(STATE_PREFIX.length), answer: objectOf(params.inputResponses)?.[INPUT_KEY] };
}

/** A retried call's params without what was the proxy's (its `requestState` and its answer), as the server gets them. */
export function withoutRetryFields(params: Record<string, unknown>): Record<string, unknown> {
  const { requestState: _state, inputResponses, ...rest } = params;
  const responses = objectOf(inputResponses);
  if (responses === undefined) return rest;
  const { [INPUT_KEY]: _ours, ...others } = responses;
  return Object.keys(others).length > 0 ? { ...rest, inputResponses: others } : rest;
}

/** What the client answered: whether it accepted, whether a form's `approve` was true, and otherwise why not. */
export interface ClientAnswer {
  accepted: boolean;
  approve: boolean;
  why: string;
}

/**
 * Read an `ElicitResult` (the result of an `elicitation/create` request, or
 * the value under the proxy's key in `inputResponses`). Only
 * `action: "accept"` is accepted; a form approves only with
 * `content.approve === true`.
 * @param result the result, or undefined when there was none (the client went away, or left it out of the retry)
 */
export function readElicitResult(result: unknown): ClientAnswer {
  const no = (why: string): ClientAnswer => ({ accepted: false, approve: false, why });
  if (result === undefined) return no('no answer');
  const fields = objectOf(result);
  if (fields === undefined) return no('the answer was malformed');
  if (fields.action === 'decline') return no('the user declined');
  if (fields.action === 'cancel') return no('the user cancelled');
  if (fields.action !== 'accept') return no('the answer was malformed');
  const approve = objectOf(fields.content)?.approve === true;
  return { accepted: true, approve, why: approve ? 'approved' : 'the user accepted without setting approve to true' };
}
