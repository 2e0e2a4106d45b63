import { sql } from 'kysely';
import {
  type TestDatabase,
  besideAHeldTransaction,
  openTestDatabase,
} from '../test-support/test-database.js';

let database: TestDatabase;
const T0 = new Date('2026-11-01T10:00:00Z');

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const wordsOf = async (id: string) =>
  (
    await sql<{ word: string; weight: string }>`
      select word, weight from recipe_words where recipe_id = ${id} order by word`.execute(database.db)
  ).rows.map((r) => `${r.word}:${r.weight}`);

/** `recipe_words` follows every recipe's search document through insert, save and delete. */
test("a recipe's words come with it, change with its saves and go with it", async () => {
  await sql`insert into recipes (id, slug, title, title_sort, servings, created_at, updated_at, search)
    values ('w1', 'leek-soup', 'Leek soup', 'leek soup', 1, ${T0}, ${T0},
      setweight(to_tsvector('simple', 'leek soup'), 'A') || setweight(to_tsvector('simple', 'leek'), 'B')),
      ('w2', 'pea-soup', 'Pea soup', 'pea soup', 1, ${T0}, ${T0}, to_tsvector('simple', 'pea soup'))`.execute(
    database.db,
  );
  expect(await wordsOf('w1')).toEqual(['leek:A', 'soup:A']);
  await sql`update recipes set search = setweight(to_tsvector('simple', 'leek stew'), 'A'),
    updated_at = ${new Date(T0.getTime() + 1000)} where id = 'w1'`.execute(database.db);
  expect(await wordsOf('w1')).toEqual(['leek:A', 'stew:A']);
  await sql`delete from recipes where id = 'w1'`.execute(database.db);
  expect(await wordsOf('w1')).toEqual([]);
  // Only its own: the other recipe's words stay.
  expect(await wordsOf('w2')).toEqual(['pea:D', 'soup:D']);
});

/** The words a save leaves alone are not written again: their rows stay the very same versions. */
test('a save writes only the words that came, went or changed place', async () => {
  await sql`insert into recipes (id, slug, title, title_sort, servings, created_at, updated_at, search)
    values ('w3', 'bean-stew', 'Bean stew', 'bean stew', 1, ${T0}, ${T0},
      setweight(to_tsvector('simple', 'bean stew'), 'A') || setweight(to_tsvector('simple', 'onion garlic'), 'D'))`.execute(
    database.db,
  );
  const versions = async () =>
    Object.fromEntries(
      (
        await sql<{ word: string; version: string }>`
          select word || ':' || weight::text as word, xmin::text || '/' || ctid::text as version
          from recipe_words where recipe_id = 'w3'`.execute(database.db)
      ).rows.map((r) => [r.word, r.version]),
    );
  const first = await versions();
  expect(Object.keys(first).sort()).toEqual(['bean:A', 'garlic:D', 'onion:D', 'stew:A']);

  // Saved again with the same words (a new time, another servings): no row is written.
  await sql`update recipes set servings = 2, updated_at = ${new Date(T0.getTime() + 1000)},
    search = search where id = 'w3'`.execute(database.db);
  expect(await versions()).toEqual(first);

  // Garlic goes, leek comes, onion moves into the title: only those rows change.
  await sql`update recipes set updated_at = ${new Date(T0.getTime() + 2000)},
    search = setweight(to_tsvector('simple', 'bean onion stew'), 'A') || setweight(to_tsvector('simple', 'leek'), 'D')
    where id = 'w3'`.execute(database.db);
  const after = await versions();
  expect(Object.keys(after).sort()).toEqual(['bean:A', 'leek:D', 'onion:A', 'stew:A']);
  expect(after['bean:A']).toBe(first['bean:A']);
  expect(after['stew:A']).toBe(first['stew:A']);
});

/** A word standing in several parts of a recipe is kept once, at the best of its places (A best, D last). */
test("a word's weight is the best of the places it stands", async () => {
  const part = (words: string, weight: string) => `setweight(to_tsvector('simple', '${words}'), '${weight}')`;
  await sql`insert into recipes (id, slug, title, title_sort, servings, created_at, updated_at, search)
    values ('w4', 'weights', 'Weights', 'weights', 1, ${T0}, ${T0},
      ${sql.raw([part('title', 'A'), part('tag title', 'B'), part('note tag', 'C'), part('step note tag', 'D')].join(' || '))})`.execute(
    database.db,
  );
  expect(await wordsOf('w4')).toEqual(['note:C', 'step:D', 'tag:B', 'title:A']);
  // A save moving words between places gives each its best place again.
  await sql`update recipes set updated_at = ${new Date(T0.getTime() + 1000)},
    search = ${sql.raw([part('tag', 'A'), part('note', 'B'), part('step', 'C'), part('title step', 'D')].join(' || '))}
    where id = 'w4'`.execute(database.db);
  expect(await wordsOf('w4')).toEqual(['note:B', 'step:C', 'tag:A', 'title:D']);
});

