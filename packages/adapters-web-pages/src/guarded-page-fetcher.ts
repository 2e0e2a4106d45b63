import {
  ConcurrencyLimit,
  DomainError,
  PageRefused,
  PageUnreadable,
  type PageContent,
  type PageFetcher,
} from '@larder/domain';
import got, { HTTPError, MaxRedirectsError, TimeoutError, type Agents, type Response } from 'got';
import type { IncomingHttpHeaders } from 'node:http';
import type { LookupFunction } from 'node:net';
import { AddressGuard, AddressRefused } from './address-guard.js';
import { decodePage } from './charset.js';
import { guardedAgents } from './guarded-agents.js';
import { readHtmlPage } from './html-page-reader.js';

export const MAX_REDIRECTS = 5;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_PAGE_BYTES = 5 * 1024 * 1024;
const DEFAULT_PAGES_AT_ONCE = 2;

export interface GuardedPageFetcherOptions {
  /** `SERVICE_DRAFT_ALLOW_HOSTS`: `host[:port]`s opened even though they are not on the public internet. */
  allowHosts?: readonly string[];
  /** The whole fetch, every redirect and the body included (10 s). */
  timeoutMs?: number;
  /** Decoded bytes of a page read at most (5 MiB): a compressed answer is counted as it unpacks. */
  maxPageBytes?: number;
  /** How host names are resolved (`dns.lookup`); tests give their own. Every answer is still checked. */
  lookup?: LookupFunction;
  /** Sent as `Accept-Language`, so sites answer in a language the household reads. */
  acceptLanguage?: string;
  /**
   * Pages fetched and read at once (2); later ones wait their turn. Each holds up to
   * `maxPageBytes` and its parsed tree, and reading a large page takes the event loop for a
   * moment: a dozen drafts at once must not take the process's memory and every other request's
   * turn with them. The timeout starts when a page's turn comes.
   */
  pagesAtOnce?: number;
}

