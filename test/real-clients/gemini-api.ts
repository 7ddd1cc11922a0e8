/**
 * A local stand-in for the Gemini API (ai.google.dev/api: `POST
 * /v1beta/models/<model>:streamGenerateContent?alt=sse`, which answers with
 * server-sent events, each a `GenerateContentResponse`), on 127.0.0.1 at a
 * port the system picks, for a real Gemini CLI pointed at it with
 * `GOOGLE_GEMINI_BASE_URL`. Its model asks for one function call; once a
 * request carries that call's `functionResponse` (the result or the error
 * Gemini CLI got), it answers with text and the turn ends. Every request is
 * kept, so a test sees what Gemini CLI sent the model.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in received. */
interface ModelRequest {
  /** The request's path and query (`/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`). */
  url: string;
  body: string;
}

/** The stand-in while it listens. */
export interface GeminiApi {
  /** The base URL for `GOOGLE_GEMINI_BASE_URL`. */
  url: string;
  requests: ModelRequest[];
  close: () => Promise<void>;
}

/** A `GenerateContentResponse` with one candidate of the given parts. */
function response(parts: unknown[]): Record<string, unknown> {
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
  };
}

/**
 * Start the stand-in.
 * @param call the function call its model asks for: the name as Gemini CLI declares the tool to the model (`mcp_<server>_<tool>`) and its arguments
 * @param answer the text its model ends the turn with, once the call's response came back
 */
export function startGeminiApi(call: { name: string; args: Record<string, unknown> }, answer = 'done'): Promise<GeminiApi> {
  const requests: ModelRequest[] = [];
  const server = createServer((request, reply) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      requests.push({ url: request.url ?? '', body });
      const parts = body.includes('"functionResponse"') ? [{ text: answer }] : [{ functionCall: { name: call.name, args: call.args } }];
      if ((request.url ?? '').includes(':streamGenerateContent')) {
        reply.writeHead(200, { 'content-type': 'text/event-stream' });
        reply.end(`data: ${JSON.stringify(response(parts))}\r\n\r\n`);
        return;
      }
      reply.writeHead(200, { 'content-type': 'application/json' });
      reply.end(JSON.stringify((request.url ?? '').includes(':countTokens') ? { totalTokens: 1 } : response(parts)));
    });
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
