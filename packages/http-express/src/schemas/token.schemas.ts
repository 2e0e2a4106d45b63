import { SCOPES, TOKEN_LIFETIMES_DAYS } from '@larder/domain';
import { arrayOf, dateTime, int, named, nullable, object, oneOf, ref, str } from './json-schema.js';
import type { SchemaRegistry } from './schema-registry.js';
import { schemaUrlProperty } from './common.schemas.js';

const tokenFields = {
  id: str(),
  name: str(),
  prefix: str({ description: 'The first 8 characters of the token, to recognise it' }),
  scopes: nullable(arrayOf(str({ enum: [...SCOPES] }))),
  createdAt: dateTime(),
  expiresAt: dateTime(),
  lastUsedAt: dateTime(),
  ownerId: str(),
  ownerUsername: str(),
  ownerDisplayName: str(),
  ownerColor: str(),
};
const tokenRequired = [
  'id',
  'name',
  'prefix',
  'scopes',
  'ownerId',
  'ownerUsername',
  'ownerDisplayName',
  'ownerColor',
  'createdAt',
] as const;

export const CreateTokenInputBody = named(
  'CreateInputBody1',
  object(
    {
      $schema: schemaUrlProperty,
      name: str({ minLength: 1, maxLength: 64 }),
      scopes: arrayOf(oneOf(SCOPES), { minItems: 1, maxItems: SCOPES.length, uniqueItems: true }),
      expiresInDays: int({
        enum: [...TOKEN_LIFETIMES_DAYS],
        description: 'Absent: the token does not expire',
      }),
    },
    ['name', 'scopes'],
  ),
);

export function defineTokenSchemas(registry: SchemaRegistry): void {
  registry.define('APIToken', object(tokenFields, tokenRequired));
  registry.define(
    'APITokenList',
    object({ $schema: schemaUrlProperty, items: nullable(arrayOf(ref('APIToken'))) }, ['items']),
  );
  registry.define(
    'CreatedAPIToken',
    object(
      {
        $schema: schemaUrlProperty,
        ...tokenFields,
        token: str({ description: 'The raw token, shown only now' }),
      },
      ['token', ...tokenRequired],
    ),
  );
  registry.define(CreateTokenInputBody.name, CreateTokenInputBody.schema);
}
