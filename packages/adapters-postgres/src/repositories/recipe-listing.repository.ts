import type {
  AuthorCount,
  CardPage,
  CardQuery,
  PersonRef,
  RecipeCard,
  RecipeListingRepository,
  TagCount,
} from '@larder/domain';
import { usernameKey } from '@larder/domain';
import { type RawBuilder, sql } from 'kysely';
import { hasNewComments } from './comment.repository.js';
import { compiledOnce } from './compiled-once.js';
import type { Executor } from './executor.js';
import { PERSON_COLUMNS } from './recipe-rows.js';

/**
 * The most words a search looks for (each takes a bit of a 64-bit mask below); a longer search
 * looks for the first 60 in sorted order. (The API takes 100 characters of search, 50 words at most.)
 */
const MOST_WORDS = 60;

/**
 * The words of a search as search documents hold them: without accents (`search_fold`), split by
 * PostgreSQL's own parser and lowered as the `simple` configuration does (compound words count by
 * their parts), each word once. Nothing the user types reaches any query syntax. An empty array when there are no
 * words (nothing matches). The token types are those `simple` maps to its dictionary (which only
 * lowers) less the compound wholes (15 numhword, 16 asciihword, 17 hword) — the same words as
 * `ts_debug('simple', …)` gives, at a fifth of its cost (a test holds the two together).
 */
export function searchWords(text: unknown): RawBuilder<unknown> {
  return sql`(select coalesce((array_agg(distinct lower(p.token)))[1:${sql.lit(MOST_WORDS)}], '{}')
    from ts_parse('default', search_fold(${text}::text)) p
    where p.tokid in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20, 21, 22))`;
}

/**
 * The recipes matching every word of the search, each word as a prefix of a word of the recipe,
 * found through `recipe_words`' btree (a word range, `word` to `word` + U+10FFFF, in C
 * order); `best` is the best place any of them stands (A title … D steps), `created_at` the recipe's.
 */
function matchingRecipes(text: unknown): RawBuilder<unknown> {
  // Every entry of every word's range, gathered per recipe in one pass: a bit per word of the
  // search (`n`, its place) says which words found the recipe, and those found by all are kept.
  // (A word may match several of a recipe's words; a bit set twice is set.) `offset 0` keeps each
  // word's lookup a range scan of its own, whatever the planner guesses.
  return sql`q as (select ${searchWords(text)} as words),
    m as (
      select hit.recipe_id as id, min(hit.weight) as best, max(hit.created_at) as created_at
      from q cross join lateral unnest(q.words) with ordinality w(word, n)
      cross join lateral (
        select rw.recipe_id, rw.weight, rw.created_at from recipe_words rw
        where rw.word >= w.word and rw.word < w.word || chr(1114111) offset 0) hit
      group by hit.recipe_id
      having bit_or(1::bigint << (w.n::int - 1)) = (1::bigint << (select cardinality(words) from q)) - 1)`;
}

// A one-word search's word and the end of its range, each computed once (a value the index can use).
const WORD = sql`(select q.words[1] from q)`;
const WORD_END = sql`(select q.words[1] || chr(1114111) from q)`;

/**
 * What a search in its own order adds for a single word (`q.words[1]`): `spelled`, the words of
 * recipes that start with it, each once, found by probing `recipe_words_ranked` once per spelling
 * (a skip scan; "chick" → chicken, chickpeas) instead of reading every entry in the range.
 */
const SPELLINGS = sql`spelled(word) as (
    (select rw.word from recipe_words rw
      where rw.word >= ${WORD} and rw.word < ${WORD_END} order by rw.word limit 1)
    union all
    select (select rw.word from recipe_words rw
      where rw.word > s.word and rw.word < ${WORD_END} order by rw.word limit 1)
    from spelled s where s.word is not null)`;

/**
 * A one-word search's page in its own order (best place, newest, id): the index holds each
 * spelling's recipes in that order, so the first `offset + limit` of each spelling contain the
 * page — a recipe ahead of a page's recipe in its best spelling's list is ahead of it overall too.
 * Those few are merged (a recipe may have several spellings: its best counts) and the page taken.
 */
