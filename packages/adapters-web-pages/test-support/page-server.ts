import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

/** A web server on 127.0.0.1 for fetcher tests: routes by path, counts every request it gets. */
export interface PageServer {
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `127.0.0.1:<port>`, as `allowHosts` names it. */
  hostPort: string;
  /** Every request received, as `path`, in order. */
  hits: string[];
  /** The headers of the last request. */
  lastHeaders: IncomingMessage['headers'] | null;
  route(path: string, handler: Route): void;
  close(): Promise<void>;
}

export async function startPageServer(): Promise<PageServer> {
  const routes = new Map<string, Route>();
  const state = { hits: [] as string[], lastHeaders: null as IncomingMessage['headers'] | null };
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    state.hits.push(path);
    state.lastHeaders = req.headers;
    const handler = routes.get(path.split('?')[0]!);
    if (handler) return handler(req, res);
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>not here</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    get hits() {
      return state.hits;
    },
    get lastHeaders() {
      return state.lastHeaders;
    },
    route(path, handler) {
      routes.set(path, handler);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A handler answering `body` as an HTML page (or whatever `type` says). */
export function page(body: string | Uint8Array, type = 'text/html; charset=utf-8'): Route {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': type }).end(body);
  };
}

/** A handler redirecting to `location`. */
export function redirect(location: string, status = 302): Route {
  return (_req, res) => {
    res.writeHead(status, { location }).end();
  };
}
