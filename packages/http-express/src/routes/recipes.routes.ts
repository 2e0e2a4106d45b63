import {
  ImageJanitor,
  MAX_PAGE_SIZE,
  RECIPE_LIMITS,
  RecipeCollection,
  type RecipeInput,
  type RecipeListing,
  RecipeMarks,
  RecipeSearch,
  SORT_NAMES,
} from '@larder/domain';

import { presentAuthors, presentPage, presentRecipe, presentTags } from '../presenters/recipe.presenter.js';
import { type RouteModule, idParam, signedIn } from './route-module.js';

const listingQuery = {
  q: {
    schema: { type: 'string', maxLength: 100 },
    description:
      'Words to find in titles, descriptions, ingredients, tags and steps; each word matches as a prefix',
  },
  tags: {
    schema: {
      type: 'array',
      items: { type: 'string', maxLength: RECIPE_LIMITS.tag },
      maxItems: RECIPE_LIMITS.tags,
    },
    description: 'Comma-separated: only recipes carrying all of these tags',
  },
  maxMinutes: {
    schema: { type: 'integer', minimum: 0, maximum: RECIPE_LIMITS.minutesMax },
    description: 'Only recipes whose total time (prep + cook) is known and at most this many minutes',
  },
  favorites: { schema: { type: 'boolean' }, description: "Only the caller's own favorites" },
  author: { schema: { type: 'string', maxLength: 64 }, description: 'Only recipes written by this username' },
  sort: {
    schema: { type: 'string', enum: [...SORT_NAMES], default: 'updated' },
    description:
      'updated (default), created (newest is the same), title, or tasty (most tasty marks first); with q and no sort, best matches first',
  },
  page: {
    schema: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
    description: '1-based page number',
  },
  limit: {
    schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 24 },
    description: 'Page size',
  },
};

const slugParam = { schema: { type: 'string', minLength: 1, maxLength: 200 } };

