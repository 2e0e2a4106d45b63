import { type SocketServer, startSocketServer } from './socket-server.js';

/** A server on 127.0.0.1 that accepts connections and never says a word: no SMTP greeting, no TLS. */
export type SilentServer = SocketServer;

export function startSilentServer(): Promise<SilentServer> {
  return startSocketServer(() => undefined);
}
