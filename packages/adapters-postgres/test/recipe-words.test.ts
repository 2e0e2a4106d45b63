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
