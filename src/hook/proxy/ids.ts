/**
 * The ids of the requests `rclass proxy` sends its client (issue 23, item
 * 1). Two kinds of request reach the client: the proxy's own
 * `elicitation/create` questions, and the wrapped server's requests (its own
 * elicitations, sampling, roots). A client's response names its request only
 * by id, so the two kinds must never share an id:
 *
 * - the proxy's own ids are random (`rclass-ask-` and a random UUID), so no
 *   one can guess the next one;
 * - every server request's id is replaced, on the way to the client, by one
 *   of the proxy's making (`rclass-server-N`), and the client's response is
 *   mapped back to the server's own id, once.
 *
 * A server therefore cannot send a request whose answer the proxy takes for
 * the answer to its question, and every response reaches exactly the
 * request it answers, or nobody. Node-only.
 */
import { randomUUID } from 'node:crypto';

/** A JSON-RPC request id (MCP forbids null). */
export type RequestId = string | number;

/** The prefix of the ids a server's requests carry on the client's side. */
const SERVER_PREFIX = 'rclass-server-';

/** The prefix of the proxy's own question ids; a random UUID follows. */
const OWN_PREFIX = 'rclass-ask-';

/** A server id as a map key: `7` and `"7"` are different ids. */
function keyOf(id: RequestId): string {
  return `${typeof id}:${String(id)}`;
}

/**
 * The client-side ids of the requests the proxy has sent its client and not
 * yet seen answered: its own questions and the server's requests.
 */
export class ClientIds {
  /** The client-side id of each outstanding server request, and the server's own id. */
  readonly #toServer = new Map<string, RequestId>();
  /** The reverse: a server id (keyed by {@link keyOf}) to its client-side id, for the server's cancellations. */
  readonly #fromServer = new Map<string, string>();
  #count = 0;

  /** A fresh, unguessable id for one of the proxy's own questions. */
  own(): string {
    return `${OWN_PREFIX}${randomUUID()}`;
  }

  /**
   * The id a server request carries on its way to the client; remembered
   * until the client answers it.
   * @param serverId the id the server gave it
   */
  forServer(serverId: RequestId): string {
    this.#count += 1;
    const id = `${SERVER_PREFIX}${this.#count}`;
    this.#toServer.set(id, serverId);
    this.#fromServer.set(keyOf(serverId), id);
    return id;
  }

  /**
   * The client-side id of a server request that is still outstanding (for a
   * server's `notifications/cancelled`), or undefined when the server sent
   * no such request or it was answered already.
   */
  clientSideOf(serverId: unknown): string | undefined {
    if (typeof serverId !== 'string' && typeof serverId !== 'number') return undefined;
    return this.#fromServer.get(keyOf(serverId));
  }

  /**
   * Take the server's own id for a client response, once: a second response
   * with the same id, or one to no server request, gets undefined.
   * @param clientId the id the client's response carries
   */
  takeServerId(clientId: unknown): RequestId | undefined {
    if (typeof clientId !== 'string') return undefined;
    const serverId = this.#toServer.get(clientId);
    if (serverId === undefined) return undefined;
    this.#toServer.delete(clientId);
    if (this.#fromServer.get(keyOf(serverId)) === clientId) this.#fromServer.delete(keyOf(serverId));
    return serverId;
  }
}
