import { type Socket, createServer } from 'node:net';

/**
 * An SMTP server on 127.0.0.1 that talks until the mail has arrived (or, with `after: 'ehlo'`, until
 * the client says who it is) and then never finishes its answer: a continuation line
 * (`250-still working`) every `dripMs`, never the final one. The connection is never silent, so no
 * timeout for silence ever fires.
 */
export interface DrippingServer {
  readonly port: number;
  /** Connections accepted so far. */
  readonly accepted: number;
  /** Connections still open (the client has not hung up). */
  readonly open: number;
  /** Mails whose whole text arrived (and whose answer never will). */
  readonly received: number;
  stop(): Promise<void>;
}

export async function startDrippingServer(
  options: { dripMs?: number; after?: 'data' | 'ehlo' } = {},
): Promise<DrippingServer> {
  const dripMs = options.dripMs ?? 200;
  const after = options.after ?? 'data';
  const sockets = new Set<Socket>();
  let accepted = 0;
  let received = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    let drip: NodeJS.Timeout | undefined;
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      sockets.delete(socket);
    });
    // A client that closes its side is gone: answer with the end of ours, as servers do.
    socket.on('end', () => socket.end());
    const say = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    say('220 dripping.example ESMTP');
    let pending = '';
    let inData = false;
    const startDripping = () => {
      drip = setInterval(() => say('250-still working'), dripMs);
    };
    socket.on('data', (chunk: Buffer) => {
      pending += chunk.toString('latin1');
      let end: number;
      while ((end = pending.indexOf('\r\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (inData) {
          if (line !== '.') continue;
          inData = false;
          received += 1;
          startDripping();
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' && after === 'ehlo') {
          startDripping();
        } else if (verb === 'EHLO') {
          say('250-dripping.example');
          say('250 8BITMIME');
        } else if (verb === 'DATA') {
          inData = true;
          say('354 go ahead');
        } else if (verb === 'QUIT') {
          say('221 bye');
          socket.end();
        } else {
          say('250 ok');
        }
      }
    });
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
    get received() {
      return received;
    },
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
