import { COLORS, ROLES } from '@larder/domain';
import { type JsonSchema, arrayOf, int, nullable, object, ref, str } from './json-schema.js';
import type { SchemaRegistry } from './schema-registry.js';

export const schemaUrlProperty = {
  type: 'string',
  format: 'uri',
  readOnly: true,
  description: "URL of this object's JSON Schema.",
};

/** The members every problem document may carry (RFC 9457, and the fields' issues). */
export const problemFields: Record<string, JsonSchema> = {
  $schema: schemaUrlProperty,
  type: str({ format: 'uri', default: 'about:blank' }),
  title: str({ description: 'Short summary of the kind of problem' }),
  status: int({ description: 'HTTP status code' }),
  detail: str({ description: 'What went wrong this time' }),
  instance: str({ format: 'uri' }),
  errors: nullable(arrayOf(ref('ErrorDetail'))),
};

export function defineCommonSchemas(registry: SchemaRegistry): void {
  registry.define(
    'ErrorDetail',
    object({
      location: str({ description: 'Where the error is, e.g. body.steps[0].times[0].phrase' }),
      message: str({ description: 'What is wrong there' }),
      value: { description: 'The offending value, when short' },
    }),
  );
  registry.define('ErrorModel', object(problemFields));
  registry.define(
    'Person',
    object(
      {
        id: str(),
        username: str(),
        displayName: str(),
        color: str(),
        avatarId: nullable(str()),
      },
      ['id', 'username', 'displayName', 'color', 'avatarId'],
      { description: 'A member as shown next to what they wrote or marked.' },
    ),
  );
  registry.define(
    'PersonEntry',
    object(
      {
        id: str(),
        username: str(),
        displayName: str(),
        color: str({ enum: [...COLORS] }),
        role: str({ enum: [...ROLES].reverse() }),
        avatarId: nullable(str()),
      },
      ['id', 'username', 'displayName', 'color', 'role', 'avatarId'],
    ),
  );
  registry.define(
    'PersonList',
    object({ $schema: schemaUrlProperty, items: nullable(arrayOf(ref('PersonEntry'))) }, ['items']),
  );
}
