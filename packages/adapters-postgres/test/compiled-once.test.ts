import { sql } from 'kysely';
import { compiledOnce } from '../src/repositories/compiled-once.js';
import { type TestDatabase, openTestDatabase } from '../test-support/test-database.js';

let database: TestDatabase;
const T0 = new Date('2026-11-01T10:00:00Z');

beforeAll(async () => {
  database = await openTestDatabase();
  await sql`insert into accounts (id, username, username_key, display_name, role, color, locale, created_at)
    values ('a1', 'ann', 'ann', 'Ann', 'user', 'sage', 'en', ${T0}),
           ('a2', 'bob', 'bob', 'Bob', 'admin', 'teal', 'en', ${T0})`.execute(database.db);
});
afterAll(() => database.close());

// One value bound per run, and a constant of the statement (the role) kept as it was built.
const byIdAndRole = compiledOnce(['id'], (db, v) =>
  db.selectFrom('accounts').select(['id', 'username']).where('id', '=', v.id).where('role', '=', 'user'),
);

test('each run binds its own values; constants of the statement stay', async () => {
  expect(await byIdAndRole(database.db, { id: 'a1' })).toEqual([{ id: 'a1', username: 'ann' }]);
  // Bob is an admin: the constant still holds on the second run.
  expect(await byIdAndRole(database.db, { id: 'a2' })).toEqual([]);
  expect(await byIdAndRole(database.db, { id: "a1' or '1'='1" })).toEqual([]);
});

test('it runs inside a transaction and sees its writes', async () => {
  await database.db.transaction().execute(async (trx) => {
    await sql`update accounts set username = 'annie' where id = 'a1'`.execute(trx);
    expect(await byIdAndRole(trx, { id: 'a1' })).toEqual([{ id: 'a1', username: 'annie' }]);
    await sql`update accounts set username = 'ann' where id = 'a1'`.execute(trx);
  });
});

test('a value the statement does not take is refused on the first run, not silently dropped', async () => {
  const careless = compiledOnce(['id', 'unused'], (db, v) =>
    db.selectFrom('accounts').select('id').where('id', '=', v.id),
  );
  await expect(careless(database.db, { id: 'a1', unused: 'x' })).rejects.toThrow(/unused is not a parameter/);
});
