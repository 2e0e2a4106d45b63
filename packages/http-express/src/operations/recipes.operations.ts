import {
  DomainError,
  recipeVersion,
  MAX_PAGE_SIZE,
  RECIPE_LIMITS,
  type RecipeCollection,
  type RecipeMarks,
  type RecipeSearch,
  SORT_NAMES,
} from '@larder/domain';
import { arrayOf, bool, int, oneOf, str } from '../schemas/json-schema.js';
import { RecipeInputBody } from '../schemas/recipe.schemas.js';
import { type AnyOperation, operation, scoped } from './operation.js';
import { idParam } from './params.js';
import { presentAuthors, presentPage, presentRecipe, presentTags } from './presenters/recipe.presenter.js';

export interface RecipeServices {
  recipes: RecipeCollection;
  search: RecipeSearch;
  marks: RecipeMarks;
}

const listingQuery = {
  q: {
    schema: str({ maxLength: 100 }),
    description:
      'Words to find in titles, descriptions, ingredients, tags and steps; each word matches as a prefix',
  },
  tags: {
    schema: arrayOf(str()),
    description:
      'Only recipes carrying all of these tags (in a query string: comma-separated); more than 20 tags, or one over 40 characters, matches nothing',
  },
  maxMinutes: {
    schema: int({ minimum: 0, maximum: RECIPE_LIMITS.minutesMax }),
    description: 'Only recipes whose total time (prep + cook) is known and at most this many minutes',
  },
  favorites: { schema: bool(), description: "Only the caller's own favorites" },
  author: { schema: str({ maxLength: 64 }), description: 'Only recipes written by this username' },
  sort: {
    schema: oneOf(SORT_NAMES, { default: 'updated' }),
    description:
      'updated (default), created (newest is the same), title, or tasty (most tasty marks first); with q and no sort, best matches first',
  },
  page: {
    // No smaller maximum: a page past the end is empty (and costs what the last page does).
    schema: int({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 1 }),
    description: '1-based page number; a page past the end is empty',
  },
  limit: {
    schema: int({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 24 }),
    description: 'Page size',
  },
};

const slugParam = { schema: str({ minLength: 1, maxLength: 200 }) };

