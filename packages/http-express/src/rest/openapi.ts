import { REQUEST_EXAMPLES } from '../schemas/request-examples.js';
import type { Access } from '../operations/operation.js';
import type { JsonSchema } from '../schemas/json-schema.js';
import type { SchemaRegistry } from '../schemas/schema-registry.js';
import { isApiAddress } from './api-address.js';
import { titleOf } from './problem.js';
import type { RouteDescription } from './route.js';

const TAGS = [
  'auth',
  'recipes',
  'comments',
  'tags',
  'images',
  'transfer',
  'shares',
  'public',
  'settings',
  'users',
  'tokens',
  'mcp',
  'service',
];

/** The OpenAPI `security` requirement of an access rule. */
function securityOf(access: Access): Array<Record<string, string[]>> | undefined {
  if (access.kind === 'public') return undefined;
  if (access.kind === 'session') return [{ session: [] }];
  if (access.kind === 'token') return [{ token: [access.scope] }];
  return [{ session: [] }, { token: [access.scope] }];
}

/**
 * What the transport itself refuses on a route of the API, whatever its operation: a body that is
 * no JSON or no UTF-8 (400), too large (413) or of another type or encoding (415); a write from
 * another site, or an API token where a session is needed (403). (DECISIONS.md names them all.)
 * The pages' forms outside the API refuse another site's post and a form too large.
 */
function transportRefusals(route: RouteDescription): number[] {
  const refusals: number[] = [];
  if (route.method !== 'get') refusals.push(403);
  if (!isApiAddress(route.path)) {
    // The pages' forms (setup, confirmation): another site's post, and a form too large to read.
    if (route.rawBody) refusals.push(413);
    return refusals;
  }
  if (route.body) refusals.push(400, 413, 415);
  if (route.rawBody) refusals.push(413, 415);
  if (route.access.kind === 'session') refusals.push(403);
  return refusals;
}

/**
 * The schema of a problem answer. A status whose problem has a schema of its own can also come
 * from the access rules (a 403 for a token where a session is needed), as a plain ErrorModel.
 */
function problemSchemaOf(route: RouteDescription, status: number): JsonSchema {
  const own = route.problems?.[status];
  if (own === undefined) return { $ref: '#/components/schemas/ErrorModel' };
  if (status !== 403) return { $ref: `#/components/schemas/${own}` };
  return { oneOf: [{ $ref: `#/components/schemas/${own}` }, { $ref: '#/components/schemas/ErrorModel' }] };
}

/** Assembles the OpenAPI 3.1 document from the same routes and schemas that serve requests. */
export function buildOpenApi(
  routes: readonly RouteDescription[],
  registry: SchemaRegistry,
  version: string,
): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const [name, spec] of Object.entries(route.params ?? {})) {
      parameters.push({
        name,
        in: 'path',
        required: true,
        schema: spec.schema,
        ...(spec.description ? { description: spec.description } : {}),
      });
    }
    for (const [name, spec] of Object.entries(route.query ?? {})) {
      const type = spec.schema['type'];
      const isArray = type === 'array' || (Array.isArray(type) && type.includes('array'));
      parameters.push({
        name,
        in: 'query',
        required: spec.required ?? false,
        schema: spec.schema,
        ...(isArray ? { explode: false } : {}),
        ...(spec.flag ? { allowEmptyValue: true } : {}),
        ...(spec.description ? { description: spec.description } : {}),
      });
    }
    if (route.errors?.includes(412)) {
      parameters.push({
        name: 'If-Match',
        in: 'header',
        required: false,
        schema: { type: 'string' },
        description:
          'The ETag of the copy the change was made on (or *): refused with 412 when the resource changed since. Absent: the last change wins',
      });
    }
    const responses: Record<string, unknown> = {};
    for (const [status, spec] of Object.entries(route.responses)) {
      const headers = Object.fromEntries(
        (spec.headers ?? []).map((h) => [
          h,
          { schema: { type: h === 'Retry-After' ? 'integer' : 'string' } },
        ]),
      );
      const base = {
        description: spec.description ?? (Number(status) < 300 ? 'OK' : titleOf(Number(status))),
        ...(Object.keys(headers).length ? { headers } : {}),
      };
      if ('schema' in spec) {
        responses[status] = {
          ...base,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${spec.schema}` } } },
        };
      } else if ('content' in spec) {
        responses[status] = {
          ...base,
          content: Object.fromEntries(
            [spec.content]
              .flat()
              .map((type) => [type, { schema: spec.contentSchema ?? { type: 'string', format: 'binary' } }]),
          ),
        };
      } else {
        responses[status] = base;
      }
    }
    // Any route can fail on our side (as the reference lists it): 500, a problem without detail.
    const statuses = new Set([...(route.errors ?? []), ...transportRefusals(route), 500]);
    for (const status of [...statuses].sort((a, b) => a - b)) {
      responses[String(status)] ??= {
        description: titleOf(status),
        ...(status === 429 || status === 503
          ? { headers: { 'Retry-After': { schema: { type: 'integer' } } } }
          : {}),
        content: { 'application/problem+json': { schema: problemSchemaOf(route, status) } },
      };
    }
    responses['default'] ??= {
      description: 'Error',
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ErrorModel' } } },
    };
    const operation: Record<string, unknown> = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      ...(parameters.length ? { parameters } : {}),
      responses,
    };
    const security = securityOf(route.access);
    if (security) operation['security'] = security;
    if (route.body) {
      const example = REQUEST_EXAMPLES[route.body.schema];
      operation['requestBody'] = {
        required: !route.body.optional,
        content: {
          'application/json': {
            schema: { $ref: `#/components/schemas/${route.body.schema}` },
            ...(example === undefined ? {} : { example }),
          },
        },
      };
    } else if (route.rawBody) {
      operation['requestBody'] = {
        required: true,
        ...(route.rawBody.description ? { description: route.rawBody.description } : {}),
        content: {
          [route.rawBody.contentType]: {
            schema: route.rawBody.schema,
            ...(route.rawBody.example === undefined ? {} : { example: route.rawBody.example }),
          },
        },
      };
    }
    (paths[path] ??= {})[route.method] = operation;
  }
  const sortedPaths = Object.fromEntries(
    Object.keys(paths)
      .sort()
      .map((p) => [p, paths[p]]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Larder API',
      version,
      description: 'The HTTP API of Larder, a self-hosted recipe service for one household.',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    tags: TAGS.map((name) => ({ name })),
    paths: sortedPaths,
    components: {
      schemas: registry.components(),
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'service_session',
          description: 'Session cookie set by POST /api/v1/auth/login.',
        },
        token: {
          type: 'http',
          scheme: 'bearer',
          description: 'API token, sent as `Authorization: Bearer lrd_…`.',
        },
      },
    },
  };
}
