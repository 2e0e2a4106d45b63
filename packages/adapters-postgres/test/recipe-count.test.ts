import { sql } from 'kysely';
import { createPostgresStore } from '../src/store.js';
import {
  type TestDatabase,
  besideAHeldTransaction,
  openTestDatabase,
} from '../test-support/test-database.js';

let database: TestDatabase;
const T0 = new Date('2026-11-01T10:00:00Z');
let n = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  await sql`insert into accounts (id, username, username_key, display_name, role, color, locale, created_at)
    values ('a1', 'ann', 'ann', 'Ann', 'user', 'sage', 'en', ${T0})`.execute(database.db);
});
afterAll(() => database.close());

/** One statement inserting `count` recipes. */
async function insert(count: number, db = database.db) {
  const rows = Array.from({ length: count }, () => {
    n += 1;
    return sql`(${`r${n}`}, ${`dish-${n}`}, 'Dish', 'dish', 1, ${T0}, ${T0}, ''::tsvector)`;
  });
  await sql`insert into recipes (id, slug, title, title_sort, servings, created_at, updated_at, search)
    values ${sql.join(rows)}`.execute(db);
}

/** The total a page of cards with no filter shows, and the recipes there are. */
async function totals() {
  const store = createPostgresStore(database.db);
  const page = await store.recipeListing.cards({
    viewerId: 'a1',
    tags: [],
    favoritesOnly: false,
    sort: 'updated',
    page: 1,
    limit: 1,
  });
  const counted = await sql<{ n: number }>`select count(*)::int as n from recipes`.execute(database.db);
  return { shown: page.total, there: counted.rows[0]?.n };
}

const deltaRows = async () =>
  (await sql<{ n: number }>`select count(*)::int as n from recipe_count`.execute(database.db)).rows[0]?.n ??
  0;

test('the total of an unfiltered page is the number of recipes, through inserts, deletes and a rollback', async () => {
  expect(await totals()).toEqual({ shown: 0, there: 0 });
  // 500 statements of one recipe each: the rows of their changes are folded now and then.
  for (let i = 0; i < 500; i++) await insert(1);
  expect(await totals()).toEqual({ shown: 500, there: 500 });
  expect(await deltaRows()).toBeLessThan(500);
  await insert(40);
  await sql`delete from recipes where id in ('r1', 'r2', 'r3')`.execute(database.db);
  await sql`delete from recipes where id = 'r4'`.execute(database.db);
  expect(await totals()).toEqual({ shown: 536, there: 536 });
  await expect(
    database.db.transaction().execute(async (trx) => {
      await insert(5, trx);
      await sql`delete from recipes where id = 'r10'`.execute(trx);
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(await totals()).toEqual({ shown: 536, there: 536 });
  // Folding by hand leaves one row of the same sum.
  await sql`select recipe_count_fold()`.execute(database.db);
  expect(await deltaRows()).toBe(1);
  expect(await totals()).toEqual({ shown: 536, there: 536 });
});

test('folding never waits on another transaction, and the total stays right for each', async () => {
  if (database.kind !== 'pg') {
    // One connection (PGlite): nothing runs beside a transaction; the rules above hold all the same.
    expect(database.kind).toBe('pglite');
    return;
  }
  await besideAHeldTransaction(database.url!, async (holding, other) => {
    const before = (await totals()).there ?? 0;
    // A transaction that inserted and folded, and holds its rows: not committed yet.
    await holding.query('begin');
    await holding.query(
      `insert into recipes (id, slug, title, title_sort, servings, created_at, updated_at, search)
       values ('held-1', 'held-1', 'Held', 'held', 1, now(), now(), ''::tsvector)`,
    );
    await holding.query('select recipe_count_fold()');
    // Another connection inserts, folds and reads without waiting on it (it would fail past 2 s).
    await other.query(
      `insert into recipes (id, slug, title, title_sort, servings, created_at, updated_at, search)
       values ('other-1', 'other-1', 'Other', 'other', 1, now(), now(), ''::tsvector)`,
    );
    await other.query('select recipe_count_fold()');
    const seen = await other.query<{ n: number }>('select sum(delta)::int as n from recipe_count');
    expect(seen.rows[0]?.n).toBe(before + 1);
    await holding.query('commit');
    expect(await totals()).toEqual({ shown: before + 2, there: before + 2 });
  });
});
