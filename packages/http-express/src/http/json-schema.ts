/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it). Kept loose on purpose. */
export type JsonSchema = { [keyword: string]: unknown };

/** `{ $ref }` to a named schema of the registry. */
export function ref(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

export function nullable(schema: JsonSchema): JsonSchema {
  const type = schema['type'];
  if (typeof type === 'string') return { ...schema, type: [type, 'null'] };
  if (Array.isArray(type)) return { ...schema, type: [...type, 'null'] };
  return { oneOf: [schema, { type: 'null' }] };
}

export function arrayOf(items: JsonSchema, extra: JsonSchema = {}): JsonSchema {
  return { type: 'array', items, ...extra };
}

/** A closed object: every property listed, unknown ones refused. */
export function object(
  properties: Record<string, JsonSchema>,
  required: string[] = [],
  extra: JsonSchema = {},
): JsonSchema {
  return { type: 'object', additionalProperties: false, properties, required, ...extra };
}

export const str = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...extra });
export const int = (extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', ...extra });
export const bool = (extra: JsonSchema = {}): JsonSchema => ({ type: 'boolean', ...extra });
export const dateTime = (extra: JsonSchema = {}): JsonSchema => ({
  type: 'string',
  format: 'date-time',
  ...extra,
});
