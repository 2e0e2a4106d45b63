import { OUTAGE_RETRY_SECONDS } from '@larder/adapters-postgres';
import { readFileSync } from 'node:fs';
import { PUBLIC } from '../../operations/operation.js';
import { rewriteRefs } from '../../schemas/schema-registry.js';
import { str } from '../../schemas/json-schema.js';
import { buildOpenApi } from '../openapi.js';
import type { RestRouteModule } from './route-module.js';

/** The one version of Larder: the root package.json's, which the API description also states. */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** The service itself: whether it is up, and the description of its API. */
export const serviceRoutes: RestRouteModule = ({ table, registry, services: { database } }) => {
  table.add({
    method: 'get',
    path: '/healthz',
    operationId: 'healthz',
    summary: 'Whether the service and its database answer',
    description:
      '200 `ok` while the service and its database answer, 503 (with `Retry-After: 5`) otherwise: for load balancers and container health checks. ' +
      'Photo storage is not part of it: without it recipes are still served (photos answer 503), and every instance shares the one store.',
    tag: 'service',
    access: PUBLIC,
    responses: { 200: { content: 'text/plain' }, 503: { content: 'text/plain' } },
    handle: async ({ res }) => {
      try {
        await database.ping();
        res.status(200).type('text/plain').send('ok');
      } catch {
        // As every other answer of a database outage: when to look again.
        res
          .status(503)
          .set('Retry-After', String(OUTAGE_RETRY_SECONDS))
          .type('text/plain')
          .send('database unavailable');
      }
    },
  });

  table.add({
    method: 'get',
    path: '/api/v1/openapi.json',
    operationId: 'openapi',
    summary: 'This API, described in OpenAPI 3.1',
    description:
      'This document: every route of the service, its access rule, parameters, bodies with examples, answers and error codes. Served to anybody.',
    tag: 'service',
    access: PUBLIC,
    responses: { 200: { content: 'application/json', contentSchema: { type: 'object' } } },
    handle: async ({ res }) => {
      res
        .type('application/json')
        .send(JSON.stringify(buildOpenApi(table.descriptions(), registry, VERSION)));
    },
  });

  table.add({
    method: 'get',
    path: '/api/v1/schemas/:file',
    operationId: 'get-schema',
    summary: 'One named JSON Schema of this API',
    description:
      'One named JSON Schema of this API (2020-12), with its references pointing at the other schema files: what `$schema` in every answer links to.',
    tag: 'service',
    access: PUBLIC,
    params: { file: { schema: str({ pattern: '^[A-Za-z0-9]+\\.json$', maxLength: 80 }) } },
    responses: { 200: { content: 'application/schema+json', contentSchema: { type: 'object' } } },
    errors: [404],
    handle: async ({ params, res, schemaUrl }) => {
      const name = params.file.replace(/\.json$/, '');
      const schema = registry.get(name);
      if (!schema) {
        res
          .status(404)
          .type('application/problem+json')
          .send(JSON.stringify({ title: 'Not Found', status: 404, detail: `No schema named ${name}.` }));
        return;
      }
      const base = schemaUrl('X').replace(/X\.json$/, '');
      const body = {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: schemaUrl(name),
        title: name,
        ...rewriteRefs(schema, base, '.json'),
      };
      res.type('application/schema+json').send(JSON.stringify(body));
    },
  });
};
