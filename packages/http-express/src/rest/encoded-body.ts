import type { Request } from 'express';
import { problem } from './problem.js';

/**
 * A file sent as it is (an archive, a photo) is taken only without a `Content-Encoding` (or with
 * `identity`): a gzip or brotli body would be read as its compressed bytes, and misnamed as "no
 * zip" or "no image", or a body that says `br` while it is not would be taken as it is.
 */
export function refuseEncodedBody(req: Request, what: string): void {
  const encoding = (req.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding !== '' && encoding !== 'identity') {
    throw problem(415, `Send ${what} without a Content-Encoding (it is already compressed).`);
  }
}
