import { arrayOf, bool, int, named, nullable, object, ref, str } from './json-schema.js';
import type { SchemaRegistry } from './schema-registry.js';
import { schemaUrlProperty } from './common.schemas.js';

/** What a draft is read from: a page's address or a pasted text (the use case wants exactly one). */
export const DraftInputBody = named(
  'DraftInputBody',
  object({
    $schema: schemaUrlProperty,
    url: str({ maxLength: 2000, description: 'Address of a recipe page; give this or text' }),
    text: str({ maxLength: 65536, description: 'A recipe copied as plain text; give this or url' }),
  }),
);

export function defineDraftSchemas(registry: SchemaRegistry): void {
  registry.define(DraftInputBody.name, DraftInputBody.schema);
  registry.define(
    'DraftReview',
    object({ group: int({ format: 'int64' }), ingredient: int({ format: 'int64' }), line: str() }, [
      'group',
      'ingredient',
      'line',
    ]),
  );
  registry.define(
    'PhotoRef',
    object({ href: str({ description: 'Fetch within two minutes; answers the photo or 404' }) }, ['href']),
  );
  registry.define(
    'SourceMatch',
    object({ id: str(), slug: str(), title: str(), createdBy: ref('Person') }, [
      'id',
      'slug',
      'title',
      'createdBy',
    ]),
  );
  registry.define(
    'DraftOutputBody',
    object(
      {
        $schema: schemaUrlProperty,
        recipe: { ...ref('Input'), description: 'Valid for POST /api/v1/recipes once a title is set' },
        review: arrayOf(ref('DraftReview'), {
          description: 'Ingredients the parser was unsure about, by index into recipe.ingredientGroups',
        }),
        suggestedTags: arrayOf(str(), { description: 'Keywords that are not tags in this collection yet' }),
        photo: { ...nullable(ref('PhotoRef')), description: 'Null when the page has no photo' },
        duplicate: {
          ...nullable(ref('SourceMatch')),
          description: 'A recipe already imported from this page; null when there is none',
        },
        truncated: bool({ description: 'Something was cut to the recipe limits' }),
      },
      ['recipe', 'review', 'suggestedTags', 'photo', 'duplicate', 'truncated'],
    ),
  );
}
