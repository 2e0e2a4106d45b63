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