/** Recipes: listing and search, the recipe itself, favorites and tasty marks, tags and authors. */
export function recipeOperations({ recipes, search, marks }: RecipeServices): AnyOperation[] {
  return [
    operation({
      id: 'list-recipes',
      summary: 'List and search recipes',
      description:
        'Cards for the caller, newest change first unless told otherwise. q searches titles, descriptions, ingredient names, tags and step text; every word must match, each as a prefix.',
      tag: 'recipes',
      access: scoped('recipes:read'),
      input: { query: listingQuery },
      output: { status: 200, schema: 'Page' },
      errors: [401, 403, 422],
      run: async ({ caller }, query) => presentPage(await search.list(caller, query)),
    }),

    operation({
      id: 'create-recipe',
      summary: 'Create a recipe',
      description:
        'The slug comes from the title (accents transliterated), with -2, -3 … when another recipe has it; 409 (recipes.slug_busy) when so many recipes of one title are saved at once that no free one was found: save again.',
      tag: 'recipes',
      access: scoped('recipes:write'),
      input: { body: RecipeInputBody },
      output: { status: 201, schema: 'Recipe', headers: ['ETag'], version: versionOf },
      errors: [401, 403, 409, 422],
      run: async ({ caller }, { body }) => presentRecipe(await recipes.create(caller, body)),
    }),

    operation({
      id: 'get-recipe-by-slug',
      summary: 'Get a recipe by slug',
      description:
        'The same answer as GET /api/v1/recipes/{id}, found by the readable address a recipe has (`/recipes/<slug>`).',
      tag: 'recipes',
      access: scoped('recipes:read'),
      input: { path: { slug: slugParam } },
      output: { status: 200, schema: 'Recipe', headers: ['ETag'], version: versionOf },
      errors: [401, 403, 404, 422],
      run: async ({ caller }, { slug }) => presentRecipe(await recipes.bySlug(caller, slug)),
    }),

    operation({
      id: 'get-recipe',
      summary: 'Get a recipe by id',
      description:
        "A whole recipe with its photos, the caller's favorite and tasty marks, who marked it tasty, and what the caller may do with it (`canEdit`, `canDelete`, `canChangePolicy`, `locked`).",
      tag: 'recipes',
      access: scoped('recipes:read'),
      input: { path: { id: idParam } },
      output: { status: 200, schema: 'Recipe', headers: ['ETag'], version: versionOf },
      errors: [401, 403, 404, 422],
      run: async ({ caller }, { id }) => presentRecipe(await recipes.byId(caller, id)),
    }),

    operation({
      id: 'update-recipe',
      summary: 'Replace a recipe',
      description:
        'A full replace: steps sent without references or times lose them. Locked recipes are edited by their author, admins and the owner; only they change editPolicy (absent: unchanged). ' +
        'Optimistic concurrency: a recipe answer carries an ETag; sent back in If-Match, the save is refused with 412 when the recipe changed meanwhile (code recipes.changed_meanwhile). Without If-Match the last save wins.',
      tag: 'recipes',
      access: scoped('recipes:write'),
      input: { path: { id: idParam }, body: RecipeInputBody },
      output: { status: 200, schema: 'Recipe', headers: ['ETag'], version: versionOf },
      errors: [401, 403, 404, 409, 412, 422],
      problems: { 412: 'ChangedMeanwhileError' },
      run: async ({ caller, expectedVersion }, { id, body }) => {
        try {
          return presentRecipe(await recipes.update(caller, id, body, expectedVersion));
        } catch (error) {
          // The problem carries the recipe's current version: its body has a schema of its own.
          if (error instanceof DomainError && error.kind === 'stale') {
            throw new DomainError(error.kind, error.code, error.message, {
              ...error.extra,
              schema: 'ChangedMeanwhileError',
            });
          }
          throw error;
        }
      },
    }),

    operation({
      id: 'delete-recipe',
      summary: 'Delete a recipe (its author, admins and the owner)',
      description:
        'Deletes the recipe with its photos, comments, marks and public links. Only its author, admins and the owner; an API token needs recipes:delete. ' +
        'With If-Match, only while the recipe is at that version: 412 (recipes.changed_meanwhile) when it was changed since.',
      tag: 'recipes',
      access: scoped('recipes:delete'),
      input: { path: { id: idParam } },
      output: { status: 204 },
      errors: [401, 403, 404, 412, 422],
      problems: { 412: 'ChangedMeanwhileError' },
      run: async ({ caller, expectedVersion }, { id }) => {
        await recipes.delete(caller, id, expectedVersion);
      },
    }),

    operation({
      id: 'set-favorite',
      summary: 'Mark a recipe as a favorite',
      description: 'Favorites are private: only the member who set one ever sees it.',
      tag: 'recipes',
      access: scoped('recipes:write'),
      input: { path: { id: idParam } },
      output: { status: 204 },
      errors: [401, 403, 404, 422],
      run: async ({ caller }, { id }) => {
        await marks.favor(caller, id);
      },
    }),

    operation({
      id: 'delete-favorite',
      summary: "Clear a recipe's favorite mark",
      description: 'Clearing a mark that is not set is fine: 204.',
      tag: 'recipes',
      access: scoped('recipes:write'),
      input: { path: { id: idParam } },
      output: { status: 204 },
      errors: [401, 403, 422],
      run: async ({ caller }, { id }) => {
        await marks.unfavor(caller, id);
      },
    }),

    operation({
      id: 'set-tasty',
      summary: "Mark somebody else's recipe as tasty",
      description:
        'Everyone sees how many members marked a recipe tasty and who. The author cannot mark their own recipe: 403.',
      tag: 'recipes',
      access: scoped('recipes:write'),
      input: { path: { id: idParam } },
      output: { status: 204 },
      errors: [401, 403, 404, 422],
      run: async ({ caller }, { id }) => {
        await marks.markTasty(caller, id);
      },
    }),

    operation({
      id: 'delete-tasty',
      summary: "Clear a recipe's tasty mark",
      description: 'Clearing a mark that is not set is fine: 204.',
      tag: 'recipes',
      access: scoped('recipes:write'),
      input: { path: { id: idParam } },
      output: { status: 204 },
      errors: [401, 403, 422],
      run: async ({ caller }, { id }) => {
        await marks.clearTasty(caller, id);
      },
    }),

    operation({
      id: 'list-tags',
      summary: 'List tags with usage counts',
      description:
        'Every tag in use with the number of recipes carrying it, most used first: the tag filter of the recipe list.',
      tag: 'tags',
      access: scoped('recipes:read'),
      input: {},
      output: { status: 200, schema: 'TagList' },
      errors: [401, 403],
      run: async () => presentTags(await search.tags()),
    }),

    operation({
      id: 'list-authors',
      summary: 'List the people who wrote recipes, with counts',
      description:
        'Everyone who wrote a recipe, with how many, most first: the author filter of the recipe list.',
      tag: 'recipes',
      access: scoped('recipes:read'),
      input: {},
      output: { status: 200, schema: 'AuthorList' },
      errors: [401, 403],
      run: async () => presentAuthors(await search.authors()),
    }),
  ];
}

/** The recipe answer's version, its ETag: the domain's version of its `updatedAt`. */
function versionOf(answer: { updatedAt: string }): string {
  return recipeVersion(new Date(answer.updatedAt));
}
