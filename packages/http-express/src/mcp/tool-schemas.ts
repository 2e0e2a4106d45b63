import type { Param } from '../operations/operation.js';
import type { JsonSchema } from '../schemas/json-schema.js';
import type { SchemaRegistry } from '../schemas/schema-registry.js';

const REF_PREFIX = '#/components/schemas/';

/** Formats of our own (OpenAPI's) that general JSON Schema validators do not know. */
const OWN_FORMATS = new Set(['int64', 'binary']);

/**
 * As clients are shown a tool schema: nullable values spelled as `anyOf` branches of one type each
 * (see portableNullable), the formats only OpenAPI knows left out, with the bounds they stand for
 * where a general validator can check them (`int64`: a whole number JSON carries exactly). The
 * schema the arguments are checked against is the REST route's, so that a tool refuses what the
 * route refuses, in the same words.
 */
export function asListed(schema: JsonSchema): JsonSchema {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const nullable = portableNullable(node as Record<string, unknown>);
    if (nullable) return walk(nullable);
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === 'format' && typeof value === 'string' && OWN_FORMATS.has(value)) continue;
      // A map of properties is no schema: each of its members is.
      out[key] =
        key === 'properties' && value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([name, member]) => [name, walk(member)]))
          : walk(value);
    }
    if ((node as Record<string, unknown>)['format'] === 'int64') {
      out['minimum'] = Math.max(Number(out['minimum'] ?? -Infinity), Number.MIN_SAFE_INTEGER);
      out['maximum'] = Math.min(Number(out['maximum'] ?? Infinity), Number.MAX_SAFE_INTEGER);
    }
    return out;
  };
  return walk(schema) as JsonSchema;
}

/**
 * A schema of the registry as a tool schema: every `$ref` replaced by the schema it names (tool
 * schemas stand alone, and ours hold no cycles) and the read-only `$schema` member left out.
 * `adjust` may change a named schema on the way (stricter steps).
 */
export function standAlone(
  schema: JsonSchema,
  registry: SchemaRegistry,
  adjust: (name: string, schema: JsonSchema) => JsonSchema = (_name, s) => s,
): JsonSchema {
  const walk = (node: unknown, seen: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, seen));
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Record<string, unknown>;
    if (typeof $ref === 'string' && $ref.startsWith(REF_PREFIX)) {
      const name = $ref.slice(REF_PREFIX.length);
      const named = registry.get(name);
      if (!named || seen.includes(name)) throw new Error(`tool schema: cannot inline ${name}`);
      // Beside a $ref, a description of its own wins over the named schema's.
      return walk({ ...adjust(name, named), ...rest }, [...seen, name]);
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(rest)) {
      if (key === 'properties' && value && typeof value === 'object') {
        const { $schema: _readOnly, ...properties } = value as Record<string, unknown>;
        out[key] = walk(properties, seen);
        continue;
      }
      out[key] = walk(value, seen);
    }
    return out;
  };
  return walk(schema, []) as JsonSchema;
}

/**
 * `type: ['string', 'null']` (and `oneOf` with a null branch) as `anyOf` branches of one type
 * each: the spelling clients that map tool schemas onto a one-type dialect understand. Null for
 * a schema that is not nullable.
 */
function portableNullable(schema: Record<string, unknown>): JsonSchema | null {
  const { type, oneOf, description, ...rest } = schema;
  const said = description === undefined ? {} : { description };
  if (Array.isArray(type) && type.includes('null') && type.length === 2) {
    const kept = type.find((t) => t !== 'null');
    return { anyOf: [{ ...rest, type: kept }, { type: 'null' }], ...said };
  }
  const branches = oneOf as JsonSchema[] | undefined;
  if (type === undefined && branches?.length === 2 && branches.some((b) => b['type'] === 'null')) {
    return { anyOf: branches, ...rest, ...said };
  }
  return null;
}

/** A step as tools must write it: `references` and `times` always given (empty arrays allowed), never null. */
export function withStepTimesRequired(name: string, schema: JsonSchema): JsonSchema {
  if (name !== 'Step') return schema;
  const properties = schema['properties'] as Record<string, JsonSchema>;
  /** The schema without its null: `type: ['array', 'null']` → `'array'`, `oneOf: [X, null]` → X. */
  const notNull = (s: JsonSchema): JsonSchema => {
    const { description: _said, oneOf, type, ...rest } = s;
    if (Array.isArray(type)) {
      const kept = type.filter((t) => t !== 'null');
      return { ...rest, type: kept.length === 1 ? kept[0] : kept };
    }
    const branch = (oneOf as JsonSchema[] | undefined)?.find((b) => b['type'] !== 'null');
    return branch ? { ...branch, ...rest } : { ...rest, ...(type === undefined ? {} : { type }) };
  };
  return {
    ...schema,
    properties: {
      ...properties,
      references: {
        ...notNull(properties['references']!),
        description:
          'Words of the text that name an ingredient: {word, groupName, ingredientName}; [] when none',
      },
      times: {
        ...notNull(properties['times']!),
        description: 'Durations written in the text: {phrase, seconds, maxSeconds?}; [] when none',
      },
    },
    required: ['text', 'references', 'times'],
  };
}

/** Named values (path or query parameters) as properties of a tool's arguments. */
export function parameterProperties(
  params: Record<string, Param> | undefined,
  rename: Record<string, string>,
  allRequired: boolean,
): { properties: Record<string, JsonSchema>; required: string[] } {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, param] of Object.entries(params ?? {})) {
    const arg = rename[name] ?? name;
    const needed = allRequired || param.required === true;
    let schema = param.description ? { ...param.schema, description: param.description } : param.schema;
    // An empty value is no value over REST ("?recipeId=" is not sent): a needed one is not empty here either.
    if (needed && schema['type'] === 'string' && schema['minLength'] === undefined)
      schema = { ...schema, minLength: 1 };
    properties[arg] = schema;
    if (needed) required.push(arg);
  }
  return { properties, required };
}
