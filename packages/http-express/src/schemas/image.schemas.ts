import { MAX_PHOTOS_PER_RECIPE } from '@larder/domain';
import { arrayOf, int, named, nullable, object, ref, str } from './json-schema.js';
import type { SchemaRegistry } from './schema-registry.js';
import { schemaUrlProperty } from './common.schemas.js';

/** The multipart body of an upload: one image file in the field `file`. */
export const uploadBodySchema = {
  type: 'object',
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      contentMediaType: 'application/octet-stream',
      contentEncoding: 'binary',
    },
  },
  required: ['file'],
};

export const CoverInputBody = named(
  'CoverInput',
  object({ $schema: schemaUrlProperty, imageId: str({ minLength: 1 }) }, ['imageId']),
);

export const OrderInputBody = named(
  'OrderInput',
  object(
    {
      $schema: schemaUrlProperty,
      imageIds: nullable(
        arrayOf(str(), {
          maxItems: MAX_PHOTOS_PER_RECIPE,
          description: 'Every photo id of the recipe, in the new order',
        }),
      ),
    },
    ['imageIds'],
  ),
);

/** Schemas of photos and avatars. */
export function defineImageSchemas(registry: SchemaRegistry): void {
  // A photo as recipes list it and the photo routes answer it.
  registry.define(
    'Image',
    object(
      {
        $schema: schemaUrlProperty,
        id: str(),
        width: int({ format: 'int64' }),
        height: int({ format: 'int64' }),
        position: int({ format: 'int64' }),
      },
      ['id', 'width', 'height', 'position'],
    ),
  );
  registry.define(CoverInputBody.name, CoverInputBody.schema);
  registry.define(OrderInputBody.name, OrderInputBody.schema);
  registry.define(
    'OrderResult',
    object({ $schema: schemaUrlProperty, items: nullable(arrayOf(ref('Image'))) }, ['items']),
  );
  registry.define(
    'AvatarResult',
    object(
      {
        $schema: schemaUrlProperty,
        avatarId: str({ description: 'The new picture, served at /avatars/{userId}/{avatarId}.jpg' }),
      },
      ['avatarId'],
    ),
  );
}
