/**
 * Reading a vendor's documentation pages for `npm run evidence` (SPEC 5.1),
 * with Node's `fetch`. `RCLASS_DOCUMENTATION_MIRROR` (an http(s) base URL)
 * sends every request to `<mirror>/<host><path><query>` instead, for a
 * stand-in server in tests or an offline copy of the pages.
 */
import { IncompleteError } from './fetched.ts';
import { pageText } from './page-text.ts';

/** What a page address answered: its text, or a status that says it is not there. */
export type FetchedPage = { kind: 'page'; text: string } | { kind: 'missing'; status: number };

/** Read access to documentation pages. */
export interface Pages {
  /**
   * The text of one page ({@link pageText}).
   * @throws IncompleteError when the site could not answer (no answer, a server error, a rate limit, a refusal)
   */
  getPage(url: string): Promise<FetchedPage>;
}

/** How to reach the pages. */
export interface PagesOptions {
  /** Where to send requests instead of each page's own host, or undefined for the pages themselves. */
  mirror: string | undefined;
  /** Retries of a request that got no answer or a server error. */
  retries: number;
}

/** Statuses that say the page is gone, which is the record's problem rather than the check's. */
const GONE = new Set([404, 410]);

/**
 * Create the page reader.
 * @throws Error when `mirror` is not an http(s) URL
 */
export function createPages(options: PagesOptions): Pages {
  const mirror = options.mirror?.replace(/\/+$/, '');
  if (mirror !== undefined && !/^https?:\/\/[^/]/.test(mirror)) throw new Error(`RCLASS_DOCUMENTATION_MIRROR must be an http(s) URL; got ${mirror}`);
  const target = (url: string): string => {
    if (mirror === undefined) return url;
    const page = new URL(url);
    return `${mirror}/${page.host}${page.pathname}${page.search}`;
  };
  return {
    async getPage(url) {
      let last = '';
      for (let attempt = 0; attempt <= options.retries; attempt += 1) {
        let response: Response;
        try {
          response = await fetch(target(url), { headers: { 'user-agent': 'reversibility-classes-evidence', accept: 'text/html, text/plain, text/markdown' } });
        } catch (error) {
          last = `no answer (${error instanceof Error ? error.message : String(error)})`;
          continue;
        }
        if (response.ok) return { kind: 'page', text: pageText(await response.text(), response.headers.get('content-type') ?? '') };
        await response.body?.cancel();
        if (GONE.has(response.status)) return { kind: 'missing', status: response.status };
        last = `HTTP ${response.status}`;
        if (response.status < 500) break;
      }
      throw new IncompleteError(`${new URL(url).host} could not be read: ${last}`, false);
    },
  };
}
