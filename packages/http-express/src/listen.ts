import { type RequestListener, type Server, createServer } from 'node:http';

/** The service could not take its address (SERVICE_ADDR): it says why in one line, and does not run. */
export class CannotListen extends Error {
  override name = 'CannotListen';
}

/** What the operator is told for the errors a listen can end in. */
const REASONS: Record<string, string> = {
  EADDRINUSE: 'the address is in use (another program listens on that port)',
  EADDRNOTAVAIL: 'the address is not one of this machine’s',
  EACCES: 'not permitted (ports below 1024 need privileges)',
  EAFNOSUPPORT: 'this machine does not have that kind of address (IPv6?)',
  ENOTFOUND: 'no host has that name',
  EAI_NONAME: 'no host has that name',
  EAI_AGAIN: 'the host name could not be looked up',
  EAI_FAIL: 'the host name could not be looked up',
};

/** `host:port` as SERVICE_ADDR writes it (`[::1]:8060`, `:8060` for every interface). */
function addressOf(host: string | undefined, port: number): string {
  if (host === undefined) return `:${port}`;
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/**
 * Serves `app` on the address once it is taken; rejects with `CannotListen` when it cannot be
 * (a port in use, a host name that does not resolve, an address not on this machine). Express's
 * `app.listen(port, host, callback)` hands that error to the callback, and a callback that only
 * resolved started a service that logged "listening" and served nothing.
 */
export function listen(app: RequestListener, host: string | undefined, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(app);
    const fail = (error: NodeJS.ErrnoException) => {
      const reason = (error.code && REASONS[error.code]) ?? error.message;
      reject(new CannotListen(`cannot listen on ${addressOf(host, port)}: ${reason}`, { cause: error }));
    };
    server.once('error', fail);
    server.listen(port, host ?? '::', () => {
      server.off('error', fail);
      resolve(server);
    });
  });
}
