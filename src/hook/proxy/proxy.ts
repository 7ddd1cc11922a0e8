/**
 * `rclass proxy`: a stdio MCP proxy in front of one server (SPEC 3, 8, 9,
 * 10), for clients that have no hooks. Every message passes through
 * unchanged except `tools/call`, which the decision core classifies with its
 * arguments and the session guard:
 *
 * - no decision or `allow` (R0–R1 under the default thresholds): forwarded;
 * - `ask` (R2 and up): the user is asked, in the style the call speaks
 *   (./elicit.ts: an `elicitation/create` request with the modes declared in
 *   `initialize`, or for a 2026-07-28 call an `input_required` result that
 *   the client answers by retrying), and the call is forwarded only when
 *   the pending approval it was asked under (./approvals.ts: bound to its
 *   tool, canonical arguments and the tool's fingerprint, single-use,
 *   expiring) is redeemed by an approval on its channel: for R4, the
 *   terminal (`--approve-tty`, ./approval-tty.ts) or the local page
 *   (./approval-page.ts, sent as a URL-mode question) where the client's
 *   model cannot answer; else, and as the fallback, the client's form with
 *   `approve: true`; a client that can be asked nothing gets a tool error
 *   naming the class and how to let the call run, and the call never
 *   reaches the server;
 * - `deny` (from `--deny-from`): a tool error, without asking.
 *
 * With `--annotate`, each `tools/list` result is rewritten on its way to the
 * client (./annotate.ts, SPEC 7.4): every tool carries the hints and action
 * metadata of its registry class, so a client that acts on hints acts on
 * the registry's, not the server's.
 *
 * The proxy's questions and the server's own requests to the client never
 * share an id (./ids.ts): the proxy's are random, the server's are rewritten
 * on the way to the client and mapped back on the way up, and a response to
 * no outstanding request, or a second one, is dropped (issue 23, item 1).
 *
 * A `tools/call` whose id is that of a request still in flight (sent, not
 * yet answered) is refused with a JSON-RPC error and never decided or run:
 * JSON-RPC 2.0 makes ids unique among a client's outstanding requests, and
 * two calls under one id would be indistinguishable in the proxy's own
 * bookkeeping (which outcome line, which approval) and in the client's.
 *
 * Every decision is logged to the same audit log as the hooks, with an
 * outcome line when a forwarded call's result comes back (with
 * `approved_via` for an approved one), and a `not_run` outcome line when a
 * call that was asked about is not run (SPEC 10.1). A request refused
 * before any decision (a retry naming no pending approval, a reused id)
 * gets a `not_run` outcome line marked `refused`, which links to no
 * decision.
 * Any error in deciding is treated as `ask` (SPEC 4.4): the call is never
 * forwarded unasked. Node-only.
 */
import { randomUUID } from 'node:crypto';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { canonicalJson } from '../../core/canonical-json.ts';
import { worseClass } from '../../core/classes.ts';
import { messageOf } from '../../core/errors.ts';
import type { LayeredRegistry } from '../../node/layered-registry.ts';
import { digestOf } from '../../node/digest.ts';
import { rfc3339 } from '../../node/time.ts';
import type { HookContext } from '../context.ts';
import { type HookDecision, oneLine } from '../decide.ts';
import type { ServerResolution } from '../identify-session.ts';
import type { OpenedSession } from '../session.ts';
import { freshState } from '../state.ts';
import { classifyResolved, errorVerdict } from '../core/classify-call.ts';
import { identityIndex } from '../core/identity.ts';
import { logVerdict } from '../core/log-verdict.ts';
import type { CallIdentity, Verdict } from '../core/verdict.ts';
import type { ReversibilityClass } from '../../core/classes.ts';
import { toolDefinition, toolFingerprint } from '../../core/fingerprint.ts';
import { type AnnotationSource, annotateToolList } from './annotate.ts';
import { ApprovalPage } from './approval-page.ts';
import { askTerminal, terminalQuestion } from './approval-tty.ts';
import { type ApprovalChannel, Approvals, type BoundCall } from './approvals.ts';
import {
  type ClientAnswer,
  formQuestion,
  inputRequired,
  type Modes,
  modesOf,
  readElicitResult,
  retryOf,
  retryStyleModes,
  urlQuestion,
  withoutRetryFields,
} from './elicit.ts';
import { resolveWrapped, type WrappedServer } from './identify.ts';
import { ClientIds, type RequestId } from './ids.ts';

