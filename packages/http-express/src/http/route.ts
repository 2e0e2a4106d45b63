import type { Caller } from '@larder/domain';
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import type { Logger } from 'pino';
import { type Access, checkAccess, securityOf } from './access.js';
import type { JsonSchema } from './json-schema.js';
import { problem, validationProblem } from './problem.js';
import type { SchemaRegistry } from './schema-registry.js';
import { issuesFrom } from './validation-issues.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One declared answer of a route: a named JSON schema, raw content, or nothing. */
export type ResponseSpec =
  | { schema: string; description?: string; headers?: string[] }
  | { content: string; description?: string; headers?: string[] }
  | { empty: true; description?: string; headers?: string[] };

export interface ParamSpec {
  schema: JsonSchema;
  description?: string;
  required?: boolean;
}

export interface RequestContext<Body = unknown> {
  req: Request;
  res: Response;
  caller: Caller | null;
  body: Body;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  log: Logger;
  /** Absolute URL of a named schema, for `$schema`. */
  schemaUrl(name: string): string;
}

export interface RouteDefinition<Body = unknown> {
  method: Method;
  /** Express path, e.g. `/api/v1/users/:id`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  params?: Record<string, ParamSpec>;
  query?: Record<string, ParamSpec>;
  /** Named schema of a JSON body; `optional` lets the body be absent. */
  body?: { schema: string; optional?: boolean };
  /** A body that is not JSON (multipart, zip): described, not validated here. */
  rawBody?: { contentType: string; schema: JsonSchema; description?: string };
  responses: Record<number, ResponseSpec>;
  /** Status codes of problem answers this route can give. */
  errors?: number[];
  /** Problem answers whose body has a schema of its own (ErrorModel otherwise), e.g. `{ 409: 'ExistingShareError' }`. */
  problems?: Record<number, string>;
  /** Answers carrying the `$schema` / `Link` of their schema (off for public routes). */
  describedBy?: boolean;
  /**
   * Returns the answer body (sent with the route's success status) or
   * `undefined` for an empty answer; may also answer through `ctx.res` itself.
   */
  handle(ctx: RequestContext<Body>): Promise<unknown>;
}

/** A collection of routes: each module of the API adds its own. */
export class RouteTable {
  readonly routes: RouteDefinition<never>[] = [];

  add<Body>(route: RouteDefinition<Body>): void {
    this.routes.push(route as unknown as RouteDefinition<never>);
  }
}

export interface MountOptions {
  registry: SchemaRegistry;
  /** Resolves the caller of a request (from its cookie or bearer token). */
  resolveCaller(req: Request): Promise<Caller | null>;
  schemaUrl(req: Request, name: string): string;
  /** In tests: every JSON answer is checked against its declared schema. */
  checkResponses: boolean;
}

function successOf(route: RouteDefinition<never>): [number, ResponseSpec] {
  const entry = Object.entries(route.responses).find(([s]) => Number(s) < 300);
  if (!entry) throw new Error(`route ${route.operationId} has no success answer`);
  return [Number(entry[0]), entry[1]];
}

function objectSchemaOf(specs: Record<string, ParamSpec>, allRequired: boolean): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, spec] of Object.entries(specs)) {
    properties[name] = spec.schema;
    if (allRequired || spec.required) required.push(name);
  }
  return { type: 'object', properties, required };
}

/** Comma-separated query values become arrays where the schema wants one (`tags=a,b`). */
function splitArrays(
  query: Record<string, unknown>,
  specs: Record<string, ParamSpec>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs)) {
    let value = query[name];
    if (value === undefined) continue;
    const type = spec.schema['type'];
    const wantsArray = type === 'array' || (Array.isArray(type) && type.includes('array'));
    if (wantsArray) {
      const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
      value = parts.map((p) => p.trim()).filter((p) => p !== '');
    } else if (Array.isArray(value)) {
      value = value[value.length - 1];
    }
    out[name] = value;
  }
  return out;
}

function isJson(req: Request): boolean {
  // A matching type name, or false / null when the request says another type or none.
  return typeof req.is(['application/json', 'application/*+json']) === 'string';
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

export function mountRoutes(router: Router, table: RouteTable, options: MountOptions): void {
  const { registry } = options;
  for (const route of table.routes) {
    const [successStatus, successSpec] = successOf(route);
    const paramsValidator = route.params
      ? registry.validator(objectSchemaOf(route.params, true), 'param')
      : null;
    const queryValidator = route.query
      ? registry.validator(objectSchemaOf(route.query, false), 'param')
      : null;
    const bodyValidator = route.body ? registry.validator(route.body.schema, 'body') : null;
    const responseValidator =
      options.checkResponses && 'schema' in successSpec
        ? registry.validator(successSpec.schema, 'body')
        : null;
    const describedBy = route.describedBy ?? true;

    const handler: RequestHandler = async (req: Request, res: Response, next: NextFunction) => {
      try {
        const caller = await options.resolveCaller(req);
        checkAccess(route.access, caller);

        const params: Record<string, unknown> = { ...(req.params as Record<string, unknown>) };
        if (paramsValidator && !paramsValidator(params)) {
          throw validationProblem(issuesFrom(paramsValidator.errors, 'path'));
        }
        let query: Record<string, unknown> = {};
        if (route.query) {
          query = splitArrays(req.query as Record<string, unknown>, route.query);
          if (queryValidator && !queryValidator(query)) {
            throw validationProblem(issuesFrom(queryValidator.errors, 'query'));
          }
        }
        let body: unknown = undefined;
        if (route.body && bodyValidator) {
          if (hasBody(req) && !isJson(req)) throw problem(415, 'Send the body as application/json.');
          body = req.body;
          if (body !== undefined && body !== null && typeof body === 'object' && !Array.isArray(body)) {
            // `$schema` is accepted on input and ignored.
            const { $schema: _ignored, ...rest } = body as Record<string, unknown>;
            body = rest;
          }
          const absent = body === undefined || (!hasBody(req) && req.body === undefined);
          if (!(absent && route.body.optional)) {
            if (absent) throw validationProblem([{ location: 'body', message: 'is required' }]);
            if (!bodyValidator(body)) throw validationProblem(issuesFrom(bodyValidator.errors, 'body'));
          }
        }

        const ctx: RequestContext<never> = {
          req,
          res,
          caller,
          body: body as never,
          params,
          query,
          log: (req as Request & { log: Logger }).log,
          schemaUrl: (name) => options.schemaUrl(req, name),
        };
        const result = await route.handle(ctx);
        if (res.headersSent || res.writableEnded) return;
        if (result === undefined) {
          res.status(successStatus === 200 ? 204 : successStatus).end();
          return;
        }
        if ('schema' in successSpec) {
          if (responseValidator && !responseValidator(result)) {
            const issues = issuesFrom(responseValidator.errors, 'response');
            throw new Error(
              `answer of ${route.operationId} breaks ${successSpec.schema}: ${JSON.stringify(issues)}`,
            );
          }
          let out = result;
          if (describedBy && typeof result === 'object' && result !== null && !Array.isArray(result)) {
            const url = options.schemaUrl(req, successSpec.schema);
            res.setHeader('Link', `<${url}>; rel="describedBy"`);
            out = { $schema: url, ...(result as Record<string, unknown>) };
          }
          res.status(successStatus).type('application/json').send(JSON.stringify(out));
          return;
        }
        res.status(successStatus).send(result);
      } catch (error) {
        next(error);
      }
    };
    router[route.method](route.path, handler);
  }
}

export { securityOf };
