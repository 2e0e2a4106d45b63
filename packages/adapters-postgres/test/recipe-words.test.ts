import { sql } from 'kysely';
import { type TestDatabase, openTestDatabase } from '../test-support/test-database.js';

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
