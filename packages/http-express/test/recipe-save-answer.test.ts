/**
 * A save answers the recipe as the save's lock found it with what the save wrote, without reading
 * it again after the commit. That answer must be exactly what the next read shows: the written
 * fields as stored, the new time and editor, and everything a save leaves alone (the author, the
 * marks of every member, the photos and the cover, the household's default lock).
 */
import { jpegOf } from '@larder/adapters-s3-images/test-support/image-fixtures.js';
import { sql } from 'kysely';
import request from 'supertest';
import type { Member, TestApp } from '../test-support/test-app.js';
import { uploaded, startPhotoApp } from './photo-helpers.js';
import { as, asInput, bare, createRecipe, recipeBody } from './recipe-fixtures.js';

let t: TestApp;
let alice: Member;
let bob: Member;
beforeAll(async () => {
  t = await startPhotoApp();
  alice = await t.member('user', 'alice');
  bob = await t.member('user', 'bob');
});
afterAll(() => t.close());

test("a save's answer is what the next read shows, marks and photos included", async () => {
  const recipe = await createRecipe(t, alice, { title: 'Pumpkin soup' });
  const path = `/api/v1/recipes/${recipe.id}`;
  const photo = await uploaded(t, alice, recipe.id, await jpegOf(160, 120));
  await as(request(t.app).put(`${path}/tasty`), bob).expect(204);
  await as(request(t.app).put(`${path}/tasty`), t.owner).expect(204);
  await as(request(t.app).put(`${path}/favorite`), bob).expect(204);
  t.clock.advance(60_000);

  // Bob edits Alice's recipe: a new title (so a new slug), other steps, no more tags.
  const saved = await as(request(t.app).put(path), bob)
    .send(
      asInput({
        ...recipeBody(),
        title: 'Roast pumpkin soup',
        tags: [],
        steps: [{ text: 'Roast for 40 minutes.', times: [{ phrase: '40 minutes', seconds: 2400 }] }],
      }),
    )
    .expect(200);
  const read = await as(request(t.app).get(path), bob).expect(200);
  expect(bare(saved.body)).toEqual(bare(read.body));
  expect(saved.body).toMatchObject({
    title: 'Roast pumpkin soup',
    slug: 'roast-pumpkin-soup',
    tags: [],
    createdBy: { username: 'alice' },
    updatedBy: { username: 'bob' },
    tasty: true,
    favorite: true,
    tastyCount: 2,
    coverImageId: photo.id,
    imageCount: 1,
  });
  expect(saved.body.updatedAt).not.toBe(recipe.updatedAt);

  // The same save by Alice keeps the slug; her own marks (none: an author marks nothing tasty) come back.
  const again = await as(request(t.app).put(path), alice).send(asInput(read.body)).expect(200);
  const readAgain = await as(request(t.app).get(path), alice).expect(200);
  expect(bare(again.body)).toEqual(bare(readAgain.body));
  expect(again.body).toMatchObject({
    slug: 'roast-pumpkin-soup',
    tasty: false,
    favorite: false,
    tastyCount: 2,
  });
  expect(again.body.updatedBy).toMatchObject({ username: 'alice' });
});

test('a refused save changes nothing and answers no recipe', async () => {
  const recipe = await createRecipe(t, alice, { title: 'Locked loaf', editPolicy: 'locked' });
  const path = `/api/v1/recipes/${recipe.id}`;
  const refused = await as(request(t.app).put(path), bob)
    .send(asInput({ ...recipeBody(), title: 'Not yours' }))
    .expect(403);
  expect(refused.body).not.toHaveProperty('slug');
  const read = await as(request(t.app).get(path), alice).expect(200);
  expect(read.body).toMatchObject({ title: 'Locked loaf', updatedAt: recipe.updatedAt });
});

/**
 * A recipe changed behind the read cache's back (as by another instance whose notice has not
 * arrived yet): the cache still holds the version before. A save checked on that version must
 * not be written over the newer one, nor refused for what that version said.
 */