/** Options of one proxy run. */
export interface ProxyOptions {
  server: WrappedServer;
  /** `--allow-tool NAME`: tools the user lets through without asking, whatever their class (logged as `allow`). */
  allowTools: readonly string[];
  /** `--annotate`: rewrite each listed tool's hints and action metadata from the registry (SPEC 7.4). */
  annotate?: boolean;
  /** `--approve-tty`: approve R4 calls on the controlling terminal rather than through the client (SPEC 8.7). */
  approveTty?: boolean;
}

/** How long one log append may wait for the log's lock (ms); the proxy runs for hours, so each append gets its own budget. */
const LOG_WAIT_MS = 5000;

type Id = RequestId;
type Request = { jsonrpc: '2.0'; id: Id; method: string; params?: Record<string, unknown> };

/** A call as its outcome line names it. */
type Called = { server: string | null; tool: string; input: unknown };

/** The canonical JSON of a call's arguments, or undefined when they have none (too deep, or not JSON). */
function canonicalArgs(input: unknown): string | undefined {
  try {
    return canonicalJson(input);
  } catch {
    return undefined;
  }
}

function isRequest(message: JSONRPCMessage): message is JSONRPCMessage & Request {
  return 'method' in message && 'id' in message && message.id !== undefined;
}

function isResponse(message: JSONRPCMessage): message is JSONRPCMessage & { id: Id; result?: Record<string, unknown>; error?: unknown } {
  return !('method' in message) && 'id' in message;
}

/** A request id as a set member: `7` and `"7"` are different ids (JSON-RPC 2.0 section 4). */
function idKey(id: unknown): string {
  return `${typeof id}:${String(id)}`;
}

/** JSON-RPC 2.0's error code for a request that is not a valid request object (section 5.1). */
const INVALID_REQUEST = -32600;

/**
 * Run the proxy until either side closes.
 * @param upstream the wrapped server (a client transport, not started)
 * @param downstream the MCP client (a server transport, not started)
 * @param note writes one line to stderr
 * @returns when either side has closed
 */
