import { randomUUID } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import { DomainError } from '@larder/domain';
import express, { type ErrorRequestHandler, type Express, type Request } from 'express';
import type { Logger } from 'pino';
import type { DependencyContainer } from 'tsyringe';
import type { Config } from './config.js';
import { METRICS, servicesOf } from './composition-root.js';
import type { Metrics } from './metrics.js';
import type { RequestLocals } from './rest/mount.js';
import { restRouteModules, schemaModules } from './modules.js';
import { operationTable } from './operations/operation-table.js';
import { isApiAddress } from './rest/api-address.js';
import { bindOperations } from './rest/bindings.js';
import { callerResolver } from './rest/caller-resolution.js';
import { crossSiteWriteCheck } from './rest/cross-site.js';
import { utf8ByAnyName } from './rest/utf8-label.js';
import { methodNotAllowed } from './rest/method-not-allowed.js';
import {
  type JsonBodyReader,
  PUBLIC_BODY_DEADLINE_MS,
  PUBLIC_JSON_LIMIT_BYTES,
  isJson,
  mountRoutes,
} from './rest/mount.js';
import {
  HttpProblem,
  PROBLEM_TYPE_PREFIX,
  type Problem,
  problem,
  problemFromDomain,
  sendProblem,
  titleOf,
} from './rest/problem.js';
import { tokenHider } from './rest/logged-path.js';
import { requestScope } from './rest/request-scope.js';
import { RestTable } from './rest/route.js';
import { SchemaRegistry } from './schemas/schema-registry.js';
import { WebApp } from './rest/web-app.js';
import { cameAfterLastAnswer, dropUnreadBody } from './rest/unread-body.js';

export interface AppOptions {
  config: Config;
  container: DependencyContainer;
  logger: Logger;
  /** Check every JSON answer against its schema (tests). */
  checkResponses?: boolean;
  /** How long a public route waits for its body to arrive (tests shorten it). */
  publicBodyDeadlineMs?: number;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the express application: thin routes over the domain services. */
export function createApp(options: AppOptions): Express {
  const { config, container, logger } = options;
  const registry = new SchemaRegistry();
  for (const define of schemaModules) define(registry);
  const services = servicesOf(container);
  const metrics = container.resolve<Metrics>(METRICS);
  const operations = operationTable(services);
  const table = new RestTable();
  bindOperations(table, operations);
  const webApp = WebApp.open(config.webDir);
  for (const module of restRouteModules)
    module({ table, operations, registry, services, config, metrics, webApp });

  const loggedPath = tokenHider([...table.raw, ...table.operations].map((route) => route.path));
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;
  const baseUrl = (req: Request) =>
    config.publicUrl ?? `${protocolOf(req)}://${req.headers.host ?? 'localhost'}`;
  const schemaUrl = (req: Request, name: string) =>
    `${publicOrigin ?? `${protocolOf(req)}://${req.headers.host ?? 'localhost'}`}/api/v1/schemas/${name}.json`;

  const app = express();
  // A request pipelined behind one refused before its body was read is left undone (the
  // connection ends with that refusal; see rest/unread-body.ts).
  app.use((req, _res, next) => {
    if (!cameAfterLastAnswer(req)) next();
  });
  app.disable('x-powered-by');
  // `/API/v1/…` is not `/api/v1/…`: every check that looks at the path sees what routing sees.
  app.set('case sensitive routing', true);
  // Client addresses (the sign-in guard counts by them) come from the socket, or from
  // `X-Forwarded-For` only as far as the proxies named in SERVICE_TRUSTED_PROXIES.
  app.set('trust proxy', config.trustedProxies.length > 0 ? config.trustedProxies : false);
  app.set('query parser', 'extended');

  app.use((req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', id);
    (req as Request & { log: Logger }).log = logger.child({ requestId: id });
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const code = (res.locals as { problemCode?: string }).problemCode;
      const operation = (res.locals as RequestLocals).operationId ?? 'unmatched';
      metrics.request(operation, res.statusCode, ms / 1000);
      // The route's logger by now: it names the operation and the caller's account (see mount.ts).
      (req as Request & { log: Logger }).log.info(
        {
          method: req.method,
          path: loggedPath(req.path),
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
          ...(code ? { code } : {}),
        },
        'request',
      );
    });
    next();
  });
  app.use(requestScope());
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  app.use(crossSiteWriteCheck(publicOrigin));
  app.use(utf8ByAnyName());
  // Read on the routes that take a JSON body only (a zip or a photo sent as JSON is a 415 there),
  // and when the request names no type (as the reference reads it). Not strict: `null`, `5` or
  // `"x"` are valid JSON and fail validation (422) instead of parsing (400). The MCP endpoint reads
  // its own body, so that a broken one gets a JSON-RPC parse error.
  const jsonBodyOf = (limitBytes: number, deadlineMs?: number): JsonBodyReader => ({
    read: express.json({
      limit: limitBytes,
      strict: false,
      type: (req) => isJson(req as Request),
      verify: refuseUndecodable,
    }),
    limitBytes,
    ...(deadlineMs === undefined ? {} : { deadlineMs }),
  });
  const jsonBodies = {
    members: jsonBodyOf(config.jsonLimitBytes),
    anybody: jsonBodyOf(
      Math.min(PUBLIC_JSON_LIMIT_BYTES, config.jsonLimitBytes),
      options.publicBodyDeadlineMs ?? PUBLIC_BODY_DEADLINE_MS,
    ),
  };
  const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 10 });
  app.use('/setup', form);
  app.use('/api/v1/auth/oidc/start', form);

  // A deletion names one thing: with its last segment left empty (`DELETE /api/v1/shares/`, or
  // `…/images/..` that a client resolved to `/api/v1/recipes/{id}/`) it would name the collection
  // or its owner, and delete every link, or the recipe. So a trailing slash names nothing here.
  app.use((req, _res, next) => {
    if (req.method === 'DELETE' && req.path.length > 1 && req.path.endsWith('/')) {
      next(problem(404, `Nothing at DELETE ${req.path}.`));
    } else next();
  });
  if (webApp) app.use(webApp.undecodablePages());
  const router = express.Router({ caseSensitive: true });
  mountRoutes(router, table, {
    registry,
    resolveCaller: callerResolver(services.signIn, services.tokens, config.secureCookies),
    schemaUrl,
    baseUrl,
    secureCookies: config.secureCookies,
    checkResponses: options.checkResponses ?? false,
    jsonBodies,
  });
  app.use(router);
  if (webApp) app.use(webApp.handler());

  app.use(methodNotAllowed(table));
  app.use((req, _res, next) => next(problem(404, `Nothing at ${req.method} ${req.path}.`)));

  const onError: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    const log = (req as Request & { log?: Logger }).log ?? logger;
    let p: Problem;
    if (error instanceof HttpProblem) {
      p = error.problem;
    } else if (error instanceof DomainError) {
      p = problemFromDomain(error);
    } else if (isBodyParserError(error)) {
      p = bodyParserProblem(error);
    } else if (clientWentAway(error, req)) {
      // Nobody is left to answer: a client that hung up mid-upload is no error of ours.
      log.info({ reason: (error as Error).message }, 'the client went away before its request was read');
      res.destroy();
      return;
    } else {
      log.error({ err: error }, 'unhandled error');
      p = {
        status: 500,
        title: 'Internal Server Error',
        detail: 'Something went wrong on our side; it has been logged.',
      };
    }
    // The stable code of a domain error goes into the request's log line, as it goes to the client.
    if (p.type?.startsWith(PROBLEM_TYPE_PREFIX)) {
      (res.locals as { problemCode?: string }).problemCode = p.type.slice(PROBLEM_TYPE_PREFIX.length);
    }
    // Every 401 names the scheme that would get in (RFC 9110): an API token, or a session for the API.
    if (p.status === 401)
      p = { ...p, headers: { 'WWW-Authenticate': 'Bearer realm="larder"', ...p.headers } };
    // Answered before its body arrived (refused unread, or cut short): the rest is read and dropped
    // (within limits) so that the client gets the answer rather than a reset connection.
    // A body too slow to arrive (408) is not waited for any longer: the connection ends at once.
    if (!req.complete && !res.headersSent) {
      if (p.status === 408) res.setHeader('Connection', 'close');
      else dropUnreadBody(req, res);
    }
    // The API's problems name their schema; the pages' do not.
    try {
      sendProblem(res, p, isApiAddress(req.path) ? (name) => schemaUrl(req, name) : undefined);
    } catch (failure) {
      // Never express's own error page (it would show a stack): a bare status, or a closed connection.
      log.error({ err: failure }, 'could not send a problem answer');
      if (res.headersSent) res.destroy();
      else res.status(p.status).end();
    }
  };
  app.use(onError);
  return app;
}

