import type { Database } from '@larder/adapters-postgres';
import { buildOpenApi } from '../http/openapi.js';
import { rewriteRefs } from '../http/schema-registry.js';
import { DATABASE } from '../composition-root.js';
import type { RouteModule } from './route-module.js';

export const VERSION = '1.2.0';

export const serviceRoutes: RouteModule = ({ table, registry, container }) => {
  const database = container.resolve<Database>(DATABASE);

  table.add({
    method: 'get',
    path: '/healthz',
    operationId: 'healthz',
    summary: 'Whether the service and its database answer',
    tag: 'service',
    access: 'public',
    describedBy: false,
    responses: { 200: { content: 'text/plain' }, 503: { content: 'text/plain' } },
    handle: async ({ res }) => {
      try {
        await database.ping();
        res.status(200).type('text/plain').send('ok');
      } catch {
        res.status(503).type('text/plain').send('database unavailable');
      }
      return null;
    },
  });

  table.add({
    method: 'get',
    path: '/api/v1/openapi.json',
    operationId: 'openapi',
    summary: 'This API, described in OpenAPI 3.1',
    tag: 'service',
    access: 'public',
    responses: { 200: { content: 'application/json' } },
    handle: async ({ res }) => {
      res.type('application/json').send(JSON.stringify(buildOpenApi(table, registry, VERSION)));
      return null;
    },
  });

  table.add({
    method: 'get',
    path: '/api/v1/schemas/:file',
    operationId: 'get-schema',
    summary: 'One named JSON Schema of this API',
    tag: 'service',
    access: 'public',
    params: { file: { schema: { type: 'string', pattern: '^[A-Za-z0-9]+\\.json$', maxLength: 80 } } },
    responses: { 200: { content: 'application/schema+json' } },
    errors: [404],
    handle: async ({ params, res, schemaUrl }) => {
      const name = String(params['file']).replace(/\.json$/, '');
      const schema = registry.get(name);
      if (!schema) {
        res
          .status(404)
          .type('application/problem+json')
          .send(JSON.stringify({ title: 'Not Found', status: 404, detail: `No schema named ${name}.` }));
        return null;
      }
      const base = schemaUrl('X').replace(/X\.json$/, '');
      const body = {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: schemaUrl(name),
        title: name,
        ...rewriteRefs(schema, base, '.json'),
      };
      res.type('application/schema+json').send(JSON.stringify(body));
      return null;
    },
  });
};
