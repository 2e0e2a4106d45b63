import type {
  AuthorCount,
  CardPage,
  CardQuery,
  EditPolicy,
  IngredientGroup,
  PersonRef,
  Recipe,
  RecipeCard,
  RecipeRepository,
  RecipeView,
  Step,
  TagCount,
} from '@larder/domain';
import { ingredientGroupsOf, stepsOf, titleSortKey, usernameKey } from '@larder/domain';
import { type RawBuilder, sql } from 'kysely';
import { hasNewComments } from './comment.repository.js';
import { type Executor, isUniqueViolation } from './executor.js';

/** Any number: `pg_advisory_xact_lock` key that serialises slug choices. */
const SLUG_LOCK_KEY = 7_310_221_000;

/** Columns of a recipe row as the domain needs them (never the search vector). */
const RECIPE_COLUMNS = sql.raw(
  [
    'id',
    'slug',
    'title',
    'description',
    'servings',
    'prep_minutes',
    'cook_minutes',
    'source_url',
    'source_name',
    'tags',
    'ingredient_groups',
    'steps',
    'edit_policy',
    'created_by',
    'updated_by',
    'created_at',
    'updated_at',
  ]
    .map((c) => `r.${c}`)
    .join(', '),
);

interface RecipeRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  servings: number;
  prep_minutes: number | null;
  cook_minutes: number | null;
  source_url: string | null;
  source_name: string | null;
  tags: string[];
  ingredient_groups: unknown;
  steps: unknown;
  edit_policy: string;
  created_by: string | null;
  updated_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** PostgreSQL text cannot hold NUL: a key carrying one names no recipe (instead of failing the query). */
function storable(key: string): boolean {
  return !key.includes('\u0000');
}

