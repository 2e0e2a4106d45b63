import type { EditPolicy, IngredientGroup, PersonRef, Recipe, Step } from '@larder/domain';
import { ingredientGroupsOf, stepsOf } from '@larder/domain';
import type { ExpressionBuilder, Selectable } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import type { LarderDatabase, RecipesTable } from '../schema.js';

/** Columns of a recipe row as the domain needs them (never the search vector). */
export const RECIPE_COLUMNS = [
  'r.id',
  'r.slug',
  'r.title',
  'r.description',
  'r.servings',
  'r.prep_minutes',
  'r.cook_minutes',
  'r.source_url',
  'r.source_name',
  'r.tags',
  'r.ingredient_groups',
  'r.steps',
  'r.edit_policy',
  'r.created_by',
  'r.updated_by',
  'r.created_at',
  'r.updated_at',
] as const;

export type RecipeRow = Omit<
  Selectable<RecipesTable>,
  'title_sort' | 'total_minutes' | 'search' | 'source_key'
>;

/** jsonb arrives parsed from `pg` and PGlite alike; text is parsed here just in case. */
export function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export function recipeFromRow(row: RecipeRow): Recipe {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    servings: row.servings,
    prepMinutes: row.prep_minutes,
    cookMinutes: row.cook_minutes,
    sourceUrl: row.source_url,
    sourceName: row.source_name,
    tags: row.tags,
    ingredientGroups: ingredientGroupsOf(json<IngredientGroup[]>(row.ingredient_groups)),
    steps: stepsOf(json<Step[]>(row.steps)),
    editPolicy: row.edit_policy as EditPolicy,
    createdById: row.created_by,
    updatedById: row.updated_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The columns of a person reference, from an `accounts` row aliased `a`. */
export const PERSON_COLUMNS = [
  'a.id',
  'a.username',
  'a.display_name as displayName',
  'a.color',
  'a.avatar_id as avatarId',
] as const;

type RecipeScope = ExpressionBuilder<LarderDatabase & { r: RecipesTable }, 'r'>;

/** The person a recipe column (`created_by`, `updated_by`) names, as JSON; null when the account is gone. */
export function personOf(eb: RecipeScope, column: 'r.created_by' | 'r.updated_by') {
  return jsonObjectFrom(eb.selectFrom('accounts as a').select(PERSON_COLUMNS).whereRef('a.id', '=', column));
}

/** A person reference as the domain holds it (the JSON of `personOf`, or of `PERSON_COLUMNS`). */
export function personFrom(value: unknown): PersonRef | null {
  return json<PersonRef | null>(value);
}
