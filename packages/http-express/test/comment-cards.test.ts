/** Recipe cards carry `newComments` for the caller, computed for the whole page in the listing's own query. */
import request from 'supertest';
import { type Member, type TestApp, startTestApp } from '../test-support/test-app.js';
import { comment, markSeen } from './comment-helpers.js';
import { createRecipe } from './share-helpers.js';

let t: TestApp;
let author: Member;
let talker: Member;
let other: Member;
let bystander: Member;
beforeAll(async () => {
  t = await startTestApp();
  author = await t.member('user');
  talker = await t.member('user');
  other = await t.member('user');
  bystander = await t.member('user');
});
afterAll(() => t.close());

async function newOnCards(who: Member, ids: string[]): Promise<Record<string, boolean>> {
  const res = await request(t.app).get('/api/v1/recipes').query({ limit: 100 }).set('Cookie', who.cookie);
  expect(res.status).toBe(200);
  const cards = res.body.items as Array<{ id: string; newComments: boolean }>;
  return Object.fromEntries(ids.map((id) => [id, cards.find((c) => c.id === id)?.newComments ?? false]));
}

test('newComments follows the new rule for each reader, card by card', async () => {
  const quiet = (await createRecipe(t, author)).id;
  const one = (await createRecipe(t, author)).id;
  const two = (await createRecipe(t, author)).id;
  const onOne = await comment(t, talker, one, 'Lovely.');
  await comment(t, talker, two, 'More garlic?');
  const reply = await comment(t, other, two, 'Yes!');

  expect(await newOnCards(author, [quiet, one, two])).toEqual({ [quiet]: false, [one]: true, [two]: true });
  // The talker's own comment on `one` is not new to them; the reply on `two` is.
  expect(await newOnCards(talker, [quiet, one, two])).toEqual({ [quiet]: false, [one]: false, [two]: true });
  // The bystander neither wrote the recipes nor commented: nothing is new to them.
  expect(await newOnCards(bystander, [quiet, one, two])).toEqual({
    [quiet]: false,
    [one]: false,
    [two]: false,
  });

  // Listing cards clears nothing; marking seen does, per recipe.
  expect(await newOnCards(author, [one])).toEqual({ [one]: true });
  await markSeen(t, author, one, onOne.id);
  expect(await newOnCards(author, [quiet, one, two])).toEqual({ [quiet]: false, [one]: false, [two]: true });
  await markSeen(t, talker, two, reply.id);
  expect(await newOnCards(talker, [two])).toEqual({ [two]: false });

  // An edit does not bring the card back; a new comment does.
  const edit = await request(t.app)
    .patch(`/api/v1/comments/${onOne.id}`)
    .set('Cookie', talker.cookie)
    .send({ body: 'Lovely!' });
  expect(edit.status).toBe(200);
  expect(await newOnCards(author, [one])).toEqual({ [one]: false });
  await comment(t, other, one, 'Agreed.');
  expect(await newOnCards(author, [one])).toEqual({ [one]: true });
});

test('newComments costs no query per card: a page of many commented recipes takes as many queries as a page of one', async () => {
  const first = (await createRecipe(t, author)).id;
  await comment(t, talker, first, 'first');
  const listing = (limit: number) => () =>
    request(t.app).get('/api/v1/recipes').query({ limit }).set('Cookie', author.cookie).expect(200);
  const small = await t.queries.during(listing(1));
  for (let i = 0; i < 12; i++) {
    const id = (await createRecipe(t, author)).id;
    await comment(t, talker, id, `comment ${i}`);
  }
  const large = await t.queries.during(listing(100));
  expect(large).toBe(small);
});
