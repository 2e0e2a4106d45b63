import type {
  MarkOutcome,
  PersonRef,
  Recipe,
  RecipeImage,
  RecipeOfSource,
  RecipeRepository,
  RecipeView,
} from '@larder/domain';
import { ingredientGroupsOf, sourceKey, stepsOf, titleSortKey } from '@larder/domain';
import { type RawBuilder, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { compiledOnce } from './compiled-once.js';
import {
  brokenForeignKey,
  type Executor,
  isForeignKeyViolation,
  isUniqueViolation,
  storable,
} from './executor.js';
import { PERSON_COLUMNS, RECIPE_COLUMNS, json, personFrom, personOf, recipeFromRow } from './recipe-rows.js';

/**
 * A part of the search document is cut to this many characters. PostgreSQL refuses a tsvector over
 * 1 MB, which a recipe at every limit (2,000 ingredient names of 120 characters, 50 steps of 2,000,
 * in three-byte script) would pass; cut like this, a document stays well below it (about 120,000
 * characters, under 400 kB whatever the script) and every recipe the rules accept can be saved.
 * Only words beyond the cut of a giant recipe are not found.
 */
export const SEARCH_PART_CHARS = 60_000;

function part(texts: readonly string[]): string {
  const joined = [...new Set(texts)].join(' \n ');
  return joined.length > SEARCH_PART_CHARS ? joined.slice(0, SEARCH_PART_CHARS) : joined;
}

/**
 * The search document: title first, then tags and ingredient names (each once), the description,
 * and the steps' text, all with the `simple` configuration (the same on PostgreSQL and PGlite),
 * without accents (`search_fold`: "Crème" is written as "creme", as a search for it is).
 */
function searchVector(recipe: Recipe): RawBuilder<unknown> {
  const tagsAndIngredients = part([
    ...recipe.tags,
    ...recipe.ingredientGroups.flatMap((g) => g.ingredients.map((i) => i.name)),
  ]);
  const steps = part(recipe.steps.map((s) => s.text));
  return sql`setweight(to_tsvector('simple', search_fold(${recipe.title}::text)), 'A')
    || setweight(to_tsvector('simple', search_fold(${tagsAndIngredients}::text)), 'B')
    || setweight(to_tsvector('simple', search_fold(${recipe.description}::text)), 'C')
    || setweight(to_tsvector('simple', search_fold(${steps}::text)), 'D')`;
}

function storedBody(recipe: Recipe) {
  return {
    ingredientGroups: JSON.stringify(ingredientGroupsOf(recipe.ingredientGroups)),
    steps: JSON.stringify(stepsOf(recipe.steps)),
  };
}

/** A recipe as one member sees it, found by its id or its slug: the row, its people, marks and photos. */
function viewQuery(db: Executor, by: 'r.id' | 'r.slug', key: string, viewerId: string) {
  return db
    .selectFrom('recipes as r')
    .select(RECIPE_COLUMNS)
    .select((eb) => [
      personOf(eb, 'r.created_by').as('created_by_person'),
      personOf(eb, 'r.updated_by').as('updated_by_person'),
      jsonArrayFrom(
        eb
          .selectFrom('recipe_tasty_marks as t')
          .innerJoin('accounts as a', 'a.id', 't.account_id')
          .select(PERSON_COLUMNS)
          .whereRef('t.recipe_id', '=', 'r.id')
          .orderBy('t.created_at')
          .orderBy('a.id'),
      ).as('tasty_by'),
      eb
        .exists(
          eb
            .selectFrom('recipe_favorites as f')
            .select('f.recipe_id')
            .whereRef('f.recipe_id', '=', 'r.id')
            .where('f.account_id', '=', viewerId),
        )
        .as('favorite'),
      jsonArrayFrom(
        eb
          .selectFrom('recipe_images as i')
          .select(['i.id', 'i.width', 'i.height', 'i.position'])
          .whereRef('i.recipe_id', '=', 'r.id')
          .orderBy('i.position')
          .orderBy('i.id'),
      ).as('images'),
      eb
        .selectFrom('recipe_images as i')
        .select('i.id')
        .whereRef('i.recipe_id', '=', 'r.id')
        .where('i.is_cover', '=', true)
        .as('cover_image_id'),
      eb
        .selectFrom('recipe_images as i')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('i.recipe_id', '=', 'r.id')
        .as('image_count'),
      eb
        .selectFrom('recipe_images as i')
        .select((e) => e.fn.coalesce(e.fn.sum<number>('i.bytes'), e.lit(0)).as('n'))
        .whereRef('i.recipe_id', '=', 'r.id')
        .as('image_bytes'),
      eb
        .selectFrom('household_settings as s')
        .select('s.recipes_locked_by_default')
        .where('s.id', '=', 1)
        .as('locked_by_default'),
    ])
    .where(by, '=', key);
}

const viewById = compiledOnce(['key', 'viewer'], (db, v) => viewQuery(db, 'r.id', v.key, v.viewer));
const viewBySlug = compiledOnce(['key', 'viewer'], (db, v) => viewQuery(db, 'r.slug', v.key, v.viewer));
const viewForUpdate = compiledOnce(['key', 'viewer'], (db, v) =>
  viewQuery(db, 'r.id', v.key, v.viewer).forUpdate('r'),
);

type ViewRow = Awaited<ReturnType<typeof viewById>>[number];

/** A view's row as the domain takes it. */
function viewFromRow(row: ViewRow, viewerId: string): RecipeView {
  const tastyBy = json<PersonRef[]>(row.tasty_by);
  return {
    recipe: recipeFromRow(row),
    createdBy: personFrom(row.created_by_person),
    updatedBy: personFrom(row.updated_by_person),
    tastyBy,
    favorite: Boolean(row.favorite),
    tasty: tastyBy.some((p) => p.id === viewerId),
    lockedByDefault: row.locked_by_default ?? false,
    images: json<RecipeImage[]>(row.images),
    coverImageId: row.cover_image_id ?? null,
    imageCount: Number(row.image_count ?? 0),
    imageBytes: Number(row.image_bytes ?? 0),
  };
}

export class PostgresRecipeRepository implements RecipeRepository {
  constructor(private readonly db: Executor) {}

  async view(key: { id: string } | { slug: string }, viewerId: string): Promise<RecipeView | null> {
    const value = 'id' in key ? key.id : key.slug;
    if (!storable(value)) return null;
    const [row] = await ('id' in key ? viewById : viewBySlug)(this.db, { key: value, viewer: viewerId });
    if (row) return viewFromRow(row, viewerId);
    if ('id' in key) return null;
    // No recipe has that slug now: one may have had it before its title changed.
    const { rows } = await sql<{ recipe_id: string }>`
      select recipe_id from recipe_former_slugs where slug = ${value}`.execute(this.db);
    const formerly = rows[0]?.recipe_id;
    if (formerly === undefined) return null;
    const [renamed] = await viewById(this.db, { key: formerly, viewer: viewerId });
    return renamed ? viewFromRow(renamed, viewerId) : null;
  }

  async viewForUpdate(id: string, viewerId: string): Promise<RecipeView | null> {
    if (!storable(id)) return null;
    const [row] = await viewForUpdate(this.db, { key: id, viewer: viewerId });
    return row ? viewFromRow(row, viewerId) : null;
  }

  async byId(id: string): Promise<Recipe | null> {
    if (!storable(id)) return null;
    const row = await this.db
      .selectFrom('recipes as r')
      .select(RECIPE_COLUMNS)
      .where('r.id', '=', id)
      .executeTakeFirst();
    return row ? recipeFromRow(row) : null;
  }

  async existing(ids: readonly string[]): Promise<string[]> {
    const wanted = ids.filter(storable);
    if (wanted.length === 0) return [];
    const rows = await this.db.selectFrom('recipes').select('id').where('id', 'in', wanted).execute();
    return rows.map((r) => r.id);
  }

  async bySourceKey(key: string): Promise<RecipeOfSource | null> {
    if (!storable(key)) return null;
    const row = await this.db
      .selectFrom('recipes as r')
      .select(['r.id', 'r.slug', 'r.title'])
      .select((eb) => personOf(eb, 'r.created_by').as('created_by_person'))
      .where('r.source_key', '=', key)
      .orderBy('r.created_at')
      .executeTakeFirst();
    return row
      ? { id: row.id, slug: row.slug, title: row.title, createdBy: personFrom(row.created_by_person) }
      : null;
  }

  async ids(afterId: string | null, limit: number): Promise<string[]> {
    let query = this.db.selectFrom('recipes').select('id').orderBy('id').limit(limit);
    if (afterId !== null) query = query.where('id', '>', afterId);
    return (await query.execute()).map((r) => r.id);
  }

  async byIdForUpdate(id: string): Promise<Recipe | null> {
    if (!storable(id)) return null;
    const row = await this.db
      .selectFrom('recipes as r')
      .select(RECIPE_COLUMNS)
      .where('r.id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row ? recipeFromRow(row) : null;
  }

  async slugsLike(base: string): Promise<string[]> {
    // Slugs hold only a-z, 0-9 and '-': those starting `base-` lie between `base-` and `base.` ('.'
    // follows '-') in byte order, a range the prefix index answers with the value as a parameter
    // (a `like` pattern only helps a plan made for its value).
    const { rows } = await sql<{ slug: string }>`
      select slug from recipes
      where slug = ${base} or (slug ~>=~ ${`${base}-`} and slug ~<~ ${`${base}.`})`.execute(this.db);
    return rows.map((r) => r.slug);
  }

  async insert(recipe: Recipe): Promise<'inserted' | 'slug_taken' | 'author_gone'> {
    const body = storedBody(recipe);
    try {
      const { rows } = await sql<{ id: string }>`
        insert into recipes (id, slug, title, title_sort, description, servings, prep_minutes, cook_minutes,
          source_url, source_name, source_key, tags, ingredient_groups, steps, edit_policy, created_by, updated_by,
          created_at, updated_at, search)
        values (${recipe.id}, ${recipe.slug}, ${recipe.title}, ${titleSortKey(recipe.title)}, ${recipe.description},
          ${recipe.servings}, ${recipe.prepMinutes}, ${recipe.cookMinutes}, ${recipe.sourceUrl}, ${recipe.sourceName},
          ${sourceKey(recipe.sourceUrl)},
          ${recipe.tags}::text[], ${body.ingredientGroups}::jsonb, ${body.steps}::jsonb, ${recipe.editPolicy},
          ${recipe.createdById}, ${recipe.updatedById}, ${recipe.createdAt}, ${recipe.updatedAt}, ${searchVector(recipe)})
        on conflict (slug) do nothing
        returning id`.execute(this.db);
      return rows.length > 0 ? 'inserted' : 'slug_taken';
    } catch (error) {
      if (isUniqueViolation(error)) return 'slug_taken';
      // The only rows a recipe names are accounts: its author's was deleted since it was read.
      if (isForeignKeyViolation(error)) return 'author_gone';
      throw error;
    }
  }

  async replace(
    recipe: Recipe,
    slug: 'kept' | 'chosen',
    unchangedSince?: Date,
  ): Promise<'replaced' | 'missing' | 'slug_taken' | 'author_gone'> {
    const outcome = (found: boolean) => (found ? 'replaced' : 'missing');
    try {
      if (slug === 'kept') return outcome(await this.update(recipe, sql``, unchangedSince));
      const write = () => this.update(recipe, sql`slug = ${recipe.slug},`, unchangedSince);
      // A slug another save took first breaks the unique index. Outside a transaction that only
      // fails the statement; inside one, a savepoint keeps the transaction usable.
      return outcome(this.db.isTransaction ? await this.inSavepoint(write) : await write());
    } catch (error) {
      if (isUniqueViolation(error)) return 'slug_taken';
      // The saver's account (`updated_by`) was deleted since the request was let in.
      if (isForeignKeyViolation(error)) return 'author_gone';
      throw error;
    }
  }

  private async inSavepoint<T>(work: () => Promise<T>): Promise<T> {
    await sql`savepoint recipe_replace`.execute(this.db);
    try {
      const result = await work();
      await sql`release savepoint recipe_replace`.execute(this.db);
      return result;
    } catch (error) {
      await sql`rollback to savepoint recipe_replace`.execute(this.db);
      throw error;
    }
  }

  /**
   * Writes every column of the recipe but its slug (unless `slug` sets it), only while its time is
   * `unchangedSince` when given; false when it is gone (or changed since).
   */
  private async update(recipe: Recipe, slug: RawBuilder<unknown>, unchangedSince?: Date): Promise<boolean> {
    const body = storedBody(recipe);
    const unchanged = unchangedSince === undefined ? sql`` : sql`and updated_at = ${unchangedSince}`;
    const { rows } = await sql<{ id: string }>`
      update recipes set
        ${slug} title = ${recipe.title}, title_sort = ${titleSortKey(recipe.title)},
        description = ${recipe.description}, servings = ${recipe.servings},
        prep_minutes = ${recipe.prepMinutes}, cook_minutes = ${recipe.cookMinutes},
        source_url = ${recipe.sourceUrl}, source_name = ${recipe.sourceName}, source_key = ${sourceKey(recipe.sourceUrl)},
        tags = ${recipe.tags}::text[],
        ingredient_groups = ${body.ingredientGroups}::jsonb, steps = ${body.steps}::jsonb,
        edit_policy = ${recipe.editPolicy}, updated_by = ${recipe.updatedById}, updated_at = ${recipe.updatedAt},
        search = ${searchVector(recipe)}
      where id = ${recipe.id} ${unchanged}
      returning id`.execute(this.db);
    return rows.length > 0;
  }

  async delete(id: string): Promise<boolean> {
    if (!storable(id)) return false;
    const result = await this.db.deleteFrom('recipes').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  addFavorite(recipeId: string, accountId: string, at: Date): Promise<MarkOutcome> {
    return this.addMark('recipe_favorites', recipeId, accountId, at);
  }

  async removeFavorite(recipeId: string, accountId: string): Promise<void> {
    if (!storable(recipeId)) return;
    await this.db
      .deleteFrom('recipe_favorites')
      .where('recipe_id', '=', recipeId)
      .where('account_id', '=', accountId)
      .execute();
  }

  addTasty(recipeId: string, accountId: string, at: Date): Promise<MarkOutcome> {
    return this.addMark('recipe_tasty_marks', recipeId, accountId, at);
  }

  async removeTasty(recipeId: string, accountId: string): Promise<void> {
    if (!storable(recipeId)) return;
    await this.db
      .deleteFrom('recipe_tasty_marks')
      .where('recipe_id', '=', recipeId)
      .where('account_id', '=', accountId)
      .execute();
  }

  /** Sets a mark once (setting it again changes nothing). */
  private async addMark(
    table: 'recipe_favorites' | 'recipe_tasty_marks',
    recipeId: string,
    accountId: string,
    at: Date,
  ): Promise<MarkOutcome> {
    if (!storable(recipeId)) return 'missing';
    try {
      const { rows } = await sql<{ present: boolean }>`
        with added as (
          insert into ${sql.table(table)} (recipe_id, account_id, created_at)
          select id, ${accountId}, ${at} from recipes where id = ${recipeId}
          on conflict do nothing
          returning 1)
        select exists (select 1 from recipes where id = ${recipeId}) as present`.execute(this.db);
      return rows[0]?.present ? 'marked' : 'missing';
    } catch (error) {
      // The recipe or the account was deleted between the check and the insert.
      const key = brokenForeignKey(error);
      if (key === `${table}_account_id_fkey`) return 'account_gone';
      if (key !== null) return 'missing';
      throw error;
    }
  }
}
