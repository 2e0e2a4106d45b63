import type { IncomingMessage } from 'node:http';

/**
 * Whether the request's `Content-Length` announces a body of more than `bytes`: such a body is
 * refused before a byte of it is read. (A body sent without a length is measured as it arrives.)
 */
export function announcesMoreThan(req: IncomingMessage, bytes: number): boolean {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared > bytes;
}
