import { AsyncLocalStorage } from 'node:async_hooks';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';

interface RequestScope {
  req: Request;
  res: Response;
  log: Logger;
}

/** The request whose work is running: every callback a request starts carries it along. */
const scopes = new AsyncLocalStorage<RequestScope>();

/** Runs the rest of the request's handling inside its scope, so an error escaping it can be traced back. */
export function requestScope(): RequestHandler {
  return (req, res, next) => {
    const log = (req as Request & { log?: Logger }).log;
    if (!log) throw new Error('requestScope runs after the request logger');
    scopes.run({ req, res, log }, next);
  };
}

const INTERNAL_ERROR = JSON.stringify({
  title: 'Internal Server Error',
  status: 500,
  detail: 'Something went wrong on our side; it has been logged.',
});

/**
 * An error that escaped every handler (an event emitter without an `error` listener, a throw in
 * a callback) is logged and answered 500 for the request it came from alone: the process, and
 * every other request, go on. Answers the function that removes the guard again.
 */
export function guardProcess(logger: Logger): () => void {
  const onEscaped = (error: unknown) => {
    const scope = scopes.getStore();
    if (!scope) {
      logger.fatal({ err: error }, 'an error escaped outside any request; the service goes on');
      return;
    }
    scope.log.error({ err: error }, 'an error escaped the request; answered 500');
    const { res } = scope;
    if (!res.headersSent) {
      res.status(500).type('application/problem+json').setHeader('Connection', 'close').end(INTERNAL_ERROR);
    } else {
      res.destroy();
    }
  };
  process.on('uncaughtException', onEscaped);
  process.on('unhandledRejection', onEscaped);
  return () => {
    process.off('uncaughtException', onEscaped);
    process.off('unhandledRejection', onEscaped);
  };
}
