import { EDIT_POLICIES, MAX_PAGE_SIZE, RECIPE_LIMITS as L } from '@larder/domain';
import {
  arrayOf,
  bool,
  dateTime,
  int,
  named,
  nullable,
  num,
  object,
  oneOf,
  ref,
  str,
} from './json-schema.js';
import type { SchemaRegistry } from './schema-registry.js';
import { problemFields, schemaUrlProperty } from './common.schemas.js';

const minutes = () => nullable(int({ minimum: 0, maximum: L.minutesMax }));
const sourceUrl = () =>
  nullable(
    str({
      format: 'uri',
      maxLength: L.sourceUrl,
      pattern: '^https?://',
      description: 'Where the recipe was found',
    }),
  );
const sourceName = () =>
  nullable(
    str({
      maxLength: L.sourceName,
      description:
        "Where the recipe comes from (a book, a site, a person); derived from sourceUrl's site when not given",
    }),
  );
const tags = () =>
  arrayOf(str({ minLength: 1, maxLength: L.tag }), {
    maxItems: L.tags,
    description: 'Kept in lower case, each once',
  });
const editPolicy = () =>
  oneOf(EDIT_POLICIES, {
    description:
      'open: every member edits; locked: only the author, admins and the owner; default: locked while the household locks recipes by default',
  });

export const IngredientSchema = object(
  {
    quantity: nullable(num({ minimum: 0, maximum: L.quantityMax })),
    unit: nullable(str({ maxLength: L.unit })),
    name: str({ minLength: 1, maxLength: L.ingredientName }),
    note: nullable(str({ maxLength: L.ingredientNote })),
  },
  ['quantity', 'unit', 'name', 'note'],
);

export const IngredientGroupSchema = object(
  {
    name: nullable(str({ maxLength: L.groupName, description: 'null for the unnamed group' })),
    ingredients: arrayOf(ref('Ingredient', IngredientSchema), { maxItems: L.ingredientsPerGroup }),
  },
  ['name', 'ingredients'],
);

export const IngredientRefSchema = object(
  {
    groupName: nullable(
      str({ maxLength: L.groupName, description: "The ingredient's group; null for the unnamed group" }),
    ),
    ingredientName: str({
      minLength: 1,
      maxLength: L.ingredientName,
      description: 'An ingredient of that group',
    }),
    word: str({
      minLength: 1,
      maxLength: L.word,
      description: "The word of the step's text that names the ingredient",
    }),
  },
  ['word', 'groupName', 'ingredientName'],
);

export const StepTimeSchema = object(
  {
    phrase: str({
      minLength: 1,
      maxLength: L.phrase,
      description:
        'The duration as it stands in the step\'s text (whole words), holding a number, e.g. "20-25 minutes"',
    }),
    seconds: int({
      minimum: 1,
      maximum: L.secondsMax,
      description: 'The duration; for a range its lower end',
    }),
    maxSeconds: int({
      minimum: 1,
      maximum: L.secondsMax,
      description:
        'The upper end, greater than seconds: required when the phrase is a range ("20-25", "1 to 2"), refused otherwise',
    }),
  },
  ['phrase', 'seconds'],
);

export const StepSchema = object(
  {
    text: str({ minLength: 1, maxLength: L.stepText }),
    references: nullable(
      arrayOf(ref('IngredientRef', IngredientRefSchema), {
        maxItems: L.referencesPerStep,
        description: 'Absent: dropped',
      }),
    ),
    times: nullable(
      arrayOf(ref('StepTime', StepTimeSchema), { maxItems: L.timesPerStep, description: 'Absent: dropped' }),
    ),
  },
  ['text'],
);

/** The fields a member writes, shared by the input and the answer. */
const contentFields = {
  title: str({ minLength: 1, maxLength: L.title }),
  description: str({ maxLength: L.description }),
  servings: int({ minimum: L.servingsMin, maximum: L.servingsMax }),
  prepMinutes: minutes(),
  cookMinutes: minutes(),
  sourceUrl: sourceUrl(),
  sourceName: sourceName(),
  tags: tags(),
  ingredientGroups: arrayOf(ref('IngredientGroup', IngredientGroupSchema), {
    minItems: 1,
    maxItems: L.groups,
  }),
  steps: arrayOf(ref('Step', StepSchema), { maxItems: L.steps }),
  editPolicy: editPolicy(),
};

const person = () => ref('Person');

