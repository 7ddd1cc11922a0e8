/**
 * The proxy's local approval page (SPEC 8.7, issue 28 item 4): a loopback
 * HTTP server, started on first use on 127.0.0.1 at a port the system
 * picks, that shows one pending approval at `/approve/<nonce>` and confirms
 * it only on a POST to the same path carrying the form secret the page
 * showed. The client gets only the URL (MCP URL-mode elicitation), so a
 * client that answers the question itself, without a person opening the
 * page and pressing the button, cannot approve the call. Requests whose
 * `Host` is not the page's own address (DNS rebinding) or whose `Origin` is
 * another site's are refused. The tool's name, the reason and the
 * arguments are shown with every character a person would not see (a
 * bidirectional override, a zero-width space) as a marked `\uXXXX` escape
 * (src/core/hidden-characters.ts), so what the person approves reads as
 * what runs. Node-only.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hiddenPieces, revealHidden } from '../../core/hidden-characters.ts';
import type { Approvals, PendingApproval } from './approvals.ts';

/** What the page shows about one call besides its tool and arguments. */
export interface PageDetails {
  /** The decision's reason (class, source, rule), as the client's question would say it. */
  reason: string;
}

/** A form body larger than this (bytes) is refused. */
const MAX_BODY = 4096;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Text as HTML with each hidden character (src/core/hidden-characters.ts)
 * shown as its `\uXXXX` escape in a `<mark>` naming its code point.
 * @returns the HTML, and the code points of the hidden characters in order
 */
function shownHtml(text: string, hidden: string[] = []): string {
  return hiddenPieces(text)
    .map((piece) => {
      if ('text' in piece) return escapeHtml(piece.text);
      hidden.push(piece.codePoint);
      return `<mark title="${piece.codePoint}">${piece.escape}</mark>`;
    })
    .join('');
}

/** The warning above the arguments when any text on the page held hidden characters. */
function hiddenWarning(hidden: string[]): string {
  if (hidden.length === 0) return '';
  const names = [...new Set(hidden)].join(', ');
  return `<p><strong>${hidden.length} character${hidden.length === 1 ? '' : 's'} you would not see (${names}) ${hidden.length === 1 ? 'is' : 'are'} shown as marked \\u escapes.</strong> They are part of the call: invisible, or changing the order of the text around them.</p>`;
}

function prettyArgs(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args;
  }
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto">${body}</body></html>`;
}

function approvalPage(nonce: string, entry: PendingApproval, details: PageDetails | undefined): string {
  const expires = new Date(entry.expires).toISOString();
  const hidden: string[] = [];
  const tool = shownHtml(entry.tool, hidden);
  const reason = shownHtml(details?.reason ?? '', hidden);
  const args = shownHtml(prettyArgs(entry.args), hidden);
  return page(
    `Approve ${revealHidden(entry.tool).text}?`,
    `<h1>Approve <code>${tool}</code>?</h1>
<p>${reason}</p>
${hiddenWarning(hidden)}<p>Arguments:</p><pre>${args}</pre>
<p>This approval is for this call only, once, until ${escapeHtml(expires)}.</p>
<form method="post" action="/approve/${escapeHtml(nonce)}"><input type="hidden" name="secret" value="${escapeHtml(entry.formSecret)}"><button type="submit">Approve this call</button></form>
<p>Then go back to your client and continue. To refuse, close this page and decline there.</p>`,
  );
}

function send(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
    'content-security-policy': "default-src 'none'; form-action 'self'; frame-ancestors 'none'",
  });
  response.end(html);
}

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  let body = '';
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > MAX_BODY) return undefined;
  }
  return body;
}

/** The loopback page of one proxy run. */
export class ApprovalPage {
  readonly #approvals: Approvals;
  readonly #details = new Map<string, PageDetails>();
  #server: Promise<{ server: Server; origin: string }> | undefined;

  constructor(approvals: Approvals) {
    this.#approvals = approvals;
  }

  /**
   * The page's URL for one pending approval, starting the server on first use.
   * @throws when the loopback server cannot listen
   */
  async urlFor(nonce: string, details: PageDetails): Promise<string> {
    this.#details.set(nonce, details);
    const { origin } = await this.#start();
    return `${origin}/approve/${nonce}`;
  }

  /** Stop serving (the proxy is closing). */
  async close(): Promise<void> {
    const started = this.#server;
    this.#server = undefined;
    if (started === undefined) return;
    const { server } = await started;
    await new Promise<void>((done) => server.close(() => done()));
  }

  #start(): Promise<{ server: Server; origin: string }> {
    this.#server ??= new Promise((resolve, reject) => {
      const server = createServer((request, response) => {
        this.#handle(request, response).catch(() => send(response, 500, page('Error', '<p>The approval could not be read.</p>')));
      });
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.unref();
        resolve({ server, origin: `http://127.0.0.1:${port}` });
      });
    });
    return this.#server;
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const { origin } = await this.#start();
    const host = new URL(origin).host;
    const match = /^\/approve\/([A-Za-z0-9_-]{43})$/.exec(request.url ?? '');
    if (request.headers.host !== host || (request.headers.origin !== undefined && request.headers.origin !== origin)) {
      send(response, 403, page('Refused', '<p>This page only answers requests to its own address.</p>'));
      return;
    }
    const nonce = match?.[1];
    const entry = nonce === undefined ? undefined : this.#approvals.peek(nonce);
    if (nonce === undefined || entry === undefined || entry.channel !== 'page') {
      send(response, 404, page('Not found', '<p>No such approval: it was used, it expired, or it never existed.</p>'));
      return;
    }
    if (request.method === 'GET') {
      send(response, 200, approvalPage(nonce, entry, this.#details.get(nonce)));
      return;
    }
    if (request.method !== 'POST') {
      send(response, 405, page('Not allowed', '<p>Only GET and POST.</p>'));
      return;
    }
    const body = await readBody(request);
    const secret = body === undefined ? undefined : (new URLSearchParams(body).get('secret') ?? undefined);
    if (!this.#approvals.confirm(nonce, secret)) {
      send(response, 403, page('Refused', '<p>This approval could not be confirmed.</p>'));
      return;
    }
    this.#details.delete(nonce);
    send(response, 200, page('Approved', `<p>Approved: <code>${shownHtml(entry.tool)}</code> will run once you continue in your client.</p>`));
  }
}
