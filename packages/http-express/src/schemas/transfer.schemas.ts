import { EXPORT_LIMIT } from '@larder/domain';
import { arrayOf, named, nullable, object, ref, str } from './json-schema.js';
import type { SchemaRegistry } from './schema-registry.js';
import { schemaUrlProperty } from './common.schemas.js';

export const ExportInputBody = named(
  'ExportInputBody',
  object(
    {
      $schema: schemaUrlProperty,
      recipeIds: arrayOf(str({ minLength: 1, maxLength: 64 }), {
        minItems: 1,
        maxItems: EXPORT_LIMIT,
        uniqueItems: true,
        description: 'The recipes to export (a whole household: the admin command `larder export --all`)',
      }),
    },
    ['recipeIds'],
  ),
);

/** The body of an import: the zip of an export. */
export const zipBodySchema = { type: 'string', format: 'binary', contentMediaType: 'application/zip' };

export function defineTransferSchemas(registry: SchemaRegistry): void {
  registry.define(ExportInputBody.name, ExportInputBody.schema);
  registry.define('Created', object({ id: str(), slug: str(), title: str() }, ['id', 'slug', 'title']));
  registry.define(
    'ImportOutputBody',
    object(
      {
        $schema: schemaUrlProperty,
        created: nullable(
          arrayOf(ref('Created'), { description: 'The recipes the import created, in the archive’s order' }),
        ),
      },
      ['created'],
    ),
  );
}
