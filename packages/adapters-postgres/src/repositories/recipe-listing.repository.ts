import type {
  AuthorCount,
  CardPage,
  CardQuery,
  RecipeCard,
  RecipeListingRepository,
  TagCount,
} from '@larder/domain';
import { usernameKey } from '@larder/domain';
import { type RawBuilder, sql } from 'kysely';
import { hasNewComments } from './comment.repository.js';
import type { Executor } from './executor.js';
import { PERSON_COLUMNS, personFrom } from './recipe-rows.js';

/**
 * The words of a search as search documents hold them: PostgreSQL's own parser splits and lowers
 * them (compound words count by their parts), each word once. Nothing the user types reaches any
 * query syntax. An empty array when there are no words (nothing matches).
 */
function searchWords(text: string): RawBuilder<unknown> {
  return sql`(select coalesce(array_agg(distinct lex), '{}')
    from ts_debug('simple', ${text}::text) d cross join lateral unnest(d.lexemes) lex
    where d.alias not in ('asciihword', 'hword', 'numhword'))`;
}

/**
 * The recipes matching every word of the search, each word as a prefix of a word of the recipe,
 * found through `recipe_words`' btree (a word range, `word` to `word` + U+10FFFF, in C
 * order); `best` is the best place any of them stands (A title … D steps), `updated_at` the recipe's.
 */
function matchingRecipes(text: string): RawBuilder<unknown> {
  // Per word its recipes (a word may match several of a recipe's words), then the recipes every word found.
  // `offset 0` keeps each word's lookup a range scan of its own, whatever the planner guesses.
  return sql`q as (select ${searchWords(text)} as words),
    m as (
      select per_word.recipe_id as id, min(per_word.best) as best, max(per_word.updated_at) as updated_at
      from (
        select w.word, hit.recipe_id, min(hit.weight) as best, max(hit.updated_at) as updated_at
        from q cross join lateral unnest(q.words) w(word)
        cross join lateral (
          select rw.recipe_id, rw.weight, rw.updated_at from recipe_words rw
          where rw.word >= w.word and rw.word < w.word || chr(1114111) offset 0) hit
        group by w.word, hit.recipe_id) per_word
      group by per_word.recipe_id
      having count(*) = (select cardinality(words) from q))`;
}

const ORDER_OF: Record<CardQuery['sort'], RawBuilder<unknown>> = {
  updated: sql`r.updated_at desc, r.id`,
  created: sql`r.created_at desc, r.id`,
  title: sql`r.title_sort collate "C", r.id`,
  tasty: sql`coalesce(tc.n, 0) desc, r.updated_at desc, r.id`,
  // Best matches first: a word in the title, then in tags and ingredients, the description, the
  // steps; among equals the most recently changed.
  relevance: sql`m.best, r.updated_at desc, r.id`,
};

/** What photos add to a recipe row `r`: its cover, how many photos and the bytes they take. */
const PHOTO_COLUMNS = sql`
  (select i.id from recipe_images i where i.recipe_id = r.id and i.is_cover) as cover_image_id,
  (select count(*)::int from recipe_images i where i.recipe_id = r.id) as image_count,
  (select coalesce(sum(i.bytes), 0)::bigint from recipe_images i where i.recipe_id = r.id) as image_bytes`;

/** A person reference built in SQL from an `accounts` alias; null when the account is gone. */
function person(alias: string): RawBuilder<unknown> {
  const a = sql.raw(alias);
  return sql`case when ${a}.id is null then null else json_build_object(
    'id', ${a}.id, 'username', ${a}.username, 'displayName', ${a}.display_name,
    'color', ${a}.color, 'avatarId', ${a}.avatar_id) end`;
}

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

/** Finding recipes: pages of cards with search and filters, tags and authors with their counts. */
export class PostgresRecipeListingRepository implements RecipeListingRepository {
  constructor(private readonly db: Executor) {}

  async cards(query: CardQuery): Promise<CardPage> {
    const filters: RawBuilder<unknown>[] = [];
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
    const searching = query.text !== undefined;
    const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
    const sort = query.sort === 'relevance' && !searching ? 'updated' : query.sort;
    // A search in its own order (or the newest first) with no filter needs no other table than its matches.
    const matchesAlone = searching && filters.length === 0 && (sort === 'relevance' || sort === 'updated');
    const from = searching ? sql`recipes r join m on m.id = r.id` : sql`recipes r`;
    const tastyCounts =
      sort === 'tasty'
        ? sql`left join (select recipe_id, count(*)::int as n from recipe_tasty_marks group by recipe_id) tc
            on tc.recipe_id = r.id`
        : sql``;
    const offset = (query.page - 1) * query.limit;
    const matches = searching ? sql`${matchingRecipes(query.text ?? '')},` : sql``;
    // Without any filter the total is the table's count; otherwise the matches are counted once more
    // (no window over every match: the page itself is a top-N of its order).
    const total =
      !searching && filters.length === 0
        ? sql`select count(*)::int as n from recipes`
        : matchesAlone
          ? sql`select count(*)::int as n from m`
          : sql`select count(*)::int as n from ${from} ${where}`;
    const pageIds = matchesAlone
      ? sql`select m.id from m order by ${sort === 'relevance' ? sql`m.best, ` : sql``}m.updated_at desc, m.id
          limit ${query.limit} offset ${offset}`
      : sql`select r.id from ${from} ${tastyCounts} ${where} order by ${ORDER_OF[sort]}
          limit ${query.limit} offset ${offset}`;

    // One query: the page's ids in order (an array keeps the order of its select), the total, then
    // everything a card shows for just those rows (people joined, marks as subqueries).
    const { rows } = await sql<CardRow>`
      with ${matches}
      page as (
        select p.id, p.ord from unnest(array(${pageIds})) with ordinality as p(id, ord)),
      total as (${total})
      select r.id, r.slug, r.title, r.tags, r.total_minutes, r.created_at, r.updated_at,
        (select n from total) as total,
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

    let count = rows[0]?.total ?? 0;
    if (rows.length === 0 && offset > 0) {
      // Past the last page: no row carried the total.
      const counted = await sql<{
        n: number;
      }>`with ${matches} total as (${total}) select n from total`.execute(this.db);
      count = counted.rows[0]?.n ?? 0;
    }
    return { items: rows.map(cardFromRow), total: count };
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
    const rows = await this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('recipes')
          .select((e) => ['created_by', e.fn.countAll<number>().as('count')])
          .where('created_by', 'is not', null)
          .groupBy('created_by')
          .as('n'),
      )
      .innerJoin('accounts as a', 'a.id', 'n.created_by')
      .select(PERSON_COLUMNS)
      .select('n.count')
      .orderBy('n.count', 'desc')
      .orderBy(sql`a.display_name collate "C"`)
      .orderBy('a.id')
      .execute();
    return rows.map(({ count, ...person }) => ({ person, count: Number(count) }));
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
    createdBy: personFrom(row.created_by_person),
    updatedBy: personFrom(row.updated_by_person),
  };
}
