import * as dns from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, Socket, type LookupFunction, type TcpNetConnectOpts } from 'node:net';
import type { Duplex } from 'node:stream';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { AddressRefused, type AddressGuard } from './address-guard.js';

type ConnectionCallback = (error: Error | null, socket: Duplex) => void;
type Connect = (options: TcpNetConnectOpts, callback?: ConnectionCallback) => Duplex;

/** A socket that fails at once with `error`, the way http.Agent expects a failed connection. */
function refusedSocket(error: Error, callback?: ConnectionCallback): Socket {
  const socket = new Socket();
  if (callback) callback(error, socket);
  else socket.destroy(error);
  return socket;
}

/**
 * Resolves `hostname` with `resolve`, then refuses every non-public address among the answers
 * before the socket may connect to any of them: the check happens at connect time, on the very
 * addresses connected to, so a name that resolves differently the second time gains nothing.
 */
function checkedLookup(guard: AddressGuard, resolve: LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const answers = Array.isArray(address) ? address : [{ address, family }];
      for (const answer of answers) {
        const reason = guard.refusalOfAddress(hostname, answer.address);
        if (reason !== null) return callback(new AddressRefused(reason), address, family);
      }
      callback(null, address, family);
    });
  };
}

/**
 * Our guard in front of request-filtering-agent's: an allowed `host[:port]` connects directly;
 * anything else is checked by us (IP literals at once, names on every resolved address) and then
 * again by the agent's own deny list.
 */
function connectGuarded(
  guard: AddressGuard,
  defaultPort: number,
  options: TcpNetConnectOpts,
  callback: ConnectionCallback | undefined,
  direct: Connect,
  filtered: Connect,
): Duplex {
  const host = options.host ?? 'localhost';
  const port = Number(options.port ?? defaultPort);
  if (guard.allows(host, port, defaultPort)) return direct(options, callback);
  if (isIP(host) !== 0) {
    const reason = guard.refusalOfAddress(host, host);
    if (reason !== null) return refusedSocket(new AddressRefused(reason), callback);
  }
  const lookup = checkedLookup(guard, options.lookup ?? (dns.lookup as LookupFunction));
  return filtered({ ...options, lookup }, callback);
}

class GuardedHttpAgent extends RequestFilteringHttpAgent {
  constructor(private readonly guard: AddressGuard) {
    super({ keepAlive: false });
  }

  override createConnection(options: TcpNetConnectOpts, callback?: ConnectionCallback): Duplex {
    return connectGuarded(
      this.guard,
      80,
      options,
      callback,
      (o, cb) => http.Agent.prototype.createConnection.call(this, o, cb) as Duplex,
      (o, cb) => super.createConnection(o, cb),
    );
  }
}

class GuardedHttpsAgent extends RequestFilteringHttpsAgent {
  constructor(private readonly guard: AddressGuard) {
    super({ keepAlive: false });
  }

  override createConnection(options: TcpNetConnectOpts, callback?: ConnectionCallback): Duplex {
    return connectGuarded(
      this.guard,
      443,
      options,
      callback,
      (o, cb) => https.Agent.prototype.createConnection.call(this, o, cb) as Duplex,
      (o, cb) => super.createConnection(o, cb),
    );
  }
}

/** The http and https agents got uses for every hop of a draft's request. */
export function guardedAgents(guard: AddressGuard): { http: http.Agent; https: https.Agent } {
  return { http: new GuardedHttpAgent(guard), https: new GuardedHttpsAgent(guard) };
}
