import type { Caller } from '@larder/domain';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Access, AnyOperation, CallerOf, Param } from '../operations/operation.js';
import type { JsonSchema } from '../schemas/json-schema.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'options';

/** One declared answer of a route: a named JSON schema, raw content, or nothing. */
export type ResponseSpec =
  | { schema: string; description?: string; headers?: string[] }
  /** Raw content of one media type, or of any of several (a photo as its site served it). */
  | { content: string | string[]; contentSchema?: JsonSchema; description?: string; headers?: string[] }
  | { empty: true; description?: string; headers?: string[] };

/** What the API description says of a route, whether it serves an operation or files and pages. */
export interface RouteDescription {
  method: Method;
  /** Express path, e.g. `/api/v1/users/:id`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  params?: Record<string, Param>;
  query?: Record<string, Param>;
  /** Named schema of a JSON body; `optional` lets the body be absent. */
  body?: { schema: string; optional?: boolean };
  /** A body that is not JSON (multipart, a form, zip): described, not validated by the binding. */
  rawBody?: { contentType: string; schema: JsonSchema; description?: string; example?: unknown };
  responses: Record<number, ResponseSpec>;
  /** Status codes of problem answers this route can give. */
  errors?: number[];
  /** Problem answers whose body has a schema of its own (ErrorModel otherwise). */
  problems?: Record<number, string>;
  /** Left out of the API description (a method answered only with 405). */
  hidden?: boolean;
}

/** An operation bound to a method and a path. */
export interface OperationRoute {
  method: Method;
  path: string;
  operation: AnyOperation;
}

type Values<P> = { [K in keyof P]: P[K] extends Param<infer T> ? T : never };

export interface RawRouteContext<
  C extends Caller | null = Caller | null,
  P extends Record<string, Param> = Record<string, Param>,
  Q extends Record<string, Param> = Record<string, Param>,
> {
  req: Request;
  res: Response;
  /** Checked against the route's access rule already: null only on public routes. */
  caller: C;
  /** Path values, validated against their schemas. */
  params: Values<P>;
  /** Query values, validated against their schemas; absent ones are undefined. */
  query: Partial<Values<Q>>;
  log: Logger;
  /** Absolute URL of a named schema, for `$schema`. */
  schemaUrl(name: string): string;
  /** The household's base URL (`SERVICE_PUBLIC_URL`, or where the request came in). */
  baseUrl: string;
  /** Who calls, if anybody: on public routes, for the few that serve members differently; never throws. */
  lookUpCaller(): Promise<Caller | null>;
}

/**
 * A route that is REST's own: an HTML page, a file, an upload, the API description. It answers
 * through `ctx.res` itself.
 */
export interface RawRoute<
  A extends Access = Access,
  P extends Record<string, Param> = Record<string, Param>,
  Q extends Record<string, Param> = Record<string, Param>,
> extends RouteDescription {
  access: A;
  params?: P;
  query?: Q;
  handle(ctx: RawRouteContext<CallerOf<A>, P, Q>): Promise<void>;
}

/** The REST side of the API: operations bound to paths, and REST's own routes. */
export class RestTable {
  readonly operations: OperationRoute[] = [];
  readonly raw: RawRoute[] = [];

  bind(method: Method, path: string, operation: AnyOperation): void {
    this.operations.push({ method, path, operation });
  }

  add<
    const A extends Access,
    P extends Record<string, Param> = Record<string, never>,
    Q extends Record<string, Param> = Record<string, never>,
  >(route: RawRoute<A, P, Q>): void {
    this.raw.push(route as unknown as RawRoute);
  }

  /** Every route as the API description lists it: REST's own, then the operations, each in the order added. */
  descriptions(): RouteDescription[] {
    return [...this.raw.filter((route) => !route.hidden), ...this.operations.map(describeOperationRoute)];
  }
}

export function describeOperationRoute({ method, path, operation: op }: OperationRoute): RouteDescription {
  const output = op.output;
  const response: ResponseSpec =
    output.status === 204
      ? { empty: true, ...(output.headers ? { headers: output.headers } : {}) }
      : { schema: output.schema, ...(output.headers ? { headers: output.headers } : {}) };
  if (output.description) response.description = output.description;
  return {
    method,
    path,
    operationId: op.id,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tag: op.tag,
    access: op.access,
    ...(op.input.path ? { params: op.input.path } : {}),
    ...(op.input.query ? { query: op.input.query } : {}),
    ...(op.input.body
      ? { body: { schema: op.input.body.name, ...(op.input.body.optional ? { optional: true } : {}) } }
      : {}),
    responses: { [output.status]: response },
    errors: op.errors,
    ...(op.problems ? { problems: op.problems } : {}),
  };
}
