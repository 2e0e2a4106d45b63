import type { PageContent } from './page-content.js';

export const PAGE_FETCHER = Symbol('PageFetcher');

/**
 * Reads web pages and images for drafts, and never anything on the household's own network:
 * only http and https, every resolved address checked when connecting (on every redirect hop),
 * at most 5 redirects, 10 s in all, a cap on the decoded body. Allowed hosts
 * (`SERVICE_DRAFT_ALLOW_HOSTS`) are the one exception, set when the adapter is made.
 *
 * Errors: `PageRefused` when the address may not be opened (the reason says why, nothing was
 * contacted when it can be told beforehand), `PageUnreadable` when the page could not be read
 * (timeout, an error status, not HTML, too big).
 */
export interface PageFetcher {
  /** Fetches an HTML page (charset from header, `<meta charset>` or BOM) and reads its content. */
  fetchPage(url: string): Promise<PageContent>;
  /**
   * Fetches an image (at most `maxBytes`), answering its bytes; the caller checks that they are
   * an image (magic bytes).
   */
  fetchImage(url: string, maxBytes: number): Promise<Uint8Array>;
}
