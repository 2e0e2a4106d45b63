/**
 * The `new` mark: a comment by somebody else above the reader's seen mark, kept only for the
 * recipe's author and members with a comment on the recipe; compared by id; listing never clears
 * it; the seen mark is capped at the newest comment and never lowered; an edit does not renew it.
 */
import request from 'supertest';
import { type Member, type TestApp, startTestApp } from '../test-support/test-app.js';
import { comment, listComments, markSeen, newIds, recipeBy } from './comment-helpers.js';

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

test("the recipe's author sees others' comments as new; the writer never sees their own as new", async () => {
  const recipeId = await recipeBy(t, author);
  const c1 = await comment(t, talker, recipeId, 'Made it yesterday, lovely.');
  expect(await newIds(t, author, recipeId)).toEqual([c1.id]);
  expect(await newIds(t, talker, recipeId)).toEqual([]);

  const own = await comment(t, author, recipeId, 'Thank you!');
  const listed = await listComments(t, author, recipeId);
  expect(listed.map((c) => [c.id, c.new])).toEqual([
    [c1.id, true],
    [own.id, false],
  ]);
});

test('a member with a comment on the recipe sees later comments by others as new', async () => {
  const recipeId = await recipeBy(t, author);
  const before = await comment(t, other, recipeId, 'First!');
  const mine = await comment(t, talker, recipeId, 'I added more salt.');
  const after = await comment(t, other, recipeId, 'Good idea.');
  // Nothing is marked seen yet: everything by somebody else is new, whenever it was written.
  expect(await newIds(t, talker, recipeId)).toEqual([before.id, after.id]);
  await markSeen(t, talker, recipeId, mine.id);
  expect(await newIds(t, talker, recipeId)).toEqual([after.id]);
});

test('the bystander (not the author, no comment of their own) never sees anything new', async () => {
  const recipeId = await recipeBy(t, author);
  await comment(t, talker, recipeId, 'one');
  await comment(t, author, recipeId, 'two');
  await comment(t, other, recipeId, 'three');
  const listed = await listComments(t, bystander, recipeId);
  expect(listed).toHaveLength(3);
  expect(listed.every((c) => c.new === false)).toBe(true);
  // Later comments are not new to them either: they have never marked anything seen.
  await comment(t, talker, recipeId, 'four');
  expect(await newIds(t, bystander, recipeId)).toEqual([]);
});

test('listing never clears the mark, however often', async () => {
  const recipeId = await recipeBy(t, author);
  const c = await comment(t, talker, recipeId, 'still new?');
  for (let i = 0; i < 3; i++) expect(await newIds(t, author, recipeId)).toEqual([c.id]);
  // An API token with recipes:read lists without clearing either.
  const token = await t.token(author, ['recipes:read']);
  const viaToken = await request(t.app)
    .get('/api/v1/comments')
    .query({ recipeId })
    .set('Authorization', `Bearer ${token}`);
  expect(viaToken.body.comments.map((x: { new: boolean }) => x.new)).toEqual([true]);
  expect(await newIds(t, author, recipeId)).toEqual([c.id]);
});

test('marking seen clears up to the given id; comments above it stay new', async () => {
  const recipeId = await recipeBy(t, author);
  const a = await comment(t, talker, recipeId, 'a');
  const b = await comment(t, talker, recipeId, 'b');
  const c = await comment(t, other, recipeId, 'c');
  await markSeen(t, author, recipeId, b.id);
  expect(await newIds(t, author, recipeId)).toEqual([c.id]);
  expect(a.id).toBeLessThan(b.id);
});

test('the mark is never lowered: a lower upTo after a higher one changes nothing', async () => {
  const recipeId = await recipeBy(t, author);
  const a = await comment(t, talker, recipeId, 'a');
  const b = await comment(t, talker, recipeId, 'b');
  await markSeen(t, author, recipeId, b.id);
  await markSeen(t, author, recipeId, a.id);
  await markSeen(t, author, recipeId, 0);
  expect(await newIds(t, author, recipeId)).toEqual([]);
});

test("the mark is capped at the recipe's newest comment: a later comment is still new", async () => {
  const recipeId = await recipeBy(t, author);
  const a = await comment(t, talker, recipeId, 'a');
  // A reader claiming to have seen far beyond what exists…
  await markSeen(t, author, recipeId, a.id + 1_000_000);
  expect(await newIds(t, author, recipeId)).toEqual([]);
  // …still gets the next comment as new.
  const b = await comment(t, other, recipeId, 'b');
  expect(await newIds(t, author, recipeId)).toEqual([b.id]);
  const stored = await t.database.db
    .selectFrom('comment_seen')
    .select('last_seen_id')
    .where('recipe_id', '=', recipeId)
    .where('account_id', '=', author.id)
    .executeTakeFirstOrThrow();
  expect(Number(stored.last_seen_id)).toBe(a.id);
});

test('marking seen on a recipe without comments keeps the mark at 0, so the first comment is new', async () => {
  const recipeId = await recipeBy(t, author);
  await markSeen(t, author, recipeId, 999_999);
  const first = await comment(t, talker, recipeId, 'first');
  expect(await newIds(t, author, recipeId)).toEqual([first.id]);
});

