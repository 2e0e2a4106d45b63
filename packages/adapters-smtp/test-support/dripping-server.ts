import { type SocketServer, startSocketServer } from './socket-server.js';

/**
 * An SMTP server on 127.0.0.1 that talks until the mail has arrived (or, with `after: 'ehlo'`, until
 * the client says who it is) and then never finishes its answer: a continuation line
 * (`250-still working`) every `dripMs`, never the final one. The connection is never silent, so no
 * timeout for silence ever fires.
 */
export interface DrippingServer extends SocketServer {
  /** Mails whose whole text arrived (and whose answer never will). */
  readonly received: number;
}

export async function startDrippingServer(
  options: { dripMs?: number; after?: 'data' | 'ehlo' } = {},
): Promise<DrippingServer> {
  const dripMs = options.dripMs ?? 200;
  const after = options.after ?? 'data';
  let received = 0;
  const server = await startSocketServer((socket) => {
    let drip: NodeJS.Timeout | undefined;
    socket.on('close', () => clearInterval(drip));
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
  return {
    get port() {
      return server.port;
    },
    get accepted() {
      return server.accepted;
    },
    get open() {
      return server.open;
    },
    get received() {
      return received;
    },
    stop: () => server.stop(),
  };
}
