import type { StoredShare } from '@larder/domain';
import { sql } from 'kysely';
import { openDatabase } from '../src/connect.js';
import { createPostgresStore } from '../src/store.js';
import { type TestDatabase, openTestDatabase } from '../test-support/test-database.js';

let database: TestDatabase;
const T0 = new Date('2026-11-01T10:00:00Z');

beforeAll(async () => {
  database = await openTestDatabase();
  await sql`insert into accounts (id, username, username_key, display_name, role, color, locale, created_at)
    values ('a1', 'ann', 'ann', 'Ann', 'user', 'sage', 'en', ${T0}), ('a2', 'bob', 'bob', 'Bob', 'user', 'teal', 'en', ${T0})`.execute(
    database.db,
  );
  await sql`insert into recipes (id, slug, title, title_sort, servings, created_by, updated_by, created_at, updated_at, search)
    values ('r1', 'soup', 'Soup', 'soup', 2, 'a1', 'a1', ${T0}, ${T0}, to_tsvector('simple', 'soup')),
           ('r2', 'bread', 'Bread', 'bread', 1, 'a1', 'a1', ${T0}, ${T0}, to_tsvector('simple', 'bread'))`.execute(
    database.db,
  );
});
afterAll(() => database.close());

let n = 0;
function share(over: Partial<StoredShare> = {}): StoredShare {
  n += 1;
  return {
    id: `s${n}`,
    recipeId: 'r1',
    createdById: 'a1',
    token: `token-${n}`,
    tokenDigest: `digest-${n}`,
    createdAt: new Date(T0.getTime() + n * 1000),
    expiresAt: null,
    revokedAt: null,
    ...over,
  };
}

test('a member holds at most one unrevoked link per recipe; a revoked one makes room and forgets its token', async () => {
  const store = createPostgresStore(database.db);
  const first = share();
  expect(await store.shares.insert(first)).toBe('inserted');
  expect(await store.shares.insert(share())).toBe('exists');
  expect(await store.shares.insert(share({ createdById: 'a2' }))).toBe('inserted');

  const found = await store.shares.unrevokedOf('r1', 'a1');
  expect(found).toMatchObject({
    share: { id: first.id, token: first.token },
    recipe: { id: 'r1', slug: 'soup', title: 'Soup' },
    creator: { id: 'a1', displayName: 'Ann', color: 'sage', canSharePublicly: true },
  });

  expect(await store.shares.revoke(first.id, T0)).toBe(true);
  expect(await store.shares.revoke(first.id, T0)).toBe(false);
  const revoked = await store.shares.byTokenDigest(first.tokenDigest);
  expect(revoked?.share.revokedAt).toEqual(T0);
  expect(revoked?.share.token).toBeNull();
  expect(await store.shares.unrevokedOf('r1', 'a1')).toBeNull();
  expect(await store.shares.insert(share())).toBe('inserted');
});

test('listings leave out revoked and expired links, newest first, and survive their creator', async () => {
  const store = createPostgresStore(database.db);
  await store.shares.revokeAll(T0);
  const old = share({ recipeId: 'r2' });
  const expired = share({ createdById: 'a2', recipeId: 'r2', expiresAt: new Date(T0.getTime() - 1) });
  const newer = share({ createdById: 'a2' });
  for (const s of [old, expired, newer]) expect(await store.shares.insert(s)).toBe('inserted');

  expect((await store.shares.listUnexpired(T0)).map((l) => l.share.id)).toEqual([newer.id, old.id]);
  expect((await store.shares.listUnexpired(T0, 'a1')).map((l) => l.share.id)).toEqual([old.id]);

  await sql`delete from accounts where id = 'a2'`.execute(database.db);
  const orphan = await store.shares.byId(newer.id);
  expect(orphan?.share.createdById).toBeNull();
  expect(orphan?.creator).toBeNull();

  // The expired link is unrevoked too: revoking all takes it along.
  expect(await store.shares.revokeAll(T0)).toBe(3);
  expect(await store.shares.listUnexpired(T0)).toEqual([]);
});

test('deleting a recipe deletes its links', async () => {
  const store = createPostgresStore(database.db);
  const s = share({ recipeId: 'r2' });
  await store.shares.insert(s);
  await sql`delete from recipes where id = 'r2'`.execute(database.db);
  expect(await store.shares.byId(s.id)).toBeNull();
  expect(await store.shares.recipeRef('r2')).toBeNull();
  expect(await store.shares.recipeRef('r1')).toEqual({ id: 'r1', slug: 'soup', title: 'Soup' });
});

test('an application secret is made once: racing servers all read the first one written', async () => {
  // On PostgreSQL the second "server" is a pool of its own on the same database.
  const other = database.url ? await openDatabase({ url: database.url, poolSize: 4 }) : undefined;
  try {
    const stores = [createPostgresStore(database.db), createPostgresStore((other ?? database).db)];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => stores[i % 2]!.appSecrets.getOrCreate('key', `candidate-${i}`, T0)),
    );
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^candidate-\d$/);
    expect(await stores[0]!.appSecrets.getOrCreate('key', 'late', T0)).toBe(answers[0]);
  } finally {
    await other?.close();
  }
});