/** Every word's kept count against the rows that hold it; words with no recipe count nothing. */
async function countsDiffer(): Promise<string[]> {
  const { rows } = await sql<{ word: string }>`
    select coalesce(k.word, h.word) as word from
      (select word, sum(delta) as n from word_counts group by word having sum(delta) <> 0) k
      full join (select word, count(*) as n from recipe_words group by word) h on h.word = k.word
    where k.n is distinct from h.n`.execute(database.db);
  return rows.map((r) => r.word);
}

const insertSoup = (id: string, words: string, db: typeof database.db = database.db) =>
  sql`insert into recipes (id, slug, title, title_sort, servings, created_at, updated_at, search)
    values (${id}, ${id}, 'Soup', 'soup', 1, ${T0}, ${T0}, to_tsvector('simple', ${words}))`.execute(db);

test("each word's count is kept through inserts, saves, deletes and a rollback, and folded now and then", async () => {
  for (let i = 0; i < 200; i++) await insertSoup(`c${i}`, i % 2 === 0 ? 'onion soup' : 'onion stew');
  expect(await countsDiffer()).toEqual([]);
  // 200 changes of "onion", each folding with a chance of 1 in 16: fewer rows than changes remain
  // (all 200 only if none of them folded, a chance of (15/16)^200, about 2.5 in a million).
  const onionRows = await sql<{ n: number }>`
    select count(*)::int as n from word_counts where word = 'onion'`.execute(database.db);
  expect(onionRows.rows[0]?.n).toBeLessThan(200);

  await sql`update recipes set search = to_tsvector('simple', 'leek soup') where id in ('c1', 'c2', 'c3')`.execute(
    database.db,
  );
  await sql`delete from recipes where id in ('c4', 'c5')`.execute(database.db);
  await expect(
    database.db.transaction().execute(async (trx) => {
      await insertSoup('c-rolled', 'onion tart', trx);
      await sql`delete from recipes where id = 'c6'`.execute(trx);
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(await countsDiffer()).toEqual([]);
  // The 200, less the three saved without it and the two deleted (and the bean stew's onion above).
  const onion = await sql<{ n: number }>`
    select sum(delta)::int as n from word_counts where word = 'onion'`.execute(database.db);
  expect(onion.rows[0]?.n).toBe(200 - 3 - 2 + 1);
  // Folding by hand leaves a row per word, of the same sum.
  await sql`select word_counts_fold(array['onion', 'soup', 'stew', 'leek'])`.execute(database.db);
  const rows = await sql<{ n: number }>`
    select count(*)::int as n from word_counts where word in ('onion', 'soup', 'stew', 'leek')`.execute(
    database.db,
  );
  expect(rows.rows[0]?.n).toBe(4);
  expect(await countsDiffer()).toEqual([]);
});

test('counting words never waits on another transaction', async () => {
  if (database.kind !== 'pg') {
    // One connection (PGlite): nothing runs beside a transaction; the rules above hold all the same.
    expect(database.kind).toBe('pglite');
    return;
  }
  await besideAHeldTransaction(database.url!, async (holding, other) => {
    // A transaction that wrote "onion" and folded it, and holds its rows: not committed yet.
    await holding.query('begin');
    await holding.query(
      `insert into recipes (id, slug, title, title_sort, servings, created_at, updated_at, search)
       values ('held-w', 'held-w', 'Held', 'held', 1, now(), now(), to_tsvector('simple', 'onion'))`,
    );
    await holding.query(`select word_counts_fold(array['onion'])`);
    // Another connection writes, folds and counts the same word without waiting (it would fail past 2 s).
    await other.query(
      `insert into recipes (id, slug, title, title_sort, servings, created_at, updated_at, search)
       values ('other-w', 'other-w', 'Other', 'other', 1, now(), now(), to_tsvector('simple', 'onion'))`,
    );
    await other.query(`select word_counts_fold(array['onion'])`);
    await holding.query('commit');
    expect(await countsDiffer()).toEqual([]);
  });
});
