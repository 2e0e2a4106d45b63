import request from 'supertest';
import type { Member, TestApp } from '../test-support/test-app.js';
import { startTestApp } from '../test-support/test-app.js';
import { as, createRecipe } from './recipe-fixtures.js';

let t: TestApp;
let author: Member;
let fan: Member;
let bystander: Member;

beforeAll(async () => {
  t = await startTestApp();
  author = await t.member('user', 'author');
  fan = await t.member('user', 'fan');
  bystander = await t.member('user', 'bystander');
});
afterAll(() => t.close());

const mark = (method: 'put' | 'delete', kind: 'tasty' | 'favorite', id: string, who: Member) =>
  as(request(t.app)[method](`/api/v1/recipes/${id}/${kind}`), who);

async function seenBy(id: string, who: Member) {
  const res = await as(request(t.app).get(`/api/v1/recipes/${id}`), who);
  expect(res.status).toBe(200);
  return res.body;
}

async function cardFor(id: string, who: Member) {
  const res = await as(request(t.app).get('/api/v1/recipes').query({ limit: 100 }), who);
  return res.body.items.find((c: { id: string }) => c.id === id);
}

describe('tasty marks', () => {
  test('the author cannot mark their own recipe tasty: 403, and nothing changes', async () => {
    const recipe = await createRecipe(t, author);
    const res = await mark('put', 'tasty', recipe.id, author);
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('You cannot mark your own recipe tasty.');
    expect(await seenBy(recipe.id, author)).toMatchObject({ tasty: false, tastyCount: 0, tastyBy: [] });
  });

  test("everyone sees how many marked it and who; tasty is the caller's own mark", async () => {
    const recipe = await createRecipe(t, author);
    await mark('put', 'tasty', recipe.id, fan).expect(204);
    await mark('put', 'tasty', recipe.id, fan).expect(204); // twice is once
    t.clock.advance(1000);
    await mark('put', 'tasty', recipe.id, t.owner).expect(204);
    const people = [
      { id: fan.id, username: 'fan', displayName: 'fan', color: expect.any(String), avatarId: null },
      { id: t.owner.id, username: 'owner', displayName: 'owner', color: expect.any(String), avatarId: null },
    ];
    expect(await seenBy(recipe.id, fan)).toMatchObject({ tasty: true, tastyCount: 2, tastyBy: people });
    expect(await seenBy(recipe.id, author)).toMatchObject({ tasty: false, tastyCount: 2, tastyBy: people });
    expect(await seenBy(recipe.id, bystander)).toMatchObject({
      tasty: false,
      tastyCount: 2,
      tastyBy: people,
    });
    expect(await cardFor(recipe.id, fan)).toMatchObject({ tasty: true, tastyCount: 2 });
    expect(await cardFor(recipe.id, bystander)).toMatchObject({ tasty: false, tastyCount: 2 });
  });

  test('clearing never 404s: 204 when set, when not set, and for an unknown recipe', async () => {
    const recipe = await createRecipe(t, author);
    await mark('put', 'tasty', recipe.id, fan).expect(204);
    await mark('delete', 'tasty', recipe.id, fan).expect(204);
    await mark('delete', 'tasty', recipe.id, fan).expect(204);
    await mark('delete', 'tasty', recipe.id, author).expect(204);
    await mark('delete', 'tasty', 'no-such-recipe', fan).expect(204);
    expect(await seenBy(recipe.id, author)).toMatchObject({ tasty: false, tastyCount: 0, tastyBy: [] });
  });

  test('marking an unknown recipe is 404', async () => {
    expect((await mark('put', 'tasty', 'no-such-recipe', fan)).status).toBe(404);
  });

  test("clearing one member's mark leaves the others'", async () => {
    const recipe = await createRecipe(t, author);
    await mark('put', 'tasty', recipe.id, fan).expect(204);
    await mark('put', 'tasty', recipe.id, bystander).expect(204);
    await mark('delete', 'tasty', recipe.id, fan).expect(204);
    const seen = await seenBy(recipe.id, fan);
    expect(seen).toMatchObject({ tasty: false, tastyCount: 1 });
    expect(seen.tastyBy.map((p: { id: string }) => p.id)).toEqual([bystander.id]);
  });
});

