import request from 'supertest';
import { SchemaRegistry } from '../src/schemas/schema-registry.js';
import { schemaModules } from '../src/modules.js';
import { type TestApp, startTestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface MediaType {
  schema?: { $ref?: string };
  example?: unknown;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
}

describe('the API description explains every operation', () => {
  let operations: Array<[string, Operation]>;
  beforeAll(async () => {
    const doc = (await request(t.app).get('/api/v1/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, Operation>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(
        ([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation],
      ),
    );
    expect(operations.length).toBeGreaterThan(70);
  });

  it('with a summary and a description', () => {
    const lacking = operations
      .filter(([, op]) => !op.summary?.trim() || !op.description?.trim())
      .map(([name]) => name);
    expect(lacking).toEqual([]);
  });

  it('with its error codes', () => {
    const lacking = operations
      .filter(([, op]) => !Object.keys(op.responses).some((status) => /^[45]\d\d$/.test(status)))
      .map(([name]) => name);
    expect(lacking).toEqual([]);
  });

  it('with the refusals the transport makes: a broken, large or foreign body, another site, a token where a session is needed', () => {
    const lacking: string[] = [];
    for (const [name, op] of operations) {
      const [method = '', path = ''] = name.split(' ');
      const statuses = Object.keys(op.responses);
      if (!path.startsWith('/api/') && path !== '/mcp') {
        // The pages' forms: another site's post (403), a form too large to read (413).
        const expected = method === 'GET' ? [] : ['403', ...(op.requestBody ? ['413'] : [])];
        for (const status of expected) if (!statuses.includes(status)) lacking.push(`${name} ${status}`);
        continue;
      }
      const expected = [
        ...(op.requestBody?.content['application/json'] ? ['400', '413', '415'] : []),
        ...(method !== 'GET' || op.security?.every((s) => 'session' in s) ? ['403'] : []),
      ];
      for (const status of expected) if (!statuses.includes(status)) lacking.push(`${name} ${status}`);
    }
    expect(lacking).toEqual([]);
  });

  it('with JSON objects as what its own description and schemas are', () => {
    const answerOf = (name: string) =>
      (operations.find(([n]) => n === name)?.[1].responses['200'] as { content: Record<string, MediaType> })
        .content;
    expect(answerOf('GET /api/v1/openapi.json')['application/json']?.schema).toEqual({ type: 'object' });
    expect(answerOf('GET /api/v1/schemas/{file}')['application/schema+json']?.schema).toEqual({
      type: 'object',
    });
  });

  it('with an example of every JSON request body, valid for its schema', () => {
    const registry = new SchemaRegistry();
    for (const define of schemaModules) define(registry);
    const lacking: string[] = [];
    const invalid: string[] = [];
    for (const [name, op] of operations) {
      const json = op.requestBody?.content['application/json'];
      if (!json) continue;
      if (json.example === undefined) {
        lacking.push(name);
        continue;
      }
      const ref = json.schema?.$ref?.replace('#/components/schemas/', '');
      if (!ref) continue;
      const validate = registry.validator(ref, 'body');
      if (!validate(json.example)) invalid.push(`${name}: ${JSON.stringify(validate.errors)}`);
    }
    expect(lacking).toEqual([]);
    expect(invalid).toEqual([]);
  });
});