export async function runProxy(
  context: HookContext,
  options: ProxyOptions,
  upstream: Transport,
  downstream: Transport,
  note: (line: string) => void,
): Promise<void> {
  const sessionId = `proxy:${randomUUID()}`;
  const session: OpenedSession = { state: freshState(sessionId, rfc3339(context.now()), context.environment.cwd), status: 'new' };
  session.state.servers = {};
  /** The elicitation modes the client declared in `initialize` (the request style). */
  let initialModes: Modes = { form: false, url: false };
  const ids = new ClientIds();
  /** The proxy's questions awaiting the client's answer, by their (random) id. */
  const asked = new Map<string, (answer: JSONRPCMessage | undefined) => void>();
  /** The approvals the proxy is waiting for, and its local page. */
  const approvals = new Approvals();
  const page = new ApprovalPage(approvals);
  /** Each listed tool's fingerprint as the server last listed it (SPEC 5.2.1), which an approval is bound to. */
  const fingerprints = new Map<string, string | null>();
  /** Forwarded calls, by id: what their outcome line needs (the asked call's id, and the channel that approved it). */
  const forwarded = new Map<Id, Called & { toolUseId?: string; via?: ApprovalChannel }>();
  /** The client's requests sent on and not yet answered, by {@link idKey}: a `tools/call` reusing one of these ids is refused. */
  const inFlight = new Set<string>();
  /** The client's `tools/list` requests, by id: their results give the fingerprints, and `--annotate` rewrites them. */
  const listing = new Set<Id>();
  let resolution: Promise<{ registry: LayeredRegistry; resolution: ServerResolution }> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let toClient: Promise<void> = Promise.resolve();

  const resolve = () => {
    resolution ??= (async () => {
      const registry = await context.registry();
      const identities = registry.identities;
      const mappings = await context.mappings();
      const index = identityIndex(identities, mappings, context.environment.env.HOME ?? context.environment.env.USERPROFILE);
      const found = resolveWrapped(options.server, context.environment.env, index, (id) => identities.server(id) !== undefined);
      if (found.status === 'unrecognised' && !mappings.usable) found.reason += `; the server mapping file \`${mappings.file}\` was not used: ${mappings.why}`;
      return { registry, resolution: found };
    })();
    return resolution;
  };

  /** The record the server was identified as, with the whole record loaded, for `--annotate`; undefined (every tool R4) when there is none or on an error. */
  const annotationSource = async (): Promise<AnnotationSource> => {
    try {
      const { registry, resolution: found } = await resolve();
      if (found.status !== 'recognised') return undefined;
      return { registry: await registry.record(found.recordId), recordId: found.recordId, version: found.version };
    } catch (error) {
      note(`rclass: the server's record could not be read, so every listed tool is annotated as R4: ${messageOf(error)}`);
      return undefined;
    }
  };

  /** A `tools/list` response with each tool's fields from the registry (SPEC 7.4); an error response passes unchanged. */
  const annotateListing = async (message: JSONRPCMessage): Promise<JSONRPCMessage> => {
    const result = 'result' in message ? (message.result as unknown) : undefined;
    if (result === null || typeof result !== 'object' || Array.isArray(result)) return message;
    return { ...message, result: await annotateToolList(result as Record<string, unknown>, await annotationSource(), note) } as JSONRPCMessage;
  };

  /** Remember each listed tool's fingerprint, from the server's own listing (before `--annotate`). */
  const noteFingerprints = async (message: JSONRPCMessage) => {
    const result = 'result' in message ? (message.result as unknown) : undefined;
    const tools = result !== null && typeof result === 'object' ? (result as Record<string, unknown>).tools : undefined;
    if (!Array.isArray(tools)) return;
    for (const tool of tools as unknown[]) {
      const name = tool !== null && typeof tool === 'object' ? (tool as Record<string, unknown>).name : undefined;
      if (typeof name !== 'string') continue;
      try {
        fingerprints.set(name, await toolFingerprint(toolDefinition(tool)));
      } catch {
        // No fingerprint (no canonical JSON): the approval is bound to null, as for a tool never listed.
        fingerprints.set(name, null);
      }
    }
  };

  /** Decide one call under the session's state, in arrival order. */
  const decide = (
    tool: string,
    input: Record<string, unknown>,
    call: CallIdentity,
  ): Promise<{ decision: HookDecision; reason: string; server: string | null; cls?: ReversibilityClass }> => {
    const run = queue.then(async () => {
      let verdict: Verdict;
      let server: string | null = null;
      try {
        const { registry, resolution: found } = await resolve();
        server = found.server;
        verdict = await classifyResolved(context, registry, call, { resolution: { ...found, tool }, toolName: tool, input }, session);
      } catch (error) {
        verdict = errorVerdict(context, call, tool, messageOf(error));
      }
      if (options.allowTools.includes(tool) && verdict.decision !== 'deny' && verdict.audit !== undefined) {
        verdict = {
          ...verdict,
          decision: 'allow',
          reason: oneLine(`${verdict.reason.replace(/ Needs your approval\.$/, '')} Allowed without a prompt: rclass proxy runs with --allow-tool ${tool}.`),
          audit: { ...verdict.audit, decision: 'allow' },
        };
      }
      const { state } = session;
      state.has_read = true;
      state.calls += 1;
      if (verdict.cls !== undefined) state.effective_class = worseClass(state.effective_class, verdict.cls);
      if (verdict.audit !== undefined) verdict.audit.effective_class = state.effective_class;
      const stderr: string[] = [];
      const answer = await logVerdict(context, verdict, stderr, Date.now() + LOG_WAIT_MS);
      for (const line of stderr) note(line);
      return { ...answer, server, ...(verdict.cls !== undefined ? { cls: verdict.cls } : {}) };
    });
    queue = run.catch(() => undefined);
    return run;
  };

  /** The tool's fingerprint as the server last listed it (SPEC 5.2.1), or null when it has not been listed. */
  const boundCall = (tool: string, args: string): BoundCall => ({ tool, args, fingerprint: fingerprints.get(tool) ?? null });

  /**
   * Which channel approves one asked call: for R4, the terminal (with
   * `--approve-tty`), else the local page when the client can open a URL,
   * else the client's own question; below R4, the client's form, else the
   * page. Undefined when the client can be asked nothing.
   * @param tty whether the terminal may be used (false once it could not be opened: the R4 call then goes to the page before the client's form)
   */
  const channelFor = (cls: ReversibilityClass | undefined, modes: Modes, tty = options.approveTty === true): ApprovalChannel | undefined => {
    const irreversible = cls === undefined || cls === 'R4';
    if (irreversible && tty) return 'tty';
    if (irreversible && modes.url) return 'page';
    if (modes.form) return 'client';
    if (modes.url) return 'page';
    return undefined;
  };

  /**
   * Ask the client one question in the request style (`elicitation/create`)
   * and wait for its answer.
   * @returns the answer as read, or undefined when the client went away
   */
  const request = async (question: Record<string, unknown>): Promise<ClientAnswer> => {
    const id = ids.own();
    const response = new Promise<JSONRPCMessage | undefined>((settle) => asked.set(id, settle));
    await downstream.send({ jsonrpc: '2.0', id, method: 'elicitation/create', params: question } as JSONRPCMessage);
    const answer = await response;
    if (answer === undefined) return readElicitResult(undefined);
    if ('error' in answer && answer.error !== undefined) return { accepted: false, approve: false, why: 'the client answered with an error' };
    return readElicitResult('result' in answer ? answer.result : undefined);
  };

  /** Forward a call that was approved, with its outcome line to come (SPEC 10.1). */
  const forwardApproved = async (message: Request, asCalled: Called, approved: { channel: ApprovalChannel; toolUseId: string }) => {
    forwarded.set(message.id, { ...asCalled, toolUseId: approved.toolUseId, via: approved.channel });
    await upstream.send(message as JSONRPCMessage);
  };

  /**
   * Put an asked call to the user on its channel: the terminal waits here;
   * the page and the client's form go out as a question in the call's style
   * (a request now, or an `InputRequiredResult` whose retry {@link onRetry}
   * takes).
   * @returns true when the call was answered (run, refused, or handed back for a retry); false when no channel exists
   */
  const askOutOfBand = async (message: Request, asCalled: Called, reason: string, cls: ReversibilityClass | undefined): Promise<boolean> => {
    const retryModes = retryStyleModes(message.params ?? {});
    const style = retryModes === undefined ? 'request' : 'retry';
    const modes = retryModes ?? initialModes;
    let channel = channelFor(cls, modes);
    if (channel === undefined) return false;
    const args = canonicalArgs(asCalled.input);
    if (args === undefined) {
      await writeOutcome(message.id, asCalled, 'not_run', 'its arguments have no canonical JSON form to bind an approval to');
      await refuse(message.id, `Not run: its arguments have no canonical JSON form to bind an approval to. ${reason}`);
      return true;
    }
    const asked = { toolUseId: String(message.id), server: asCalled.server };
    if (channel === 'tty') {
      const nonce = approvals.open(boundCall(asCalled.tool, args), 'tty', asked);
      let approved: boolean | undefined;
      try {
        approved = await askTerminal(terminalQuestion(reason, args));
      } catch (error) {
        note(`rclass: the terminal could not be opened (${messageOf(error)}), so the client is asked instead`);
      }
      if (approved !== undefined) {
        if (approved) approvals.confirm(nonce);
        const redeemed = approvals.redeem(nonce, boundCall(asCalled.tool, args), undefined);
        if (redeemed.approved) return forwardApproved(message, asCalled, redeemed).then(() => true);
        await writeOutcome(message.id, asCalled, 'not_run', approved ? redeemed.why : 'the user refused on the terminal');
        await refuse(message.id, `Not run: the user did not approve it on the terminal. ${reason}`);
        return true;
      }
      approvals.redeem(nonce, boundCall(asCalled.tool, args), undefined);
      // Still an R4 call: without the terminal, the page comes before the client's own form (SPEC 8.7).
      channel = channelFor(cls, modes, false);
      if (channel === undefined) return false;
    }
    const nonce = approvals.open(boundCall(asCalled.tool, args), channel, asked);
    const question =
      channel === 'page'
        ? urlQuestion(`${reason} Open the page to approve this call, then continue here.`, await page.urlFor(nonce, { reason }), style)
        : formQuestion(reason);
    if (style === 'retry') {
      await respond({ jsonrpc: '2.0', id: message.id, result: inputRequired(question, nonce) } as JSONRPCMessage & { id: Id });
      return true;
    }
    let answer: ClientAnswer;
    try {
      answer = await request(question);
    } catch (error) {
      note(`rclass: asking the user failed: ${messageOf(error)}`);
      answer = { accepted: false, approve: false, why: 'the question could not be sent' };
    }
    // The approval stands for the call it was asked about, and no other: bound by tool, canonical arguments and fingerprint.
    const redeemed = approvals.redeem(nonce, boundCall(asCalled.tool, canonicalArgs(asCalled.input) ?? ''), answer);
    if (redeemed.approved) {
      await forwardApproved(message, asCalled, redeemed);
      return true;
    }
    await writeOutcome(message.id, asCalled, 'not_run', redeemed.why);
    await refuse(message.id, `Not run: the user did not approve it. ${reason}`);
    return true;
  };

  /**
   * A retried call (MCP 2026-07-28) carrying the proxy's `requestState`:
   * forwarded, without the proxy's fields, only when the approval it names
   * is pending, unexpired, for this very call and approved on its channel;
   * the approval is used up either way.
   */
  const onRetry = async (message: Request, retry: { nonce: string; answer: unknown }) => {
    const params = message.params ?? {};
    const tool = typeof params.name === 'string' ? params.name : '';
    const input = params.arguments ?? {};
    const redeemed = approvals.redeem(retry.nonce, boundCall(tool, canonicalArgs(input) ?? ''), readElicitResult(retry.answer));
    const asCalled: Called = { server: redeemed.server !== undefined ? redeemed.server : await serverName(), tool, input };
    if (redeemed.approved) {
      await forwardApproved({ ...message, params: withoutRetryFields(params) }, asCalled, redeemed);
      return;
    }
    // An approval that was pending links the refusal to the call asked about; a nonce that names none (forged, used) has no decision to link to.
    await writeOutcome(redeemed.toolUseId ?? message.id, asCalled, 'not_run', redeemed.why, redeemed.toolUseId === undefined ? 'approval' : undefined);
    await refuse(message.id, `Not run: ${redeemed.why}, so rclass did not run it (SPEC 8.7).`);
  };

  /** The wrapped server's name for a log line about a call that was not decided; null when it cannot be told. */
  const serverName = async (): Promise<string | null> => {
    try {
      return (await resolve()).resolution.server;
    } catch {
      return null;
    }
  };

  /** Send the client the response to one of its requests, which is then no longer in flight. */
  const respond = async (response: JSONRPCMessage & { id: Id }) => {
    inFlight.delete(idKey(response.id));
    await downstream.send(response);
  };

  const refuse = async (id: Id, text: string) => {
    await respond({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }], isError: true } });
  };

  /**
   * Refuse a `tools/call` whose id is that of a request still in flight: a
   * JSON-RPC error under that id, and a `refused` outcome line (SPEC 10.1).
   * The call is neither decided nor run, and the request in flight keeps its
   * id (the error does not take it out of flight).
   */
  const refuseDuplicate = async (message: Request) => {
    const params = message.params ?? {};
    const tool = typeof params.name === 'string' ? params.name : '';
    const why = 'its request id is that of a request still in flight';
    await writeOutcome(message.id, { server: await serverName(), tool, input: params.arguments ?? {} }, 'not_run', why, 'duplicate_id');
    await downstream.send({
      jsonrpc: '2.0',
      id: message.id,
      error: {
        code: INVALID_REQUEST,
        message: `rclass: not run: ${why}; JSON-RPC request ids must be unique among a client's outstanding requests, so rclass refused this call without deciding or running it (SPEC 8.7).`,
      },
    } as JSONRPCMessage);
  };

  const onCall = async (message: Request) => {
    const params = message.params ?? {};
    const retry = retryOf(params);
    if (retry !== undefined) {
      await onRetry(message, retry);
      return;
    }
    const tool = typeof params.name === 'string' ? params.name : '';
    const rawInput = params.arguments ?? {};
    const input = rawInput !== null && typeof rawInput === 'object' && !Array.isArray(rawInput) ? (rawInput as Record<string, unknown>) : undefined;
    const call: CallIdentity = { sessionId, toolUseId: String(message.id), input: rawInput };
    let outcome: { decision: HookDecision; reason: string; server: string | null; cls?: ReversibilityClass };
    if (tool === '' || input === undefined) {
      outcome = {
        decision: 'ask',
        reason: `rclass: R4 Irreversible (error): the call has no tool name or its arguments are not an object, so rclass cannot classify it (SPEC 4.4). Needs your approval.`,
        server: null,
        cls: 'R4',
      };
    } else {
      outcome = await decide(tool, input, call);
    }
    const { decision, reason } = outcome;
    if (decision === 'none' || decision === 'allow') {
      forwarded.set(message.id, { server: outcome.server, tool, input: rawInput });
      await upstream.send(message);
      return;
    }
    const asCalled: Called = { server: outcome.server, tool, input: rawInput };
    if (decision === 'ask' && (await askOutOfBand(message, asCalled, reason, outcome.cls))) return;
    if (decision === 'ask') await writeOutcome(message.id, asCalled, 'not_run', 'the client cannot be asked');
    const how =
      decision === 'deny'
        ? 'It is blocked by --deny-from; ask a human to run it outside the agent.'
        : `This client cannot ask you (it has no MCP elicitation), so rclass did not run it. To let it run, ask a human to run it, use a client that supports elicitation, or restart the proxy with --allow-tool ${tool === '' ? 'NAME' : tool} or --approve-tty.`;
    await refuse(message.id, `Not run: ${reason} ${how}`);
  };

  /** Write the outcome line of one call (SPEC 10.1); a log that cannot be written is noted, the answer goes out regardless. */
  const writeOutcome = async (
    id: Id,
    call: Called & { via?: ApprovalChannel },
    outcome: 'ran' | 'failed' | 'not_run',
    detail?: string,
    refused?: 'approval' | 'duplicate_id',
  ) => {
    try {
      await context.log(
        [
          {
            event: 'outcome',
            session: sessionId,
            server: call.server,
            tool: call.tool,
            tool_use_id: String(id),
            class: null,
            source: null,
            decision: null,
            effective_class: session.state.effective_class,
            args_sha256: digestOf(call.input),
            outcome,
            ...(detail !== undefined ? { detail } : {}),
            ...(call.via !== undefined ? { approved_via: call.via } : {}),
            ...(refused !== undefined ? { refused } : {}),
            user: context.user,
            host: context.host,
            permission_mode: null,
          },
        ],
        Date.now() + LOG_WAIT_MS,
      );
    } catch (error) {
      note(`rclass: the audit log could not be written: ${messageOf(error)}`);
    }
  };

  const logOutcome = async (id: Id, failed: boolean) => {
    const call = forwarded.get(id);
    if (call === undefined) return;
    forwarded.delete(id);
    await writeOutcome(call.toolUseId ?? id, call, failed ? 'failed' : 'ran');
  };

  downstream.onmessage = (message: JSONRPCMessage) => {
    if (isResponse(message)) {
      // A response answers one of the proxy's questions or one of the server's requests, each once; anything else is dropped.
      const settle = typeof message.id === 'string' ? asked.get(message.id) : undefined;
      if (settle !== undefined) {
        asked.delete(message.id as string);
        settle(message);
        return;
      }
      const serverId = ids.takeServerId(message.id);
      if (serverId === undefined) {
        note(`rclass: dropped a response from the client to no outstanding request (id ${JSON.stringify(message.id).slice(0, 80)})`);
        return;
      }
      void upstream
        .send({ ...message, id: serverId } as JSONRPCMessage)
        .catch((error: unknown) => note(`rclass: forwarding to the server failed: ${messageOf(error)}`));
      return;
    }
    if (isRequest(message)) {
      if (message.method === 'tools/call' && inFlight.has(idKey(message.id))) {
        refuseDuplicate(message).catch((error: unknown) => note(`rclass: refusing a call with a reused id failed: ${messageOf(error)}`));
        return;
      }
      inFlight.add(idKey(message.id));
    }
    if (isRequest(message) && message.method === 'initialize') initialModes = modesOf(message.params?.capabilities);
    if (isRequest(message) && message.method === 'tools/list') listing.add(message.id);
    if (isRequest(message) && message.method === 'tools/call') {
      onCall(message).catch(async (error: unknown) => {
        note(`rclass: ${messageOf(error)}`);
        await refuse(message.id, `Not run: rclass could not decide this call (${messageOf(error)}), so it did not run it (SPEC 4.4).`).catch(() => undefined);
      });
      return;
    }
    void upstream.send(message).catch((error: unknown) => note(`rclass: forwarding to the server failed: ${messageOf(error)}`));
  };
  upstream.onmessage = (received: JSONRPCMessage) => {
    let message = received;
    if (isRequest(received)) {
      // The server's request reaches the client under an id of the proxy's making, never one the server chose.
      message = { ...received, id: ids.forServer(received.id) } as JSONRPCMessage;
    } else if ('method' in received && received.method === 'notifications/cancelled') {
      // The server cancels one of its own requests: name it as the client knows it, or drop it.
      const params = (received.params ?? {}) as Record<string, unknown>;
      const clientSide = ids.clientSideOf(params.requestId);
      if (clientSide === undefined) {
        note('rclass: dropped a cancellation from the server for a request it has not sent the client');
        return;
      }
      message = { ...received, params: { ...params, requestId: clientSide } } as JSONRPCMessage;
    }
    // In order: an outcome line is written before its result reaches the client, and nothing overtakes it.
    const outcome =
      isResponse(message) && forwarded.has(message.id)
        ? { id: message.id, failed: message.error !== undefined || message.result?.isError === true }
        : undefined;
    const listed = isResponse(message) && listing.delete(message.id);
    toClient = toClient
      .then(async () => {
        if (outcome !== undefined) await logOutcome(outcome.id, outcome.failed);
        if (listed)
          await noteFingerprints(message).catch((error: unknown) => note(`rclass: the listed tools' fingerprints could not be taken: ${messageOf(error)}`));
        if (isResponse(message)) inFlight.delete(idKey(message.id));
        await downstream.send(listed && options.annotate === true ? await annotateListing(message) : message);
      })
      .catch((error: unknown) => note(`rclass: answering the client failed: ${messageOf(error)}`));
  };
  const closed = new Promise<void>((done) => {
    upstream.onclose = () => {
      for (const settle of asked.values()) settle(undefined);
      approvals.clear();
      void page.close().finally(() => downstream.close().finally(done));
    };
    downstream.onclose = () => {
      for (const settle of asked.values()) settle(undefined);
      approvals.clear();
      void page.close().finally(() => upstream.close().finally(done));
    };
  });
  await upstream.start();
  await downstream.start();
  await closed;
}