function oneWordPage(limit: unknown, offset: unknown, enough: unknown): RawBuilder<unknown> {
  return sql`select top.recipe_id from (
      select hit.recipe_id, min(hit.weight) as best, max(hit.created_at) as created_at
      from spelled s cross join lateral (
        select rw.recipe_id, rw.weight, rw.created_at from recipe_words rw where rw.word = s.word
        order by rw.weight, rw.created_at desc, rw.recipe_id limit ${enough}) hit
      where s.word is not null
      group by hit.recipe_id) top
    order by top.best, top.created_at desc, top.recipe_id limit ${limit} offset ${offset}`;
}

/**
 * How many recipes a one-word search finds: with one spelling, its kept count (`word_counts`, the
 * sum of its rows: see the migration word_counts); with several, the recipes in the word's range
 * (a recipe may carry several spellings).
 */
const ONE_WORD_TOTAL = sql`case when (select count(*) from spelled where word is not null) = 1
    then (select coalesce(sum(wc.delta), 0) from word_counts wc
      where wc.word = (select word from spelled where word is not null))
    else (select count(*) from (
      select rw.recipe_id from recipe_words rw
      where rw.word >= ${WORD} and rw.word < ${WORD_END} group by rw.recipe_id) r)
    end::int`;

const ORDER_OF: Record<CardQuery['sort'], RawBuilder<unknown>> = {
  updated: sql`r.updated_at desc, r.id`,
  created: sql`r.created_at desc, r.id`,
  title: sql`r.title_sort collate "C", r.id`,
  tasty: sql`coalesce(tc.n, 0) desc, r.updated_at desc, r.id`,
  // Best matches first: a word in the title, then in tags and ingredients, the description, the
  // steps; among equals the newest created (the words carry that time: a save leaves them alone).
  relevance: sql`m.best, r.created_at desc, r.id`,
};

/** What photos add to a recipe row `r`, in one pass over its photos: its cover, how many and their bytes. */
const PHOTOS = sql`cross join lateral (
    select (array_agg(i.id) filter (where i.is_cover))[1] as cover_image_id, count(*)::int as image_count,
      coalesce(sum(i.bytes), 0)::bigint as image_bytes
    from recipe_images i where i.recipe_id = r.id) photos`;

/** A person's columns from an `accounts` alias, prefixed (`c_id`, `c_username` …). */
function personColumns(alias: 'c' | 'u'): RawBuilder<unknown> {
  return sql.raw(
    `${alias}.id as ${alias}_id, ${alias}.username as ${alias}_username, ` +
      `${alias}.display_name as ${alias}_display_name, ${alias}.color as ${alias}_color, ` +
      `${alias}.avatar_id as ${alias}_avatar_id`,
  );
}

/** The person of those columns; null when the account is gone. */
function personOfColumns(row: CardRow, alias: 'c' | 'u'): PersonRef | null {
  const id = row[`${alias}_id`];
  if (id === null) return null;
  return {
    id,
    username: row[`${alias}_username`] as string,
    displayName: row[`${alias}_display_name`] as string,
    color: row[`${alias}_color`] as string,
    avatarId: row[`${alias}_avatar_id`],
  };
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
  c_id: string | null;
  c_username: string | null;
  c_display_name: string | null;
  c_color: string | null;
  c_avatar_id: string | null;
  u_id: string | null;
  u_username: string | null;
  u_display_name: string | null;
  u_color: string | null;
  u_avatar_id: string | null;
  total: number;
}

/** What decides a card query's statement, its values aside. */
interface Shape {
  tags: boolean;
  maxMinutes: boolean;
  favorites: boolean;
  author: boolean;
  searching: boolean;
  sort: CardQuery['sort'];
}

/** The values a card query's statement takes (`enough`: how many of each spelling a ranked page reads). */
type CardValue = 'viewer' | 'text' | 'tags' | 'maxMinutes' | 'author' | 'limit' | 'offset' | 'enough';

