/**
 * Where the SQL parser's WebAssembly lives in the built site.
 *
 * libpg-query's loader asks for `libpg-query.wasm` relative to the page
 * address and has no hook to say otherwise, so on `/playground/` it would ask
 * for `/playground/libpg-query.wasm`, which does not exist. The bundler emits
 * the file under `_astro/` with a content hash; this module redirects the
 * loader's request there. Only that one file name is redirected; every other
 * request goes through unchanged. Importing `?url` gives the address only:
 * nothing is downloaded until the parser is actually loaded.
 */
import wasmUrl from 'libpg-query/wasm/libpg-query.wasm?url';

let installed = false;
let realFetch: typeof fetch | undefined;
/** A download started before the parser asked for it (see {@link prefetchSqlWasm}). */
let early: Promise<Response> | undefined;

/** The address the SQL parser's WebAssembly is served from. */
const SQL_WASM_URL: string = wasmUrl;

function requestedUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/**
 * Install the redirect once. Safe to call many times.
 * @returns nothing; afterwards a fetch of `libpg-query.wasm` (bare or ending
 *   in `/libpg-query.wasm`) fetches {@link SQL_WASM_URL} instead
 */
export function installSqlWasmRedirect(): void {
  if (installed || typeof globalThis.fetch !== 'function') return;
  installed = true;
  const original = globalThis.fetch.bind(globalThis);
  realFetch = original;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = requestedUrl(input);
    if (url !== 'libpg-query.wasm' && !url.endsWith('/libpg-query.wasm')) return original(input, init);
    const started = early;
    early = undefined;
    return started ?? original(SQL_WASM_URL, init);
  }) as typeof fetch;
}

/**
 * Start downloading the WebAssembly now, while the parser's JavaScript is
 * still on its way; the parser's own request then gets this download.
 * Used only when the page already knows a SQL call is coming.
 */
export function prefetchSqlWasm(): void {
  installSqlWasmRedirect();
  if (early !== undefined || realFetch === undefined) return;
  early = realFetch(SQL_WASM_URL, { credentials: 'same-origin' });
  early.catch(() => {
    early = undefined;
  });
}
