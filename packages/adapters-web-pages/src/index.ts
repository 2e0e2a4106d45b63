export {
  GuardedPageFetcher,
  allowHostsFrom,
  MAX_REDIRECTS,
  type GuardedPageFetcherOptions,
} from './guarded-page-fetcher.js';
export { readHtmlPage } from './html-page-reader.js';
export { decodePage } from './charset.js';
