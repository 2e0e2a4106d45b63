import { LIVE_SHARE_STATUSES, SHARE_DAYS } from '@larder/domain';
import {
  type JsonSchema,
  arrayOf,
  bool,
  dateTime,
  int,
  named,
  nullable,
  object,
  ref,
  str,
} from './json-schema.js';
import type { SchemaRegistry } from './schema-registry.js';
import { problemFields, schemaUrlProperty } from './common.schemas.js';

const shareFields: Record<string, JsonSchema> = {
  $schema: schemaUrlProperty,
  id: str(),
  path: str({ description: 'Where the public page opens: /s/{token}' }),
  status: str({
    enum: [...LIVE_SHARE_STATUSES],
    description:
      'active serves the recipe; paused (sharing off, or the creator may no longer share) and limited (older than the household maximum) serve nothing until that changes back',
  }),
  createdAt: dateTime(),
  expiresAt: nullable(
    dateTime({
      description:
        "The earlier of the link's own expiry and the household maximum from createdAt; null: permanent",
    }),
  ),
  createdBy: { ...ref('Creator'), description: 'Who made the link; absent once their account is gone' },
  recipe: ref('RecipeRef'),
};
const shareRequired = ['id', 'recipe', 'path', 'createdAt', 'expiresAt', 'status'];

export const CreateShareInputBody = named(
  'CreateShareInputBody',
  object({
    $schema: schemaUrlProperty,
    days: nullable(
      int({
        enum: [...SHARE_DAYS, null],
        description:
          'How many days the link lasts; null: no expiry (only while the household has no maximum). Absent: the household default.',
      }),
    ),
  }),
);

export function defineShareSchemas(registry: SchemaRegistry): void {
  registry.define(
    'Creator',
    object({ id: str(), displayName: str(), color: str() }, ['id', 'displayName', 'color']),
  );
  registry.define('RecipeRef', object({ id: str(), slug: str(), title: str() }, ['id', 'slug', 'title']));
  registry.define('Share', object(shareFields, shareRequired, { description: 'A public link to a recipe.' }));
  registry.define(
    'ShareList',
    object({ $schema: schemaUrlProperty, items: arrayOf(ref('Share')) }, ['items']),
  );
  registry.define(
    'MyShareBody',
    object(
      {
        $schema: schemaUrlProperty,
        share: {
          ...nullable(object(shareFields, shareRequired)),
          description:
            "The caller's live public link to the recipe; null when there is none or no such recipe",
        },
      },
      ['share'],
    ),
  );
  registry.define(CreateShareInputBody.name, CreateShareInputBody.schema);
  registry.define(
    'RefusedError',
    object(
      {
        ...problemFields,
        reason: str({
          enum: ['sharing-off', 'not-allowed'],
          description:
            'sharing-off: public sharing is switched off for the household; not-allowed: the caller may not share publicly',
        }),
      },
      ['reason'],
    ),
  );
  registry.define(
    'ExistingShareError',
    object(
      {
        ...problemFields,
        share: { ...ref('Share'), description: "The caller's existing link to the recipe" },
      },
      ['share'],
    ),
  );
  registry.define(
    'Link',
    object(
      {
        $schema: schemaUrlProperty,
        path: str({
          description: 'The recipe path, /recipes/{slug}, with ?share={token} while link previews are on',
        }),
        expiresAt: nullable(
          dateTime({
            description: 'When the token stops showing the recipe in previews; null without a token',
          }),
        ),
      },
      ['path', 'expiresAt'],
    ),
  );
  registry.define(
    'PublicImage',
    object({ id: str(), width: int(), height: int() }, ['id', 'width', 'height']),
  );
  registry.define(
    'PublicRecipe',
    object(
      {
        title: str(),
        description: str(),
        servings: int(),
        prepMinutes: nullable(int()),
        cookMinutes: nullable(int()),
        sourceName: nullable(str()),
        sourceUrl: nullable(str()),
        tags: arrayOf(str()),
        ingredientGroups: arrayOf(ref('IngredientGroup')),
        steps: arrayOf(ref('Step')),
        coverImageId: nullable(str()),
        images: arrayOf(ref('PublicImage')),
        attribution: bool({ description: 'Whether the public page names Larder at its foot' }),
      },
      [
        'title',
        'description',
        'servings',
        'prepMinutes',
        'cookMinutes',
        'sourceUrl',
        'sourceName',
        'tags',
        'ingredientGroups',
        'steps',
        'images',
        'coverImageId',
        'attribution',
      ],
      {
        description:
          'A recipe as anyone holding its public link reads it: no ids of recipes or people, no slug, no comments.',
      },
    ),
  );
}