/** What a browser sends, so that sites answer with the page a member would see. */
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** `SERVICE_DRAFT_ALLOW_HOSTS` ("a.lan, 127.0.0.1:8080") as the fetcher's `allowHosts`. */
export function allowHostsFrom(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

function mediaType(headers: IncomingHttpHeaders): string {
  return (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/**
 * Reads pages and images for drafts through got, with our AddressGuard and request-filtering-agent
 * checking every address connected to, on every hop: see docs/drafts.md.
 */
export class GuardedPageFetcher implements PageFetcher {
  private readonly guard: AddressGuard;
  private readonly agent: Agents;
  private readonly timeoutMs: number;
  private readonly maxPageBytes: number;
  private readonly pageTurns: ConcurrencyLimit;

  constructor(private readonly options: GuardedPageFetcherOptions = {}) {
    this.pageTurns = new ConcurrencyLimit(options.pagesAtOnce ?? DEFAULT_PAGES_AT_ONCE);
    this.guard = new AddressGuard(options.allowHosts ?? []);
    this.agent = guardedAgents(this.guard);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxPageBytes = options.maxPageBytes ?? DEFAULT_MAX_PAGE_BYTES;
  }

  fetchPage(url: string): Promise<PageContent> {
    return this.pageTurns.run(async () => {
      const { bytes, response } = await this.download(url, {
        accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
        maxBytes: this.maxPageBytes,
        tooBig: `the page is larger than ${megabytes(this.maxPageBytes)}`,
        check: (headers) => {
          const type = mediaType(headers);
          if (!HTML_TYPES.has(type))
            throw new PageUnreadable(`it is not a web page (${type || 'no type given'})`);
        },
      });
      return readHtmlPage(decodePage(bytes, response.headers['content-type']), response.url);
    });
  }

  /** A photo, read in the same turns as pages: each holds up to its cap in memory while it is read. */
  fetchImage(url: string, maxBytes: number): Promise<Uint8Array> {
    return this.pageTurns.run(async () => {
      const { bytes } = await this.download(url, {
        accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8',
        maxBytes,
        tooBig: `the image is larger than ${megabytes(maxBytes)}`,
        check: () => undefined,
      });
      return bytes;
    });
  }

  private async download(
    url: string,
    how: { accept: string; maxBytes: number; tooBig: string; check: (headers: IncomingHttpHeaders) => void },
  ): Promise<{ bytes: Uint8Array; response: Response }> {
    const start = this.parse(url);
    const refusal = this.guard.refusalOf(start);
    if (refusal !== null) throw new PageRefused(refusal);
    const stream = got.stream(start, {
      agent: this.agent,
      http2: false,
      dnsLookup: this.options.lookup,
      maxRedirects: MAX_REDIRECTS,
      timeout: { request: this.timeoutMs },
      retry: { limit: 0 },
      decompress: true,
      headers: {
        'user-agent': USER_AGENT,
        accept: how.accept,
        'accept-language': this.options.acceptLanguage ?? 'en-US,en;q=0.9,de;q=0.8',
      },
      hooks: {
        beforeRedirect: [
          (next) => {
            const reason = this.guard.refusalOf(new URL(next.url as URL | string));
            if (reason !== null) throw new AddressRefused(reason);
          },
        ],
      },
    });
    let response: Response | undefined;
    stream.once('response', (answer: Response) => {
      response = answer;
      try {
        // An error status is got's to report (as HTTPError), before its body is read.
        if (answer.statusCode >= 400) return;
        how.check(answer.headers);
        if (Number(answer.headers['content-length'] ?? 0) > how.maxBytes)
          throw new PageUnreadable(how.tooBig);
      } catch (error) {
        stream.destroy(error as Error);
      }
    });
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      // Chunks arrive decompressed: a small gzip or brotli bomb stops here as soon as it unpacks past the cap.
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > how.maxBytes) throw new PageUnreadable(how.tooBig);
        chunks.push(chunk);
      }
    } catch (error) {
      stream.destroy();
      throw this.failure(error);
    }
    if (!response) throw new PageUnreadable('the site sent no answer');
    return { bytes: Buffer.concat(chunks, size), response };
  }

  private parse(url: string): URL {
    try {
      return new URL(url.trim());
    } catch {
      throw new PageRefused('it is not a web address');
    }
  }

  /** The domain error a failed fetch means: refused when the guard said no, unreadable otherwise. */
  private failure(error: unknown): DomainError {
    for (let cause = error; cause instanceof Error; cause = cause.cause) {
      if (cause instanceof DomainError) return cause;
      if (cause instanceof AddressRefused) return new PageRefused(cause.reason);
    }
    if (error instanceof MaxRedirectsError)
      return new PageUnreadable(`it redirects more than ${MAX_REDIRECTS} times`);
    if (error instanceof TimeoutError) {
      return new PageUnreadable(`it did not arrive within ${Math.round(this.timeoutMs / 100) / 10} s`);
    }
    if (error instanceof HTTPError) {
      const { statusCode, statusMessage } = error.response;
      return new PageUnreadable(`the site answered ${statusCode}${statusMessage ? ` ${statusMessage}` : ''}`);
    }
    // Said in a member's words: the codes of Node, got and the HTTP parser stay out of the message.
    const codes = codesOf(error);
    const any = (...wanted: string[]): boolean => codes.some((code) => wanted.includes(code));
    if (any('ENOTFOUND', 'EAI_AGAIN', 'ENODATA')) return new PageUnreadable('no site has that name');
    if (any('ECONNREFUSED')) return new PageUnreadable('the site refused the connection');
    if (any('ECONNRESET', 'EPIPE', 'ERR_HTTP_CONTENT_LENGTH_MISMATCH', 'ERR_STREAM_PREMATURE_CLOSE')) {
      return new PageUnreadable('the connection broke off');
    }
    if (any('ERR_UNSUPPORTED_PROTOCOL')) return new PageRefused('only http and https addresses are read');
    if (codes.some((code) => /CERT|SSL|TLS/u.test(code))) {
      return new PageUnreadable("the site's certificate is not valid");
    }
    // Not HTTP, headers past the parser's limit, a body that does not unpack.
    if (codes.some((code) => /^(?:HPE_|Z_)/u.test(code) || code === 'ERR_READING_RESPONSE_STREAM')) {
      return new PageUnreadable("the site's answer was broken");
    }
    return new PageUnreadable('the connection failed');
  }
}

/** The codes of an error and of the errors that caused it ("ERR_READING_RESPONSE_STREAM", then "Z_DATA_ERROR"). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}