export const recipeRoutes: RouteModule = ({ table, container }) => {
  const recipes = container.resolve(RecipeCollection);
  const search = container.resolve(RecipeSearch);
  const marks = container.resolve(RecipeMarks);

  table.add({
    method: 'get',
    path: '/api/v1/recipes',
    operationId: 'list-recipes',
    summary: 'List and search recipes',
    description:
      'Cards for the caller, newest change first unless told otherwise. q searches titles, descriptions, ingredient names, tags and step text; every word must match, each as a prefix.',
    tag: 'recipes',
    access: { scope: 'recipes:read' },
    query: listingQuery,
    responses: { 200: { schema: 'Page' } },
    errors: [401, 403, 422],
    handle: async ({ caller, query }) =>
      presentPage(await search.list(signedIn(caller), query as RecipeListing)),
  });

  table.add<RecipeInput>({
    method: 'post',
    path: '/api/v1/recipes',
    operationId: 'create-recipe',
    summary: 'Create a recipe',
    description:
      'The slug comes from the title (accents transliterated), with -2, -3 … when another recipe has it.',
    tag: 'recipes',
    access: { scope: 'recipes:write' },
    body: { schema: 'Input' },
    responses: { 201: { schema: 'Recipe' } },
    errors: [401, 403, 422],
    handle: async ({ caller, body }) => presentRecipe(await recipes.create(signedIn(caller), body)),
  });

  table.add({
    method: 'get',
    path: '/api/v1/recipes/by-slug/:slug',
    operationId: 'get-recipe-by-slug',
    summary: 'Get a recipe by slug',
    tag: 'recipes',
    access: { scope: 'recipes:read' },
    params: { slug: slugParam },
    responses: { 200: { schema: 'Recipe' } },
    errors: [401, 403, 404, 422],
    handle: async ({ caller, params }) =>
      presentRecipe(await recipes.bySlug(signedIn(caller), String(params['slug']))),
  });

  table.add({
    method: 'get',
    path: '/api/v1/recipes/:id',
    operationId: 'get-recipe',
    summary: 'Get a recipe by id',
    tag: 'recipes',
    access: { scope: 'recipes:read' },
    params: { id: idParam },
    responses: { 200: { schema: 'Recipe' } },
    errors: [401, 403, 404, 422],
    handle: async ({ caller, params }) =>
      presentRecipe(await recipes.byId(signedIn(caller), String(params['id']))),
  });

  table.add<RecipeInput>({
    method: 'put',
    path: '/api/v1/recipes/:id',
    operationId: 'update-recipe',
    summary: 'Replace a recipe',
    description:
      'A full replace: steps sent without references or times lose them. Locked recipes are edited by their author, admins and the owner; only they change editPolicy (absent: unchanged).',
    tag: 'recipes',
    access: { scope: 'recipes:write' },
    params: { id: idParam },
    body: { schema: 'Input' },
    responses: { 200: { schema: 'Recipe' } },
    errors: [401, 403, 404, 422],
    handle: async ({ caller, params, body }) =>
      presentRecipe(await recipes.update(signedIn(caller), String(params['id']), body)),
  });

  table.add({
    method: 'delete',
    path: '/api/v1/recipes/:id',
    operationId: 'delete-recipe',
    summary: 'Delete a recipe (its author, admins and the owner)',
    tag: 'recipes',
    access: { scope: 'recipes:delete' },
    params: { id: idParam },
    responses: { 204: { empty: true } },
    errors: [401, 403, 404, 422],
    handle: async ({ caller, params }) => {
      await recipes.delete(signedIn(caller), String(params['id']));
      // The photos' files were queued for removal with the rows; remove them now (photos, issue 5).
      await container.resolve(ImageJanitor).sweep();
      return undefined;
    },
  });

  table.add({
    method: 'put',
    path: '/api/v1/recipes/:id/favorite',
    operationId: 'set-favorite',
    summary: 'Mark a recipe as a favorite',
    description: 'Favorites are private: only the member who set one ever sees it.',
    tag: 'recipes',
    access: { scope: 'recipes:write' },
    params: { id: idParam },
    responses: { 204: { empty: true } },
    errors: [401, 403, 404, 422],
    handle: async ({ caller, params }) => {
      await marks.favor(signedIn(caller), String(params['id']));
      return undefined;
    },
  });

  table.add({
    method: 'delete',
    path: '/api/v1/recipes/:id/favorite',
    operationId: 'delete-favorite',
    summary: "Clear a recipe's favorite mark",
    description: 'Clearing a mark that is not set is fine: 204.',
    tag: 'recipes',
    access: { scope: 'recipes:write' },
    params: { id: idParam },
    responses: { 204: { empty: true } },
    errors: [401, 403, 422],
    handle: async ({ caller, params }) => {
      await marks.unfavor(signedIn(caller), String(params['id']));
      return undefined;
    },
  });

  table.add({
    method: 'put',
    path: '/api/v1/recipes/:id/tasty',
    operationId: 'set-tasty',
    summary: "Mark somebody else's recipe as tasty",
    description:
      'Everyone sees how many members marked a recipe tasty and who. The author cannot mark their own recipe: 403.',
    tag: 'recipes',
    access: { scope: 'recipes:write' },
    params: { id: idParam },
    responses: { 204: { empty: true } },
    errors: [401, 403, 404, 422],
    handle: async ({ caller, params }) => {
      await marks.markTasty(signedIn(caller), String(params['id']));
      return undefined;
    },
  });

  table.add({
    method: 'delete',
    path: '/api/v1/recipes/:id/tasty',
    operationId: 'delete-tasty',
    summary: "Clear a recipe's tasty mark",
    description: 'Clearing a mark that is not set is fine: 204.',
    tag: 'recipes',
    access: { scope: 'recipes:write' },
    params: { id: idParam },
    responses: { 204: { empty: true } },
    errors: [401, 403, 422],
    handle: async ({ caller, params }) => {
      await marks.clearTasty(signedIn(caller), String(params['id']));
      return undefined;
    },
  });

  table.add({
    method: 'get',
    path: '/api/v1/tags',
    operationId: 'list-tags',
    summary: 'List tags with usage counts',
    tag: 'tags',
    access: { scope: 'recipes:read' },
    responses: { 200: { schema: 'TagList' } },
    errors: [401, 403],
    handle: async () => presentTags(await search.tags()),
  });

  table.add({
    method: 'get',
    path: '/api/v1/authors',
    operationId: 'list-authors',
    summary: 'List the people who wrote recipes, with counts',
    tag: 'recipes',
    access: { scope: 'recipes:read' },
    responses: { 200: { schema: 'AuthorList' } },
    errors: [401, 403],
    handle: async () => presentAuthors(await search.authors()),
  });
};
