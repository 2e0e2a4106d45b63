import { type Socket, createServer } from 'node:net';

/** A server on 127.0.0.1 that accepts connections and never says a word: no SMTP greeting, no TLS. */
export interface SilentServer {
  readonly port: number;
  /** Connections accepted so far. */
  readonly accepted: number;
  stop(): Promise<void>;
}

export async function startSilentServer(): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  return {
    port,
    get accepted() {
      return accepted;
    },
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
