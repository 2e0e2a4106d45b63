import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import type { JsonSchema } from './json-schema.js';

/**
 * Named schemas: they validate requests (and, in tests, responses), make up
 * `components.schemas` of the OpenAPI document, and are served one by one at
 * `/api/v1/schemas/<Name>.json`.
 */
export class SchemaRegistry {
  private readonly schemas = new Map<string, JsonSchema>();
  /** Object answers that carry `$schema` (named object schemas). */
  private readonly bodyAjv = new Ajv2020({ allErrors: false, strict: false, coerceTypes: false });
  private readonly bodyAjvAll = new Ajv2020({ allErrors: true, strict: false, coerceTypes: false });
  /** Path and query values arrive as strings and are coerced to the declared types. */
  private readonly paramAjv = new Ajv2020({ allErrors: false, strict: false, coerceTypes: 'array' });
  private readonly paramAjvAll = new Ajv2020({ allErrors: true, strict: false, coerceTypes: 'array' });
  private compiled = new Map<string, ValidateFunction>();
  private sealed = false;

  constructor() {
    for (const ajv of [this.bodyAjv, this.bodyAjvAll, this.paramAjv, this.paramAjvAll]) {
      ajv.addFormat('date-time', {
        type: 'string',
        validate: (v: string) =>
          /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(v) && !Number.isNaN(Date.parse(v)),
      });
      ajv.addFormat('uri', { type: 'string', validate: (v: string) => /^[a-z][a-z0-9+.-]*:\S*$/i.test(v) });
      ajv.addFormat('email', { type: 'string', validate: (v: string) => /^[^\s@]+@[^\s@]+$/.test(v) });
      ajv.addFormat('int64', { type: 'number', validate: (v: number) => Number.isSafeInteger(v) });
      ajv.addFormat('binary', true);
    }
  }

  define(name: string, schema: JsonSchema): string {
    if (this.schemas.has(name)) throw new Error(`schema ${name} defined twice`);
    this.schemas.set(name, schema);
    return name;
  }

  has(name: string): boolean {
    return this.schemas.has(name);
  }

  get(name: string): JsonSchema | undefined {
    return this.schemas.get(name);
  }

  names(): string[] {
    return [...this.schemas.keys()].sort();
  }

  /** The `components.schemas` object of the OpenAPI document. */
  components(): Record<string, JsonSchema> {
    return Object.fromEntries(this.names().map((n) => [n, this.schemas.get(n) as JsonSchema]));
  }

  private seal(): void {
    if (this.sealed) return;
    const root = { $id: 'larder', components: { schemas: this.components() } };
    for (const ajv of [this.bodyAjv, this.bodyAjvAll, this.paramAjv, this.paramAjvAll]) ajv.addSchema(root);
    this.sealed = true;
  }

  /**
   * A validator for a named schema, or for an inline schema that may refer to named ones. A value
   * is checked up to its first failure; only a failing one is checked again for every failure it
   * has (the problem lists them all) — and only when it is of a size the rules allow, so a body of a
   * million broken items costs one failure, not a million (`MOST_VALUES_CHECKED_WHOLLY`).
   */
  validator(schema: string | JsonSchema, kind: 'body' | 'param' = 'body'): ValidateFunction {
    this.seal();
    const key = `${kind}:${typeof schema === 'string' ? schema : JSON.stringify(schema)}`;
    let fn = this.compiled.get(key);
    if (!fn) {
      const target =
        typeof schema === 'string'
          ? { $ref: `larder#/components/schemas/${schema}` }
          : { ...rewriteRefs(schema, 'larder#/components/schemas/') };
      const first = (kind === 'body' ? this.bodyAjv : this.paramAjv).compile(target);
      let every: ValidateFunction | null = null;
      const check = ((value: unknown) => {
        if (first(value)) {
          check.errors = null;
          return true;
        }
        if (valuesIn(value, MOST_VALUES_CHECKED_WHOLLY) > MOST_VALUES_CHECKED_WHOLLY) {
          check.errors = first.errors;
          return false;
        }
        every ??= (kind === 'body' ? this.bodyAjvAll : this.paramAjvAll).compile(target);
        every(value);
        check.errors = every.errors;
        return false;
      }) as ValidateFunction;
      check.errors = null;
      fn = check;
      this.compiled.set(key, fn);
    }
    return fn;
  }
}

/**
 * A failing value of more than this many values (objects, arrays, strings, numbers…) is answered
 * with its first failure alone. The largest recipe the rules allow (2,000 ingredients of five
 * fields, 50 steps with their references and times) holds about 14,000.
 */
export const MOST_VALUES_CHECKED_WHOLLY = 50_000;

/** How many values `value` holds, itself included, counted up to just past `most`. */
function valuesIn(value: unknown, most: number): number {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0 && count <= most) {
    const next = pending.pop();
    count++;
    if (Array.isArray(next)) pending.push(...next.slice(0, most - count + 1));
    else if (next !== null && typeof next === 'object')
      pending.push(...Object.values(next).slice(0, most - count + 1));
  }
  return count;
}

/** Points every `#/components/schemas/X` reference at another base. */
export function rewriteRefs(schema: unknown, base: string, suffix = ''): JsonSchema {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(node)) {
        out[k] =
          k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')
            ? base + v.slice('#/components/schemas/'.length) + suffix
            : walk(v);
      }
      return out;
    }
    return node;
  };
  return walk(schema) as JsonSchema;
}

export type { ErrorObject };