/** A whole recipe as a member writes it (create and replace). */
export const RecipeInputBody = named(
  'Input',
  object(
    { $schema: schemaUrlProperty, ...contentFields },
    [
      'title',
      'description',
      'servings',
      'prepMinutes',
      'cookMinutes',
      'sourceUrl',
      'tags',
      'ingredientGroups',
      'steps',
    ],
    {
      description:
        'A whole recipe as a member writes it; a save replaces everything. Without editPolicy a save keeps the policy.',
    },
  ),
);

export function defineRecipeSchemas(registry: SchemaRegistry): void {
  registry.define('Ingredient', IngredientSchema);
  registry.define('IngredientGroup', IngredientGroupSchema);
  registry.define('IngredientRef', IngredientRefSchema);
  registry.define('StepTime', StepTimeSchema);
  registry.define('Step', StepSchema);
  registry.define(RecipeInputBody.name, RecipeInputBody.schema);
  registry.define(
    'ChangedMeanwhileError',
    object(
      {
        ...problemFields,
        currentVersion: str({
          description: "The recipe's version now, as its ETag carries it (without the quotes): read it again",
        }),
      },
      ['currentVersion'],
    ),
  );
  // `Image` (a recipe's photos) is defined with the photo schemas.
  registry.define(
    'Recipe',
    object(
      {
        $schema: schemaUrlProperty,
        id: str(),
        slug: str(),
        ...contentFields,
        editPolicy: editPolicy(),
        images: nullable(arrayOf(ref('Image'))),
        coverImageId: nullable(str()),
        imageCount: int({ format: 'int64' }),
        imageBytes: int({ format: 'int64' }),
        locked: bool({ description: 'Whether only the author, admins and the owner may edit it now' }),
        favorite: bool({ description: "The caller's own favorite mark" }),
        tasty: bool({ description: 'Whether the caller marked it tasty' }),
        tastyBy: nullable(arrayOf(person())),
        tastyCount: int({ format: 'int64' }),
        canEdit: bool(),
        canDelete: bool(),
        canChangePolicy: bool(),
        createdAt: dateTime(),
        updatedAt: dateTime(),
        createdBy: person(),
        updatedBy: person(),
      },
      [
        'id',
        'slug',
        'coverImageId',
        'images',
        'createdAt',
        'createdBy',
        'updatedAt',
        'updatedBy',
        'favorite',
        'tastyCount',
        'tastyBy',
        'tasty',
        'locked',
        'canEdit',
        'canDelete',
        'canChangePolicy',
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
        'editPolicy',
        'imageCount',
        'imageBytes',
      ],
    ),
  );
  registry.define(
    'Card',
    object(
      {
        id: str(),
        slug: str(),
        title: str(),
        tags: nullable(arrayOf(str())),
        totalMinutes: nullable(
          int({ format: 'int64', description: 'prepMinutes + cookMinutes; null when neither is known' }),
        ),
        coverImageId: nullable(str()),
        updatedAt: dateTime(),
        favorite: bool(),
        tastyCount: int({ format: 'int64' }),
        tasty: bool(),
        newComments: bool({ description: 'Comments by somebody else the caller has not seen yet' }),
        imageCount: int({ format: 'int64' }),
        imageBytes: int({ format: 'int64' }),
        createdBy: person(),
        updatedBy: person(),
      },
      [
        'id',
        'slug',
        'title',
        'tags',
        'totalMinutes',
        'coverImageId',
        'updatedAt',
        'favorite',
        'tastyCount',
        'tasty',
        'newComments',
        'imageCount',
        'imageBytes',
        'createdBy',
        'updatedBy',
      ],
    ),
  );
  registry.define(
    'Page',
    object(
      {
        $schema: schemaUrlProperty,
        items: nullable(arrayOf(ref('Card'))),
        page: int({ format: 'int64' }),
        limit: int({ format: 'int64', maximum: MAX_PAGE_SIZE }),
        total: int({ format: 'int64', description: 'How many recipes match, on all pages' }),
      },
      ['items', 'page', 'limit', 'total'],
    ),
  );
  registry.define('TagCount', object({ name: str(), count: int({ format: 'int64' }) }, ['name', 'count']));
  registry.define(
    'TagList',
    object({ $schema: schemaUrlProperty, items: nullable(arrayOf(ref('TagCount'))) }, ['items']),
  );
  registry.define(
    'AuthorCount',
    object(
      {
        username: str({ description: 'Login name, which ?author= filters by' }),
        displayName: str(),
        color: str(),
        avatarId: nullable(str()),
        count: int({ format: 'int64' }),
      },
      ['username', 'displayName', 'color', 'count'],
    ),
  );
  registry.define(
    'AuthorList',
    object({ $schema: schemaUrlProperty, items: nullable(arrayOf(ref('AuthorCount'))) }, ['items']),
  );
}
