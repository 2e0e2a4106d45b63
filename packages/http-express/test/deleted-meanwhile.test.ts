/**
 * Writes whose account or recipe is deleted by another request after the use case read it, and
 * before its own row went in: the database refuses the row for naming one that is gone. That is
 * the caller's 401 (their account is gone) or the recipe's 404, never a 500, and nothing is kept.
 *
 * The other request is stood in for by a trigger that deletes the named row just before the write,
 * so the order is always the same (two racing requests meet in that order only now and then). The
 * trigger's delete is undone with the refused statement, so the rows are still there afterwards.
 */
import { sql } from 'kysely';
import request from 'supertest';
import { type Member, type TestApp, startTestApp } from '../test-support/test-app.js';
import { as, createRecipe, recipeBody } from './recipe-fixtures.js';

let t: TestApp;
let member: Member;
beforeAll(async () => {
  t = await startTestApp();
  member = await t.member('user', 'leaving');
  await request(t.app)
    .patch('/api/v1/settings')
    .set('Cookie', t.owner.cookie)
    .send({ publicShares: true })
    .expect(200);
});
afterAll(() => t.close());

/** Runs `work` while every write of `event` on `table` first deletes what `deletion` names. */
async function deletingFirst<T>(
  event: 'insert' | 'update',
  table: string,
  deletion: string,
  work: () => Promise<T>,
): Promise<T> {
  const db = t.database.db;
  await sql
    .raw(
      `create function test_deleted_meanwhile() returns trigger language plpgsql as $$
       begin ${deletion}; return new; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger test_deleted_meanwhile before ${event} on ${table}
       for each row execute function test_deleted_meanwhile()`,
    )
    .execute(db);
  try {
    return await work();
  } finally {
    await sql.raw(`drop trigger test_deleted_meanwhile on ${table}`).execute(db);
    await sql.raw('drop function test_deleted_meanwhile()').execute(db);
  }
}

function expectProblem(res: request.Response, status: number, detail: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body.detail).toBe(detail);
}

const count = async (table: 'recipes' | 'api_tokens' | 'shares' | 'sessions', where = sql`true`) =>
  Number(
    (
      await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(
        t.database.db,
      )
    ).rows[0]!.n,
  );

it("answers 401 to a new recipe whose author's account was deleted meanwhile, keeping nothing", async () => {
  const res = await deletingFirst('insert', 'recipes', 'delete from accounts where id = new.created_by', () =>
    as(request(t.app).post('/api/v1/recipes'), member).send(recipeBody({ title: 'Left behind' })),
  );
  expectProblem(res, 401, 'Your account was removed while the recipe was saved; it was not kept.');
  expect(await count('recipes', sql`title = 'Left behind'`)).toBe(0);
});

it("answers 401 to a save whose saver's account was deleted meanwhile, keeping the recipe as it was", async () => {
  const recipe = await createRecipe(t, t.owner, { title: 'Open soup', editPolicy: 'open' });
  const path = `/api/v1/recipes/${recipe.id}`;
  const deletion = `if new.title like 'Gone%' then delete from accounts where id = new.updated_by; end if`;
  // The title kept (one statement) and a new title (a new slug: the statement in a savepoint).
  for (const title of ['Gone soup', 'Gone stew']) {
    const res = await deletingFirst('update', 'recipes', deletion, () =>
      as(request(t.app).put(path), member).send(recipeBody({ title })),
    );
    expectProblem(res, 401, 'Your account was removed while the recipe was saved; it was not kept.');
  }
  const after = await as(request(t.app).get(path), t.owner).expect(200);
  expect(after.body).toMatchObject({ title: 'Open soup', slug: recipe.slug });
});

it("answers 401 to a token whose owner's account was deleted meanwhile, keeping none", async () => {
  const before = await count('api_tokens');
  const res = await deletingFirst(
    'insert',
    'api_tokens',
    'delete from accounts where id = new.owner_id',
    () =>
      as(request(t.app).post('/api/v1/tokens'), member).send({ name: 'script', scopes: ['recipes:read'] }),
  );
  expectProblem(res, 401, 'Your account was removed while the token was made; it was not kept.');
  expect(await count('api_tokens')).toBe(before);
});

it('answers 401 to a sign-in whose account was deleted while its password was checked', async () => {
  const before = await count('sessions');
  const res = await deletingFirst(
    'insert',
    'sessions',
    'delete from accounts where id = new.account_id',
    () =>
      request(t.app)
        .post('/api/v1/auth/login')
        .send({ username: member.username, password: member.password }),
  );
  expectProblem(res, 401, 'This account was removed while it signed in.');
  expect(res.headers['set-cookie']).toBeUndefined();
  expect(await count('sessions')).toBe(before);
});

it('answers 404 to a public link whose recipe was deleted meanwhile, keeping none', async () => {
  const recipe = await createRecipe(t, member, { title: 'Short-lived' });
  const res = await deletingFirst('insert', 'shares', 'delete from recipes where id = new.recipe_id', () =>
    as(request(t.app).post(`/api/v1/recipes/${recipe.id}/public-share`), member).send({}),
  );
  expect(res.status).toBe(404);
  expect(res.body.type).toBe('urn:larder:problem:recipes.not_found');
  expect(await count('shares', sql`recipe_id = ${recipe.id}`)).toBe(0);
});

describe("a member's marks and comments, their account deleted meanwhile", () => {
  const leaving = 'Your account was removed while';
  let path: string;
  beforeAll(async () => {
    path = `/api/v1/recipes/${(await createRecipe(t, t.owner, { title: 'Much liked' })).id}`;
  });

  const marks = async (table: 'comments' | 'recipe_favorites' | 'recipe_tasty_marks' | 'comment_seen') =>
    Number(
      (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.database.db))
        .rows[0]!.n,
    );

  it.each([
    [
      'a comment',
      'comments',
      'author_id',
      'post',
      '/comments',
      { body: 'Lovely' },
      'the comment was written',
    ],
    ['a favorite', 'recipe_favorites', 'account_id', 'put', '/favorite', undefined, 'the favorite was kept'],
    [
      'a tasty mark',
      'recipe_tasty_marks',
      'account_id',
      'put',
      '/tasty',
      undefined,
      'the recipe was marked tasty',
    ],
    [
      'comments seen',
      'comment_seen',
      'account_id',
      'put',
      '/comments/seen',
      { upTo: 1 },
      'the comments were marked seen',
    ],
  ] as const)('answers 401 to %s, keeping none', async (_what, table, column, method, suffix, body, what) => {
    const before = await marks(table);
    const res = await deletingFirst('insert', table, `delete from accounts where id = new.${column}`, () => {
      const req = as(request(t.app)[method](`${path}${suffix}`), member);
      return body ? req.send(body) : req;
    });
    expectProblem(res, 401, `${leaving} ${what}; it was not kept.`);
    expect(await marks(table)).toBe(before);
  });
});