function shapeOf(query: CardQuery): Shape {
  const searching = query.text !== undefined;
  return {
    tags: query.tags.length > 0,
    maxMinutes: query.maxMinutes !== undefined,
    favorites: query.favoritesOnly,
    author: query.author !== undefined,
    searching,
    sort: query.sort === 'relevance' && !searching ? 'updated' : query.sort,
  };
}

/** Whether any filter narrows the recipes. */
const filtered = (shape: Shape) => shape.tags || shape.maxMinutes || shape.favorites || shape.author;

/** A search in its own order (or the newest created first) with no filter needs no other table than its matches. */
const matchesAlone = (shape: Shape) =>
  shape.searching && !filtered(shape) && (shape.sort === 'relevance' || shape.sort === 'created');

/**
 * A search in its own order for one word reads its page off the ranked index; every other search
 * gathers its matches (`m`). Which one is decided by the words the database finds, and only the
 * chosen side runs (subqueries of a `case` run when reached, CTEs when read).
 */
const ranked = (shape: Shape) => matchesAlone(shape) && shape.sort === 'relevance';

/**
 * A card query's statements for one shape, over values that are the real ones or stand-ins: the
 * page (its ids in order, the total, and everything a card shows for just those rows) and the
 * total alone (for a page past the last).
 */
function cardStatements(shape: Shape, v: Record<CardValue, unknown>) {
  const filters: RawBuilder<unknown>[] = [];
  if (shape.tags) filters.push(sql`r.tags @> ${v.tags}::text[]`);
  if (shape.maxMinutes) filters.push(sql`r.total_minutes <= ${v.maxMinutes}`);
  if (shape.favorites) {
    filters.push(
      sql`exists (select 1 from recipe_favorites f where f.recipe_id = r.id and f.account_id = ${v.viewer})`,
    );
  }
  if (shape.author) {
    filters.push(sql`r.created_by = (select a.id from accounts a where a.username_key = ${v.author})`);
  }
  const { searching, sort } = shape;
  const where = filtered(shape) ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const from = searching ? sql`recipes r join m on m.id = r.id` : sql`recipes r`;
  const tastyCounts =
    sort === 'tasty'
      ? sql`left join (select recipe_id, count(*)::int as n from recipe_tasty_marks group by recipe_id) tc
          on tc.recipe_id = r.id`
      : sql``;
  const matches = searching
    ? sql`${matchingRecipes(v.text)}, ${ranked(shape) ? sql`${SPELLINGS},` : sql``}`
    : sql``;
  const oneWord = sql`(select cardinality(words) = 1 from q)`;
  // Without any filter the total is the household's count (kept by triggers, see the migration
  // recipe_count); otherwise the matches are counted once more
  // (no window over every match: the page itself is a top-N of its order).
  const total =
    !searching && !filtered(shape)
      ? sql`select coalesce(sum(delta), 0)::int as n from recipe_count`
      : ranked(shape)
        ? sql`select case when ${oneWord} then ${ONE_WORD_TOTAL} else (select count(*)::int from m) end as n`
        : matchesAlone(shape)
          ? sql`select count(*)::int as n from m`
          : sql`select count(*)::int as n from ${from} ${where}`;
  const pageIds = ranked(shape)
    ? sql`case when ${oneWord} then array(${oneWordPage(v.limit, v.offset, v.enough)}) else array(
        select m.id from m order by m.best, m.created_at desc, m.id limit ${v.limit} offset ${v.offset}) end`
    : matchesAlone(shape)
      ? sql`array(select m.id from m order by m.created_at desc, m.id limit ${v.limit} offset ${v.offset})`
      : sql`array(select r.id from ${from} ${tastyCounts} ${where} order by ${ORDER_OF[sort]}
          limit ${v.limit} offset ${v.offset})`;

  // One query: the page's ids in order (an array keeps the order of its select), the total, then
  // everything a card shows for just those rows (people joined, marks as subqueries).
  const page = sql<CardRow>`
    with recursive ${matches}
    page as (
      select p.id, p.ord from unnest(${pageIds}) with ordinality as p(id, ord)),
    total as (${total})
    select r.id, r.slug, r.title, r.tags, r.total_minutes, r.created_at, r.updated_at,
      (select n from total) as total,
      exists (select 1 from recipe_favorites f where f.recipe_id = r.id and f.account_id = ${v.viewer})
        as favorite,
      marks.tasty, marks.tasty_count,
      -- What comments and photos add to a card, for the page rows only:
      ${hasNewComments('r', v.viewer)} as new_comments,
      photos.cover_image_id, photos.image_count, photos.image_bytes,
      ${personColumns('c')},
      ${personColumns('u')}
    from page p
    join recipes r on r.id = p.id
    left join accounts c on c.id = r.created_by
    left join accounts u on u.id = r.updated_by
    ${PHOTOS}
    cross join lateral (
      select count(*)::int as tasty_count, coalesce(bool_or(t.account_id = ${v.viewer}), false) as tasty
      from recipe_tasty_marks t where t.recipe_id = r.id) marks
    order by p.ord`;
  const recount = sql<{ n: number }>`with recursive ${matches} total as (${total}) select n from total`;
  return { page, recount };
}