describe('a save on a recipe read before it changed', () => {
  /** Changes the stored recipe directly, a second later, leaving the cache as it was. */
  async function changeBehindTheCache(id: string, editPolicy: string) {
    await sql`update recipes set edit_policy = ${editPolicy}, updated_at = updated_at + interval '1 second'
      where id = ${id}`.execute(t.database.db);
  }

  test('is checked again on the recipe as it is: locked meanwhile, refused', async () => {
    const recipe = await createRecipe(t, alice, { title: 'Changing chowder' });
    const path = `/api/v1/recipes/${recipe.id}`;
    await as(request(t.app).get(path), bob).expect(200);
    await changeBehindTheCache(recipe.id, 'locked');
    const refused = await as(request(t.app).put(path), bob)
      .send(asInput({ ...recipeBody(), title: 'Bob was here' }))
      .expect(403);
    expect(refused.body.type).toBe('urn:larder:problem:recipes.locked');
    const stored = await sql<{ title: string }>`select title from recipes where id = ${recipe.id}`.execute(
      t.database.db,
    );
    expect(stored.rows[0]?.title).toBe('Changing chowder');
  });

  test('is not refused for what the version read said: unlocked meanwhile, saved', async () => {
    const recipe = await createRecipe(t, alice, { title: 'Opening omelette', editPolicy: 'locked' });
    const path = `/api/v1/recipes/${recipe.id}`;
    const cached = await as(request(t.app).get(path), bob).expect(200);
    expect(cached.body.canEdit).toBe(false);
    await changeBehindTheCache(recipe.id, 'open');
    const saved = await as(request(t.app).put(path), bob)
      .send(asInput({ ...recipeBody(), title: 'Opened omelette' }))
      .expect(200);
    expect(saved.body).toMatchObject({ title: 'Opened omelette', editPolicy: 'open', canEdit: true });
  });

  test('made on the newer version (If-Match), is saved; then one made on the older, is refused as stale', async () => {
    const recipe = await createRecipe(t, alice, { title: 'Versioned vichyssoise' });
    const path = `/api/v1/recipes/${recipe.id}`;
    const older = String((await as(request(t.app).get(path), alice).expect(200)).headers['etag']);
    await changeBehindTheCache(recipe.id, 'default');
    const newer = `"${(new Date(recipe.updatedAt as string).getTime() + 1000).toString(36)}"`;
    // The cache holds the older version still: the save made on the newer one is checked on it.
    const saved = await as(request(t.app).put(path), alice)
      .set('If-Match', newer)
      .send(asInput({ ...recipeBody(), title: 'On the newer version' }))
      .expect(200);
    expect(saved.body.title).toBe('On the newer version');
    const stale = await as(request(t.app).put(path), alice)
      .set('If-Match', older)
      .send(asInput({ ...recipeBody(), title: 'On the older version' }))
      .expect(412);
    expect(stale.body.type).toBe('urn:larder:problem:recipes.changed_meanwhile');
  });
});

test("a new recipe's answer is what the next read shows, the household's default lock included", async () => {
  for (const lockedByDefault of [false, true]) {
    await as(request(t.app).patch('/api/v1/settings'), t.owner)
      .send({ recipesLockedByDefault: lockedByDefault })
      .expect(200);
    const created = await as(request(t.app).post('/api/v1/recipes'), bob)
      .send(recipeBody({ title: `New noodles ${String(lockedByDefault)}` }))
      .expect(201);
    const read = await as(request(t.app).get(`/api/v1/recipes/${created.body.id}`), bob).expect(200);
    expect(bare(created.body)).toEqual(bare(read.body));
    expect(created.body).toMatchObject({
      locked: lockedByDefault,
      createdBy: { username: 'bob' },
      updatedBy: { username: 'bob' },
      tastyCount: 0,
      imageCount: 0,
    });
    // Alice sees it locked or not as the household says.
    const asAlice = await as(request(t.app).get(`/api/v1/recipes/${created.body.id}`), alice).expect(200);
    expect(asAlice.body.canEdit).toBe(!lockedByDefault);
  }
  await as(request(t.app).patch('/api/v1/settings'), t.owner)
    .send({ recipesLockedByDefault: false })
    .expect(200);
});
