/**
 * JSON Schemas (2020-12, as OpenAPI 3.1 uses them) that carry their TypeScript type: one source
 * for what a request may hold and for the type the code receives. ajv validates them as they are;
 * the type rides along in a phantom property that never exists at run time.
 */
export type JsonSchema = { [keyword: string]: unknown };

declare const STATIC: unique symbol;

/** A JSON Schema whose valid values have the type `T`. */
export type Schema<T = unknown> = JsonSchema & { readonly [STATIC]?: T };

/** The type of the values a schema accepts. */
export type Static<S> = S extends Schema<infer T> ? T : never;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** `{ $ref }` to a named schema of the registry; give the schema to carry its type. */
export function ref<T = unknown>(name: string, _typed?: Schema<T>): Schema<T> {
  return { $ref: `#/components/schemas/${name}` };
}

export function nullable<T>(schema: Schema<T>): Schema<T | null> {
  const type = schema['type'];
  if (typeof type === 'string') return { ...schema, type: [type, 'null'] };
  if (Array.isArray(type)) return { ...schema, type: [...type, 'null'] };
  return { oneOf: [schema, { type: 'null' }] };
}

export function arrayOf<T>(items: Schema<T>, extra: JsonSchema = {}): Schema<T[]> {
  return { type: 'array', items, ...extra };
}

type ObjectOf<P extends Record<string, Schema>, R extends keyof P> = Simplify<
  { [K in R]: Static<P[K]> } & { [K in Exclude<keyof P, R>]?: Static<P[K]> }
>;

/** A closed object: every property listed, unknown ones refused. */
export function object<P extends Record<string, Schema>, const R extends keyof P & string = never>(
  properties: P,
  required: readonly R[] = [],
  extra: JsonSchema = {},
): Schema<ObjectOf<P, R>> {
  return { type: 'object', additionalProperties: false, properties, required, ...extra };
}

export const str = (extra: JsonSchema = {}): Schema<string> => ({ type: 'string', ...extra });
export const int = (extra: JsonSchema = {}): Schema<number> => ({ type: 'integer', ...extra });
export const num = (extra: JsonSchema = {}): Schema<number> => ({ type: 'number', ...extra });
export const bool = (extra: JsonSchema = {}): Schema<boolean> => ({ type: 'boolean', ...extra });
export const dateTime = (extra: JsonSchema = {}): Schema<string> => ({
  type: 'string',
  format: 'date-time',
  ...extra,
});

/** A string that is one of `values`. */
export function oneOf<const V extends string>(values: readonly V[], extra: JsonSchema = {}): Schema<V> {
  return { type: 'string', enum: [...values], ...extra };
}

/** Any JSON value, described only. */
export function anything(extra: JsonSchema = {}): Schema<unknown> {
  return { ...extra };
}

/** A schema with its name in the registry (and in OpenAPI's `components.schemas`). */
export interface NamedSchema<T = unknown> {
  name: string;
  schema: Schema<T>;
}

export function named<T>(name: string, schema: Schema<T>): NamedSchema<T> {
  return { name, schema };
}
