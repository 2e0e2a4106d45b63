import type { Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { titleOf } from './problem.js';

/** The status for a request Node's parser gave up on: headers too large, too slow, or unreadable. */
function statusOf(error: Error & { code?: string }): number {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 431;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/**
 * Requests that never reach express — a head over 16 KB, one that is not HTTP, one too slow to
 * arrive, one that expects what HTTP/1.1 does not offer (`Expect: teapot`) — answered like every other refusal, as a problem (`application/problem+json`), instead of
 * Node's bare status line; then the connection ends. A connection already broken is only closed.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = statusOf(error);
    const title = titleOf(status);
    const detail =
      status === 431
        ? 'The request head (its headers) is too large.'
        : status === 408
          ? 'The request did not arrive in time.'
          : 'The request could not be read as HTTP.';
    const body = JSON.stringify({ title, status, detail });
    socket.end(
      `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json\r\nX-Content-Type-Options: nosniff\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  // `Expect: 100-continue` is answered by Node; any other expectation cannot be met (RFC 9110).
  server.on('checkExpectation', (_req, res: ServerResponse) => {
    const body = JSON.stringify({
      title: titleOf(417),
      status: 417,
      detail: 'Only the expectation 100-continue can be met.',
    });
    res.writeHead(417, {
      'Content-Type': 'application/problem+json',
      'X-Content-Type-Options': 'nosniff',
      'Content-Length': Buffer.byteLength(body),
      Connection: 'close',
    });
    res.end(body);
  });
}