/** The request's own connection broke off (Node's "aborted" / ECONNRESET on reading it). */
function clientWentAway(error: unknown, req: Request): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (code === 'ECONNRESET' || code === 'ECONNABORTED') && (req.destroyed || req.socket.destroyed);
}

/** `http` or `https` as the request came (behind trusted proxies, as they forwarded it); `http` once its socket is gone. */
function protocolOf(req: Request): string {
  try {
    return req.protocol;
  } catch {
    return 'http';
  }
}

/**
 * A client error raised by express or its body parsers (http-errors with a 4xx `status`): a body
 * that cannot be parsed or decompressed, a path that is not valid percent-encoding.
 */
interface BodyParserError {
  type?: string;
  status: number;
  expose?: boolean;
}

const UNDECODABLE = 'entity.undecodable';

/**
 * A JSON body whose bytes are not UTF-8 (Latin-1 text sent as it is) is refused: decoded, each
 * such byte would become U+FFFD, and "Crème" would be kept as "Cr�me".
 */
function refuseUndecodable(req: Request, _res: unknown, body: Buffer): void {
  // The JSON parser would decode a body declared UTF-16 or UTF-32 as such: only UTF-8 is taken.
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/iu.exec(req.headers['content-type'] ?? '')?.[1];
  if (charset !== undefined && charset.toLowerCase() !== 'utf-8') {
    throw Object.assign(new Error('unsupported charset'), { status: 415, type: 'charset.unsupported' });
  }
  if (!isUtf8(body)) throw Object.assign(new Error('undecodable body'), { status: 400, type: UNDECODABLE });
}

function isBodyParserError(error: unknown): error is BodyParserError {
  if (typeof error !== 'object' || error === null) return false;
  const { type, status, expose } = error as BodyParserError;
  const fromExpress = typeof type === 'string' || expose === true || error instanceof URIError;
  return fromExpress && typeof status === 'number' && status >= 400 && status < 500;
}

function bodyParserProblem(error: BodyParserError): Problem {
  switch (error.type) {
    case 'entity.parse.failed':
      return { status: 400, title: 'Bad Request', detail: 'The body is not valid JSON.' };
    case UNDECODABLE:
      return { status: 400, title: 'Bad Request', detail: 'The body is not valid UTF-8 text.' };
    case 'entity.too.large':
      return {
        status: 413,
        title: 'Content Too Large',
        detail: 'The body is larger than this service accepts.',
      };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, title: 'Unsupported Media Type', detail: 'Send the body as UTF-8 JSON.' };
    default:
      return { status: error.status, title: titleOf(error.status), detail: 'The request could not be read.' };
  }
}
