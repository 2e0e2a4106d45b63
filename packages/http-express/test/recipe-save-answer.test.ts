/**
 * A save answers the recipe as the save's lock found it with what the save wrote, without reading
 * it again after the commit. That answer must be exactly what the next read shows: the written
 * fields as stored, the new time and editor, and everything a save leaves alone (the author, the
 * marks of every member, the photos and the cover, the household's default lock).
 */
import { jpegOf } from '@larder/adapters-s3-images/test-support/image-fixtures.js';
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
