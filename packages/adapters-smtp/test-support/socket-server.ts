import { type Socket, createServer } from 'node:net';

/** A TCP server on 127.0.0.1 and a free port that keeps count of its connections. */
export interface SocketServer {
  readonly port: number;
  /** Connections accepted so far. */
  readonly accepted: number;
  /** Connections still open (the client has not hung up). */
  readonly open: number;
  /** Closes the port and every connection still open. */
  stop(): Promise<void>;
}

/** Starts one; `talk` is given each connection as it comes (socket errors are the client's). */
export async function startSocketServer(talk: (socket: Socket) => void): Promise<SocketServer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    talk(socket);
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
    get open() {
      return sockets.size;
    },
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
