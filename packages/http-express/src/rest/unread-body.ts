import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How much of a body the service still reads and drops after answering it early, and for how long. */
export const UNREAD_BODY_LIMITS = { bytes: 16 * 1024 * 1024, ms: 30_000 } as const;

/**
 * An answer goes out before its request's body was read: a refusal (401, 403, 413, 415, …) or an
 * upload stopped part-way. The connection ends with it (`Connection: close`), but not at once:
 * closing a socket with bytes of the body still unread makes the system reset the connection, often
 * before the client has read the answer, which then sees a broken pipe instead of the refusal.
 * So the service closes as RFC 9112 (section 9.6) asks: it stops writing after the answer, reads
 * and drops what the client still sends, and closes when the body has ended — or at once when it
 * was announced larger than `UNREAD_BODY_LIMITS.bytes`, or as soon as it passes those bytes or
 * that time.
 */
export function dropUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
  ending.add(req.socket);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > UNREAD_BODY_LIMITS.bytes) return;
  // Node ends the connection of a `Connection: close` answer with `destroySoon()` once the answer
  // is written; for this connection that waits for the rest of the body first.
  const socket = req.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = () => closeAfterBody(req, socket);
  // Whatever reads the body may have paused it (an upload refused part-way): it flows to nobody now.
  req.resume();
}

/** Connections whose last answer is on its way: nothing more is taken from them. */
const ending = new WeakSet<Socket>();

/**
 * Whether the request came on a connection that ends with an answer already given: a request sent
 * behind a refused one (pipelined in the same packets) is never carried out, as RFC 9112 asks of a
 * server that closes — its answer could not be sent, so the client would never know it was done.
 */
export function cameAfterLastAnswer(req: IncomingMessage): boolean {
  return ending.has(req.socket);
}

function closeAfterBody(req: IncomingMessage, socket: Socket): void {
  socket.end();
  const close = () => {
    clearTimeout(timer);
    req.off('data', count);
    if (socket.writableFinished) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  };
  const timer = setTimeout(() => socket.destroy(), UNREAD_BODY_LIMITS.ms);
  timer.unref();
  let dropped = 0;
  const count = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > UNREAD_BODY_LIMITS.bytes) {
      clearTimeout(timer);
      socket.destroy();
    }
  };
  socket.once('close', () => clearTimeout(timer));
  if (req.complete) {
    close();
    return;
  }
  req.on('data', count);
  req.once('end', close);
  req.once('close', close);
  req.resume();
}
