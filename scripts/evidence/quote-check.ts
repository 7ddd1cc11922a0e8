/**
 * Checking quotes from a vendor's documentation (SPEC 5.1): each page read
 * once, and each quote sought in its text after both are collapsed
 * (`page-text.ts`). A page that is gone is reported at every `evidence.url`
 * citing it, a quote not found at its `evidence.quote`; a page that could not
 * be read leaves the check incomplete.
 */
import type { QuoteCitation } from './citations.ts';
import type { Report } from './content.ts';
import { IncompleteError } from './fetched.ts';
import { collapse } from './page-text.ts';
import type { FetchedPage, Pages } from './pages.ts';

/** The documentation side of one run. */
export interface QuoteChecker {
  /** Check the quotes of one page. */
  check(group: readonly QuoteCitation[]): Promise<void>;
  /** Why the documentation side is incomplete; empty when every page was read. */
  incomplete(): string[];
}

/**
 * Start the documentation side of a run. Failures to read a page never throw.
 * @param report where problems go
 */
export function quoteChecker(pages: Pages, report: Report): QuoteChecker {
  const incomplete: string[] = [];
  return {
    async check(group) {
      const url = group[0]!.url;
      let page: FetchedPage;
      try {
        page = await pages.getPage(url);
      } catch (error) {
        if (!(error instanceof IncompleteError)) throw error;
        incomplete.push(`${error.message}; ${group.length} quote${group.length === 1 ? '' : 's'} of ${url} not checked`);
        return;
      }
      for (const citation of group) {
        if (page.kind === 'missing') {
          report(citation.file, citation.at.url, `the documentation page \`${url}\` cited for \`${citation.tool}\` answered HTTP ${page.status}`);
          continue;
        }
        if (!page.text.includes(collapse(citation.quote)))
          report(
            citation.file,
            citation.at.quote,
            `the quote of \`${citation.tool}\` does not appear in the text of \`${url}\` (tags removed, whitespace collapsed); quote the page verbatim`,
          );
      }
    },
    incomplete: () => incomplete,
  };
}