/** The values of a card query as its statements take them. */
function valuesOf(query: CardQuery): Record<CardValue, unknown> {
  const offset = (query.page - 1) * query.limit;
  return {
    viewer: query.viewerId,
    text: query.text ?? '',
    tags: query.tags,
    maxMinutes: query.maxMinutes ?? null,
    author: query.author === undefined ? null : usernameKey(query.author),
    limit: query.limit,
    offset,
    enough: offset + query.limit,
  };
}

/** The values a shape's page statement takes (each must appear in it). */
function valueNamesOf(shape: Shape): CardValue[] {
  return [
    'viewer',
    'limit',
    'offset',
    ...(shape.searching ? (['text'] as const) : []),
    ...(ranked(shape) ? (['enough'] as const) : []),
    ...(shape.tags ? (['tags'] as const) : []),
    ...(shape.maxMinutes ? (['maxMinutes'] as const) : []),
    ...(shape.author ? (['author'] as const) : []),
  ];
}

/** Each shape's page statement, built and compiled once (a few dozen shapes at most). */
const pageStatements = new Map<
  string,
  (db: Executor, values: Record<CardValue, unknown>) => Promise<CardRow[]>
>();

function pageStatementOf(shape: Shape) {
  const key = JSON.stringify(shape);
  let statement = pageStatements.get(key);
  if (!statement) {
    statement = compiledOnce(valueNamesOf(shape), (_db, v) => cardStatements(shape, v).page);
    pageStatements.set(key, statement);
  }
  return statement;
}

/** Finding recipes: pages of cards with search and filters, tags and authors with their counts. */
export class PostgresRecipeListingRepository implements RecipeListingRepository {
  constructor(private readonly db: Executor) {}

  async cards(query: CardQuery): Promise<CardPage> {
    const shape = shapeOf(query);
    const values = valuesOf(query);
    const rows = await pageStatementOf(shape)(this.db, values);
    let count = rows[0]?.total ?? 0;
    if (rows.length === 0 && (values.offset as number) > 0) {
      // Past the last page: no row carried the total.
      const counted = await cardStatements(shape, values).recount.execute(this.db);
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

  async foldKeptCounts(): Promise<void> {
    // The rows of the household's count, and of each word that has more than one (see the
    // migrations recipe_count and word_counts); rows another transaction holds are left for later.
    await sql`select recipe_count_fold()`.execute(this.db);
    await sql`select word_counts_fold(array(select word from word_counts group by word having count(*) > 1))`.execute(
      this.db,
    );
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
    createdBy: personOfColumns(row, 'c'),
    updatedBy: personOfColumns(row, 'u'),
  };
}