/** jsonb arrives parsed from `pg` and PGlite alike; text is parsed here just in case. */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function recipeFromRow(row: RecipeRow): Recipe {
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

/** A person reference built in SQL from an `accounts` alias; null when the account is gone. */
function person(alias: string): RawBuilder<unknown> {
  const a = sql.raw(alias);
  return sql`case when ${a}.id is null then null else json_build_object(
    'id', ${a}.id, 'username', ${a}.username, 'displayName', ${a}.display_name,
    'color', ${a}.color, 'avatarId', ${a}.avatar_id) end`;
}

/**
 * The search document: title first, then tags and ingredient names, the
 * description, and the steps' text, all with the `simple` configuration
 * (the same on PostgreSQL and PGlite).
 */
function searchVector(recipe: Recipe): RawBuilder<unknown> {
  const ingredients = recipe.ingredientGroups.flatMap((g) => g.ingredients.map((i) => i.name)).join(' \n ');
  const tags = recipe.tags.join(' \n ');
  const steps = recipe.steps.map((s) => s.text).join(' \n ');
  return sql`setweight(to_tsvector('simple', ${recipe.title}::text), 'A')
    || setweight(to_tsvector('simple', ${tags}::text || ' ' || ${ingredients}::text), 'B')
    || setweight(to_tsvector('simple', ${recipe.description}::text), 'C')
    || setweight(to_tsvector('simple', ${steps}::text), 'D')`;
}

/**
 * Turns free text into a prefix query (`'word':* & 'other':*`) safely: the words
 * come from PostgreSQL's own parser, each quoted, so no operator the user types
 * reaches the query syntax. Compound words count by their parts. Null: no words.
 */
function prefixQuery(text: string): RawBuilder<unknown> {
  return sql`(select to_tsquery('simple', string_agg(distinct
      '''' || replace(replace(lex, chr(92), chr(92) || chr(92)), chr(39), chr(39) || chr(39)) || ''':*', ' & '))
    from ts_debug('simple', ${text}::text) d cross join lateral unnest(d.lexemes) lex
    where d.alias not in ('asciihword', 'hword', 'numhword'))`;
}

function storedBody(recipe: Recipe) {
  return {
    ingredientGroups: JSON.stringify(ingredientGroupsOf(recipe.ingredientGroups)),
    steps: JSON.stringify(stepsOf(recipe.steps)),
  };
}

const ORDER_OF: Record<CardQuery['sort'], RawBuilder<unknown>> = {
  updated: sql`r.updated_at desc, r.id`,
  created: sql`r.created_at desc, r.id`,
  title: sql`r.title_sort collate "C", r.id`,
  tasty: sql`coalesce(tc.n, 0) desc, r.updated_at desc, r.id`,
  relevance: sql`ts_rank(r.search, q.tsq) desc, r.updated_at desc, r.id`,
};

/** What photos add to a recipe row `r`: its cover, how many photos and the bytes they take. */
const PHOTO_COLUMNS = sql`
  (select i.id from recipe_images i where i.recipe_id = r.id and i.is_cover) as cover_image_id,
  (select count(*)::int from recipe_images i where i.recipe_id = r.id) as image_count,
  (select coalesce(sum(i.bytes), 0)::bigint from recipe_images i where i.recipe_id = r.id) as image_bytes`;

interface CardRow {
  id: string;
  slug: string;
  title: string;
  tags: string[];
  total_minutes: number | null;
  cover_image_id: string | null;
  created_at: Date;
  updated_at: Date;
  favorite: boolean;
  tasty: boolean;
  tasty_count: number;
  new_comments: boolean;
  image_count: number;
  image_bytes: number;
  created_by_person: unknown;
  updated_by_person: unknown;
  total: number;
}

export class PostgresRecipeRepository implements RecipeRepository {
  constructor(private readonly db: Executor) {}

  async view(key: { id: string } | { slug: string }, viewerId: string): Promise<RecipeView | null> {
    if (!storable('id' in key ? key.id : key.slug)) return null;
    const where = 'id' in key ? sql`r.id = ${key.id}` : sql`r.slug = ${key.slug}`;
    const { rows } = await sql<
      RecipeRow & {
        locked_by_default: boolean;
        favorite: boolean;
        tasty_by: unknown;
        created_by_person: unknown;
        updated_by_person: unknown;
        images: unknown;
        cover_image_id: string | null;
        image_count: number;
        image_bytes: number | string;
      }
    >`
      select ${RECIPE_COLUMNS},
        coalesce((select s.recipes_locked_by_default from household_settings s where s.id = 1), false)
          as locked_by_default,
        exists (select 1 from recipe_favorites f where f.recipe_id = r.id and f.account_id = ${viewerId})
          as favorite,
        coalesce((
          select json_agg(${person('a')} order by t.created_at, a.id)
          from recipe_tasty_marks t join accounts a on a.id = t.account_id
          where t.recipe_id = r.id), '[]'::json) as tasty_by,
        ${person('c')} as created_by_person,
        ${person('u')} as updated_by_person,
        ${PHOTO_COLUMNS},
        coalesce((
          select json_agg(json_build_object('id', i.id, 'width', i.width, 'height', i.height, 'position', i.position)
            order by i.position, i.id)
          from recipe_images i where i.recipe_id = r.id), '[]'::json) as images
      from recipes r
      left join accounts c on c.id = r.created_by
      left join accounts u on u.id = r.updated_by
      where ${where}`.execute(this.db);
    const row = rows[0];
    if (!row) return null;
    const tastyBy = json<PersonRef[]>(row.tasty_by);
    return {
      recipe: recipeFromRow(row),
      createdBy: json<PersonRef | null>(row.created_by_person),
      updatedBy: json<PersonRef | null>(row.updated_by_person),
      tastyBy,
      favorite: row.favorite,
      tasty: tastyBy.some((p) => p.id === viewerId),
      lockedByDefault: row.locked_by_default,
      images: json<RecipeView['images']>(row.images),
      coverImageId: row.cover_image_id,
      imageCount: Number(row.image_count),
      imageBytes: Number(row.image_bytes),
    };
  }

  async byId(id: string): Promise<Recipe | null> {
    if (!storable(id)) return null;
    const { rows } = await sql<RecipeRow>`select ${RECIPE_COLUMNS} from recipes r where r.id = ${id}`.execute(
      this.db,
    );
    return rows[0] ? recipeFromRow(rows[0]) : null;
  }

  async byIdForUpdate(id: string): Promise<Recipe | null> {
    if (!storable(id)) return null;
    const { rows } =
      await sql<RecipeRow>`select ${RECIPE_COLUMNS} from recipes r where r.id = ${id} for update`.execute(
        this.db,
      );
    return rows[0] ? recipeFromRow(rows[0]) : null;
  }

  async lockSlugs(): Promise<void> {
    await sql`select pg_advisory_xact_lock(${SLUG_LOCK_KEY}::bigint)`.execute(this.db);
  }

  async slugsLike(base: string): Promise<string[]> {
    // Slugs hold only a-z, 0-9 and '-', so `like` needs no escaping.
    const { rows } = await sql<{ slug: string }>`
      select slug from recipes where slug = ${base} or slug like ${`${base}-%`}`.execute(this.db);
    return rows.map((r) => r.slug);
  }

  async insert(recipe: Recipe): Promise<boolean> {
    const body = storedBody(recipe);
    try {
      const { rows } = await sql<{ id: string }>`
        insert into recipes (id, slug, title, title_sort, description, servings, prep_minutes, cook_minutes,
          source_url, source_name, tags, ingredient_groups, steps, edit_policy, created_by, updated_by,
          created_at, updated_at, search)
        values (${recipe.id}, ${recipe.slug}, ${recipe.title}, ${titleSortKey(recipe.title)}, ${recipe.description},
          ${recipe.servings}, ${recipe.prepMinutes}, ${recipe.cookMinutes}, ${recipe.sourceUrl}, ${recipe.sourceName},
          ${recipe.tags}::text[], ${body.ingredientGroups}::jsonb, ${body.steps}::jsonb, ${recipe.editPolicy},
          ${recipe.createdById}, ${recipe.updatedById}, ${recipe.createdAt}, ${recipe.updatedAt}, ${searchVector(recipe)})
        on conflict (slug) do nothing
        returning id`.execute(this.db);
      return rows.length > 0;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async replace(recipe: Recipe): Promise<boolean> {
    const body = storedBody(recipe);
    const { rows } = await sql<{ id: string }>`
      update recipes set
        slug = ${recipe.slug}, title = ${recipe.title}, title_sort = ${titleSortKey(recipe.title)},
        description = ${recipe.description}, servings = ${recipe.servings},
        prep_minutes = ${recipe.prepMinutes}, cook_minutes = ${recipe.cookMinutes},
        source_url = ${recipe.sourceUrl}, source_name = ${recipe.sourceName}, tags = ${recipe.tags}::text[],
        ingredient_groups = ${body.ingredientGroups}::jsonb, steps = ${body.steps}::jsonb,
        edit_policy = ${recipe.editPolicy}, updated_by = ${recipe.updatedById}, updated_at = ${recipe.updatedAt},
        search = ${searchVector(recipe)}
      where id = ${recipe.id}
      returning id`.execute(this.db);
    return rows.length > 0;
  }

  async delete(id: string): Promise<boolean> {
    if (!storable(id)) return false;
    const result = await this.db.deleteFrom('recipes').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  addFavorite(recipeId: string, accountId: string, at: Date): Promise<boolean> {
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

  addTasty(recipeId: string, accountId: string, at: Date): Promise<boolean> {
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

  /** Sets a mark once (setting it again changes nothing); false when the recipe does not exist. */
  private async addMark(
    table: 'recipe_favorites' | 'recipe_tasty_marks',
    recipeId: string,
    accountId: string,
    at: Date,
  ) {
    if (!storable(recipeId)) return false;
    try {
      const { rows } = await sql<{ present: boolean }>`
        with added as (
          insert into ${sql.table(table)} (recipe_id, account_id, created_at)
          select id, ${accountId}, ${at} from recipes where id = ${recipeId}
          on conflict do nothing
          returning 1)
        select exists (select 1 from recipes where id = ${recipeId}) as present`.execute(this.db);
      return rows[0]?.present ?? false;
    } catch (error) {
      // The recipe was deleted between the check and the insert.
      if ((error as { code?: unknown }).code === '23503') return false;
      throw error;
    }
  }

  async cards(query: CardQuery): Promise<CardPage> {
    const filters: RawBuilder<unknown>[] = [];
    if (query.text !== undefined) filters.push(sql`r.search @@ q.tsq`);
    if (query.tags.length > 0) filters.push(sql`r.tags @> ${query.tags}::text[]`);
    if (query.maxMinutes !== undefined) filters.push(sql`r.total_minutes <= ${query.maxMinutes}`);
    if (query.favoritesOnly) {
      filters.push(
        sql`exists (select 1 from recipe_favorites f where f.recipe_id = r.id and f.account_id = ${query.viewerId})`,
      );
    }
    if (query.author !== undefined) {
      filters.push(
        sql`r.created_by = (select a.id from accounts a where a.username_key = ${usernameKey(query.author)})`,
      );
    }
    const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
    const sort = query.sort === 'relevance' && query.text === undefined ? 'updated' : query.sort;
    const tastyCounts =
      sort === 'tasty'
        ? sql`left join (select recipe_id, count(*)::int as n from recipe_tasty_marks group by recipe_id) tc
            on tc.recipe_id = r.id`
        : sql``;
    const offset = (query.page - 1) * query.limit;

    // One query: the page's ids in order with the total, then everything a card
    // shows for just those rows (people joined, marks as subqueries).
    const { rows } = await sql<CardRow>`
      with q as (select ${query.text !== undefined ? prefixQuery(query.text) : sql`null::tsquery`} as tsq),
      page as (
        select r.id, row_number() over (order by ${ORDER_OF[sort]}) as ord, count(*) over () as total
        from recipes r cross join q ${tastyCounts}
        ${where}
        order by ${ORDER_OF[sort]}
        limit ${query.limit} offset ${offset})
      select r.id, r.slug, r.title, r.tags, r.total_minutes, r.created_at, r.updated_at, p.total::int as total,
        exists (select 1 from recipe_favorites f where f.recipe_id = r.id and f.account_id = ${query.viewerId})
          as favorite,
        exists (select 1 from recipe_tasty_marks t where t.recipe_id = r.id and t.account_id = ${query.viewerId})
          as tasty,
        (select count(*)::int from recipe_tasty_marks t where t.recipe_id = r.id) as tasty_count,
        -- What comments and photos add to a card, for the page rows only:
        ${hasNewComments('r', query.viewerId)} as new_comments,
        ${PHOTO_COLUMNS},
        ${person('c')} as created_by_person,
        ${person('u')} as updated_by_person
      from page p
      join recipes r on r.id = p.id
      left join accounts c on c.id = r.created_by
      left join accounts u on u.id = r.updated_by
      order by p.ord`.execute(this.db);

    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && offset > 0) {
      // Past the last page: the window had no row to carry the total.
      const counted = await sql<{ n: number }>`
        with q as (select ${query.text !== undefined ? prefixQuery(query.text) : sql`null::tsquery`} as tsq)
        select count(*)::int as n from recipes r cross join q ${where}`.execute(this.db);
      total = counted.rows[0]?.n ?? 0;
    }
    return { items: rows.map(cardFromRow), total };
  }

  async tagCounts(): Promise<TagCount[]> {
    const { rows } = await sql<TagCount>`
      select tag as name, count(*)::int as count
      from recipes r cross join lateral unnest(r.tags) as tag
      group by tag
      order by count(*) desc, tag collate "C"`.execute(this.db);
    return rows;
  }

  async authorCounts(): Promise<AuthorCount[]> {
    const { rows } = await sql<{ person: unknown; count: number }>`
      select ${person('a')} as person, n.count
      from (select created_by, count(*)::int as count from recipes where created_by is not null group by created_by) n
      join accounts a on a.id = n.created_by
      order by n.count desc, a.display_name collate "C", a.id`.execute(this.db);
    return rows.map((r) => ({ person: json<PersonRef>(r.person), count: r.count }));
  }
}

function cardFromRow(row: CardRow): RecipeCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    tags: row.tags,
    totalMinutes: row.total_minutes,
    coverImageId: row.cover_image_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    favorite: row.favorite,
    tasty: row.tasty,
    tastyCount: row.tasty_count,
    newComments: row.new_comments,
    imageCount: Number(row.image_count),
    imageBytes: Number(row.image_bytes),
    createdBy: json<PersonRef | null>(row.created_by_person),
    updatedBy: json<PersonRef | null>(row.updated_by_person),
  };
}