describe('favorites', () => {
  test('a favorite is private to the member who set it', async () => {
    const recipe = await createRecipe(t, author);
    await mark('put', 'favorite', recipe.id, fan).expect(204);
    await mark('put', 'favorite', recipe.id, fan).expect(204);
    expect((await seenBy(recipe.id, fan)).favorite).toBe(true);
    expect((await seenBy(recipe.id, author)).favorite).toBe(false);
    expect((await seenBy(recipe.id, bystander)).favorite).toBe(false);
    expect((await cardFor(recipe.id, fan)).favorite).toBe(true);
    expect((await cardFor(recipe.id, bystander)).favorite).toBe(false);
    // Nothing in anybody else's answers tells whose favorite it is.
    expect(JSON.stringify(await seenBy(recipe.id, bystander))).not.toContain('"favorite":true');
  });

  test('authors may favor their own recipes', async () => {
    const recipe = await createRecipe(t, author);
    await mark('put', 'favorite', recipe.id, author).expect(204);
    expect((await seenBy(recipe.id, author)).favorite).toBe(true);
  });

  test("favorites=true lists only the caller's favorites", async () => {
    const reader = await t.member();
    const mine = await createRecipe(t, author, { title: 'Reader favourite' });
    const theirs = await createRecipe(t, author, { title: 'Bystander favourite' });
    await mark('put', 'favorite', mine.id, reader).expect(204);
    await mark('put', 'favorite', theirs.id, bystander).expect(204);
    const res = await as(request(t.app).get('/api/v1/recipes').query({ favorites: 'true' }), reader);
    expect(res.status).toBe(200);
    expect(res.body.items.map((c: { id: string }) => c.id)).toEqual([mine.id]);
    expect(res.body.total).toBe(1);
    const all = await as(request(t.app).get('/api/v1/recipes').query({ favorites: 'false' }), reader);
    expect(all.body.total).toBeGreaterThan(1);
  });

  test.each(['1', 't', 'T', 'True', 'TRUE'])(
    'favorites=%s is true, as the reference reads booleans',
    async (word) => {
      const reader = await t.member();
      const mine = await createRecipe(t, author, { title: 'Spelled favourite' });
      await mark('put', 'favorite', mine.id, reader).expect(204);
      const res = await as(request(t.app).get(`/api/v1/recipes?favorites=${word}`), reader);
      expect(res.status).toBe(200);
      expect(res.body.items.map((c: { id: string }) => c.id)).toEqual([mine.id]);
    },
  );

  test.each(['0', 'f', 'F', 'False', 'FALSE'])('favorites=%s is false', async (word) => {
    const reader = await t.member();
    await mark('put', 'favorite', (await createRecipe(t, author)).id, reader).expect(204);
    const res = await as(request(t.app).get(`/api/v1/recipes?favorites=${word}`), reader);
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(1);
  });

  test.each(['yes', 'on', '2', 'truee'])(
    'favorites=%s is no boolean: 422 at query.favorites',
    async (word) => {
      const res = await as(request(t.app).get(`/api/v1/recipes?favorites=${word}`), fan);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([{ location: 'query.favorites', message: expect.any(String) }]);
    },
  );

  test('clearing is 204 whether set or not; setting on an unknown recipe is 404', async () => {
    const recipe = await createRecipe(t, author);
    await mark('put', 'favorite', recipe.id, fan).expect(204);
    await mark('delete', 'favorite', recipe.id, fan).expect(204);
    await mark('delete', 'favorite', recipe.id, fan).expect(204);
    await mark('delete', 'favorite', 'no-such-recipe', fan).expect(204);
    expect((await seenBy(recipe.id, fan)).favorite).toBe(false);
    expect((await mark('put', 'favorite', 'no-such-recipe', fan)).status).toBe(404);
  });
});