test('marks are per recipe and per reader', async () => {
  const r1 = await recipeBy(t, author);
  const r2 = await recipeBy(t, author);
  const x = await comment(t, talker, r1, 'on r1');
  const y = await comment(t, talker, r2, 'on r2');
  await markSeen(t, author, r1, x.id);
  expect(await newIds(t, author, r1)).toEqual([]);
  expect(await newIds(t, author, r2)).toEqual([y.id]);
  // The author's mark does not clear anything for a commenter on the same recipe.
  const z = await comment(t, other, r1, 'reply');
  await markSeen(t, author, r1, z.id);
  expect(await newIds(t, talker, r1)).toEqual([z.id]);
});

test('new is decided by id, not by time: a comment stamped earlier by a moved clock is still new', async () => {
  const recipeId = await recipeBy(t, author);
  const a = await comment(t, talker, recipeId, 'a');
  await markSeen(t, author, recipeId, a.id);
  t.clock.advance(-7 * 24 * 3600 * 1000);
  try {
    const late = await comment(t, talker, recipeId, 'written with a clock running behind');
    expect(await newIds(t, author, recipeId)).toEqual([late.id]);
  } finally {
    t.clock.advance(7 * 24 * 3600 * 1000);
  }
});

test('editing a comment does not make it new again', async () => {
  const recipeId = await recipeBy(t, author);
  const c = await comment(t, talker, recipeId, 'typo hre');
  await markSeen(t, author, recipeId, c.id);
  t.clock.advance(60_000);
  const edited = await request(t.app)
    .patch(`/api/v1/comments/${c.id}`)
    .set('Cookie', talker.cookie)
    .send({ body: 'typo here' });
  expect(edited.status).toBe(200);
  expect(edited.body.id).toBe(c.id);
  expect(edited.body.editedAt).not.toBeNull();
  expect(edited.body.new).toBe(false);
  const listed = await listComments(t, author, recipeId);
  expect(listed).toEqual([expect.objectContaining({ id: c.id, body: 'typo here', new: false })]);
});

test('a comment whose author was deleted can still be new to the recipe author', async () => {
  const recipeId = await recipeBy(t, author);
  const leaver = await t.member('user');
  const c = await comment(t, leaver, recipeId, 'bye');
  const del = await request(t.app).delete(`/api/v1/users/${leaver.id}`).set('Cookie', t.owner.cookie);
  expect(del.status).toBe(204);
  const listed = await listComments(t, author, recipeId);
  expect(listed).toEqual([expect.objectContaining({ id: c.id, new: true })]);
  expect(listed[0]).not.toHaveProperty('author');
});

test('a member whose only comment is deleted stops following the recipe', async () => {
  const recipeId = await recipeBy(t, author);
  const passerby = await t.member('user');
  const mine = await comment(t, passerby, recipeId, 'hello');
  const reply = await comment(t, talker, recipeId, 'hi');
  expect(await newIds(t, passerby, recipeId)).toEqual([reply.id]);
  const del = await request(t.app).delete(`/api/v1/comments/${mine.id}`).set('Cookie', passerby.cookie);
  expect(del.status).toBe(204);
  expect(await newIds(t, passerby, recipeId)).toEqual([]);
});

describe('PUT seen', () => {
  test('racing marks from one reader all succeed and leave the highest, capped mark', async () => {
    const recipeId = await recipeBy(t, author);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await comment(t, talker, recipeId, `c${i}`)).id);
    const newest = ids[ids.length - 1] ?? 0;
    const upTos = [ids[0], newest + 50, ids[1], newest, ids[2], 0, ids[3], ids[0]] as number[];
    const answers = await Promise.all(
      upTos.map((upTo) =>
        request(t.app)
          .put(`/api/v1/recipes/${recipeId}/comments/seen`)
          .set('Cookie', author.cookie)
          .send({ upTo }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(upTos.map(() => 204));
    const stored = await t.database.db
      .selectFrom('comment_seen')
      .select('last_seen_id')
      .where('recipe_id', '=', recipeId)
      .where('account_id', '=', author.id)
      .execute();
    expect(stored.map((row) => Number(row.last_seen_id))).toEqual([newest]);
  });

  test('answers 404 for an unknown recipe and 422 for a bad upTo', async () => {
    const recipeId = await recipeBy(t, author);
    const put = (id: string, body: unknown) =>
      request(t.app)
        .put(`/api/v1/recipes/${id}/comments/seen`)
        .set('Cookie', author.cookie)
        .send(body as object);
    expect((await put('no-such-recipe', { upTo: 1 })).status).toBe(404);
    for (const bad of [
      { upTo: -1 },
      { upTo: 1.5 },
      { upTo: '3' },
      {},
      { upTo: 1, extra: 1 },
      { upTo: 2 ** 60 },
    ]) {
      const res = await put(recipeId, bad);
      expect(res.status).toBe(422);
      expect(res.body.errors[0].location).toMatch(/^body/);
    }
    const missing = await put(recipeId, {});
    expect(missing.body.errors[0].location).toBe('body.upTo');
  });
});
