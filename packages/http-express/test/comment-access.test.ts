/**
 * Who may do what with comments: every member reads and writes on every recipe (locked ones
 * too); only the writer edits; the writer, admins and the owner delete; token scopes
 * recipes:read (list, mark seen) and recipes:write (write, edit, delete).
 */
import request from 'supertest';
import { type Member, type TestApp, startTestApp } from '../test-support/test-app.js';
import { comment, listComments, recipeBy } from './comment-helpers.js';

let t: TestApp;
let author: Member;
let writer: Member;
let member: Member;
let admin: Member;
beforeAll(async () => {
  t = await startTestApp();
  author = await t.member('user');
  writer = await t.member('user');
  member = await t.member('user');
  admin = await t.member('admin');
});
afterAll(() => t.close());

const as = (m: Member) => ({ Cookie: m.cookie });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('the comment answer', () => {
  test('carries id as an integer, the author as a person, timestamps and the caller flags', async () => {
    const recipeId = await recipeBy(t, author);
    const res = await request(t.app)
      .post(`/api/v1/recipes/${recipeId}/comments`)
      .set(as(writer))
      .send({ body: 'Tasty!' });
    expect(res.status).toBe(201);
    expect(res.body.$schema).toMatch(/\/api\/v1\/schemas\/Comment\.json$/);
    expect(Number.isInteger(res.body.id)).toBe(true);
    expect(res.body).toMatchObject({
      body: 'Tasty!',
      editedAt: null,
      canEdit: true,
      canDelete: true,
      new: false,
      author: { id: writer.id, username: writer.username, displayName: writer.username, avatarId: null },
    });
    expect(typeof res.body.author.color).toBe('string');
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
  });

  test('the list is oldest first and declares CommentList', async () => {
    const recipeId = await recipeBy(t, author);
    const ids = [];
    for (const body of ['one', 'two', 'three']) ids.push((await comment(t, writer, recipeId, body)).id);
    const res = await request(t.app).get('/api/v1/comments').query({ recipeId }).set(as(member));
    expect(res.status).toBe(200);
    expect(res.body.$schema).toMatch(/\/api\/v1\/schemas\/CommentList\.json$/);
    expect(res.body.comments.map((c: { id: number }) => c.id)).toEqual(ids);
    expect(res.body.comments.map((c: { body: string }) => c.body)).toEqual(['one', 'two', 'three']);
  });

  test('a recipe without comments lists an empty array', async () => {
    const recipeId = await recipeBy(t, author);
    expect(await listComments(t, member, recipeId)).toEqual([]);
  });
});

describe('permissions', () => {
  test('canEdit and canDelete as each kind of reader sees them', async () => {
    const recipeId = await recipeBy(t, author);
    const c = await comment(t, writer, recipeId, 'mine');
    const flags = async (m: Member) => {
      const [listed] = await listComments(t, m, recipeId);
      return { canEdit: listed?.canEdit, canDelete: listed?.canDelete };
    };
    expect(await flags(writer)).toEqual({ canEdit: true, canDelete: true });
    expect(await flags(author)).toEqual({ canEdit: false, canDelete: false });
    expect(await flags(member)).toEqual({ canEdit: false, canDelete: false });
    expect(await flags(admin)).toEqual({ canEdit: false, canDelete: true });
    expect(await flags(t.owner)).toEqual({ canEdit: false, canDelete: true });
    expect(c.id).toBeGreaterThan(0);
  });

  test("only the writer edits a comment: the recipe's author, an admin and the owner get 403", async () => {
    const recipeId = await recipeBy(t, author);
    const c = await comment(t, writer, recipeId, 'original');
    for (const m of [author, member, admin, t.owner]) {
      const res = await request(t.app)
        .patch(`/api/v1/comments/${c.id}`)
        .set(as(m))
        .send({ body: 'hijacked' });
      expect(res.status).toBe(403);
    }
    const ok = await request(t.app)
      .patch(`/api/v1/comments/${c.id}`)
      .set(as(writer))
      .send({ body: 'changed' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: c.id, body: 'changed', canEdit: true });
    expect((await listComments(t, member, recipeId))[0]?.body).toBe('changed');
  });

  test("a member deletes only their own; the recipe's author may not delete others' comments", async () => {
    const recipeId = await recipeBy(t, author);
    const c = await comment(t, writer, recipeId, 'keep me');
    for (const m of [author, member]) {
      expect((await request(t.app).delete(`/api/v1/comments/${c.id}`).set(as(m))).status).toBe(403);
    }
    expect(await listComments(t, member, recipeId)).toHaveLength(1);
    expect((await request(t.app).delete(`/api/v1/comments/${c.id}`).set(as(writer))).status).toBe(204);
    expect(await listComments(t, member, recipeId)).toHaveLength(0);
  });

  test("admins and the owner delete anybody's comment", async () => {
    const recipeId = await recipeBy(t, author);
    const a = await comment(t, writer, recipeId, 'one');
    const b = await comment(t, writer, recipeId, 'two');
    expect((await request(t.app).delete(`/api/v1/comments/${a.id}`).set(as(admin))).status).toBe(204);
    expect((await request(t.app).delete(`/api/v1/comments/${b.id}`).set(as(t.owner))).status).toBe(204);
    expect(await listComments(t, writer, recipeId)).toEqual([]);
  });

  test('every member reads and writes comments on a locked recipe', async () => {
    const recipeId = await recipeBy(t, author, { locked: true });
    // The member may not edit the recipe itself…
    const recipe = await request(t.app).get(`/api/v1/recipes/${recipeId}`).set(as(member));
    expect(recipe.body).toMatchObject({ locked: true, canEdit: false });
    // …but talks about it like everyone else.
    const c = await comment(t, member, recipeId, 'Even here.');
    const edited = await request(t.app)
      .patch(`/api/v1/comments/${c.id}`)
      .set(as(member))
      .send({ body: 'Even here!' });
    expect(edited.status).toBe(200);
    await comment(t, writer, recipeId, 'Me too.');
    expect((await listComments(t, writer, recipeId)).map((x) => x.body)).toEqual(['Even here!', 'Me too.']);
    const seen = await request(t.app)
      .put(`/api/v1/recipes/${recipeId}/comments/seen`)
      .set(as(writer))
      .send({ upTo: c.id });
    expect(seen.status).toBe(204);
  });
});

describe('API token scopes', () => {
  test('recipes:read lists and marks seen, but cannot write, edit or delete', async () => {
    const recipeId = await recipeBy(t, author);
    const c = await comment(t, member, recipeId, 'hello');
    const token = await t.token(member, ['recipes:read']);
    expect((await request(t.app).get('/api/v1/comments').query({ recipeId }).set(bearer(token))).status).toBe(
      200,
    );
    const seen = await request(t.app)
      .put(`/api/v1/recipes/${recipeId}/comments/seen`)
      .set(bearer(token))
      .send({ upTo: c.id });
    expect(seen.status).toBe(204);
    const post = await request(t.app)
      .post(`/api/v1/recipes/${recipeId}/comments`)
      .set(bearer(token))
      .send({ body: 'no' });
    expect(post.status).toBe(403);
    expect(
      (await request(t.app).patch(`/api/v1/comments/${c.id}`).set(bearer(token)).send({ body: 'no' })).status,
    ).toBe(403);
    expect((await request(t.app).delete(`/api/v1/comments/${c.id}`).set(bearer(token))).status).toBe(403);
    expect((await listComments(t, member, recipeId)).map((x) => x.body)).toEqual(['hello']);
  });

  test('recipes:write writes, edits and deletes, but cannot list or mark seen', async () => {
    const recipeId = await recipeBy(t, author);
    const token = await t.token(member, ['recipes:write']);
    const post = await request(t.app)
      .post(`/api/v1/recipes/${recipeId}/comments`)
      .set(bearer(token))
      .send({ body: 'via script' });
    expect(post.status).toBe(201);
    expect(post.body.author.id).toBe(member.id);
    const patch = await request(t.app)
      .patch(`/api/v1/comments/${post.body.id}`)
      .set(bearer(token))
      .send({ body: 'edited' });
    expect(patch.status).toBe(200);
    expect((await request(t.app).get('/api/v1/comments').query({ recipeId }).set(bearer(token))).status).toBe(
      403,
    );
    const seen = await request(t.app)
      .put(`/api/v1/recipes/${recipeId}/comments/seen`)
      .set(bearer(token))
      .send({ upTo: 1 });
    expect(seen.status).toBe(403);
    expect((await request(t.app).delete(`/api/v1/comments/${post.body.id}`).set(bearer(token))).status).toBe(
      204,
    );
  });

  test("a token acts as its owner: recipes:write does not edit somebody else's comment", async () => {
    const recipeId = await recipeBy(t, author);
    const c = await comment(t, writer, recipeId, 'not yours');
    const token = await t.token(member, ['recipes:read', 'recipes:write']);
    expect(
      (await request(t.app).patch(`/api/v1/comments/${c.id}`).set(bearer(token)).send({ body: 'x' })).status,
    ).toBe(403);
    expect((await request(t.app).delete(`/api/v1/comments/${c.id}`).set(bearer(token))).status).toBe(403);
    const adminToken = await t.token(admin, ['recipes:write']);
    expect((await request(t.app).delete(`/api/v1/comments/${c.id}`).set(bearer(adminToken))).status).toBe(
      204,
    );
  });

  test('a token with neither scope is refused everywhere; no credentials at all is 401', async () => {
    const recipeId = await recipeBy(t, author);
    const c = await comment(t, member, recipeId, 'x');
    const token = await t.token(member, ['users:read']);
    const calls = (h: Record<string, string>) => [
      request(t.app).get('/api/v1/comments').query({ recipeId }).set(h),
      request(t.app).post(`/api/v1/recipes/${recipeId}/comments`).set(h).send({ body: 'y' }),
      request(t.app).patch(`/api/v1/comments/${c.id}`).set(h).send({ body: 'y' }),
      request(t.app).delete(`/api/v1/comments/${c.id}`).set(h),
      request(t.app).put(`/api/v1/recipes/${recipeId}/comments/seen`).set(h).send({ upTo: c.id }),
    ];
    for (const res of await Promise.all(calls(bearer(token)))) expect(res.status).toBe(403);
    for (const res of await Promise.all(calls({}))) expect(res.status).toBe(401);
  });
});

describe('not found and bad requests', () => {
  test('unknown recipe: 404 for writing, listing and marking seen', async () => {
    expect(
      (await request(t.app).post('/api/v1/recipes/nope/comments').set(as(member)).send({ body: 'x' })).status,
    ).toBe(404);
    expect(
      (await request(t.app).get('/api/v1/comments').query({ recipeId: 'nope' }).set(as(member))).status,
    ).toBe(404);
    expect(
      (await request(t.app).put('/api/v1/recipes/nope/comments/seen').set(as(member)).send({ upTo: 1 }))
        .status,
    ).toBe(404);
  });

  test('unknown comment: 404 for editing and deleting', async () => {
    expect(
      (await request(t.app).patch('/api/v1/comments/987654321').set(as(member)).send({ body: 'x' })).status,
    ).toBe(404);
    expect((await request(t.app).delete('/api/v1/comments/987654321').set(as(member))).status).toBe(404);
  });

  test.each(['', '?recipeId='])(
    'listing without recipeId (%j) is a 422 located at query.recipeId',
    async (query) => {
      const res = await request(t.app).get(`/api/v1/comments${query}`).set(as(member));
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([expect.objectContaining({ location: 'query.recipeId' })]);
    },
  );

  test('a comment id that is not an int64 is a 422 located at path.commentId', async () => {
    for (const id of ['abc', '1.5', '99999999999999999999']) {
      const res = await request(t.app).patch(`/api/v1/comments/${id}`).set(as(member)).send({ body: 'x' });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].location).toBe('path.commentId');
      expect((await request(t.app).delete(`/api/v1/comments/${id}`).set(as(member))).status).toBe(422);
    }
  });
});

describe('lifetime', () => {
  test("a comment survives its author's account deletion and is then shown without an author", async () => {
    const recipeId = await recipeBy(t, author);
    const leaver = await t.member('user');
    const c = await comment(t, leaver, recipeId, 'I was here');
    expect((await request(t.app).delete(`/api/v1/users/${leaver.id}`).set(as(t.owner))).status).toBe(204);
    const [listed] = await listComments(t, member, recipeId);
    expect(listed).toMatchObject({ id: c.id, body: 'I was here', canEdit: false, canDelete: false });
    expect(listed).not.toHaveProperty('author');
    const asAdmin = (await listComments(t, admin, recipeId))[0];
    expect(asAdmin).toMatchObject({ canEdit: false, canDelete: true });
    expect(
      (await request(t.app).patch(`/api/v1/comments/${c.id}`).set(as(admin)).send({ body: 'x' })).status,
    ).toBe(403);
    expect((await request(t.app).delete(`/api/v1/comments/${c.id}`).set(as(admin))).status).toBe(204);
  });

  test('ids are never reused, not even the highest one after it is deleted', async () => {
    const recipeId = await recipeBy(t, author);
    const a = await comment(t, writer, recipeId, 'a');
    const b = await comment(t, writer, recipeId, 'b');
    expect((await request(t.app).delete(`/api/v1/comments/${b.id}`).set(as(writer))).status).toBe(204);
    const c = await comment(t, writer, recipeId, 'c');
    expect(c.id).toBeGreaterThan(b.id);
    expect(b.id).toBeGreaterThan(a.id);
    expect(
      (await request(t.app).patch(`/api/v1/comments/${b.id}`).set(as(writer)).send({ body: 'x' })).status,
    ).toBe(404);
  });

  test("deleting a recipe removes its comments and the readers' marks", async () => {
    const recipeId = await recipeBy(t, author);
    const c = await comment(t, writer, recipeId, 'soon gone');
    await request(t.app)
      .put(`/api/v1/recipes/${recipeId}/comments/seen`)
      .set(as(author))
      .send({ upTo: c.id });
    expect((await request(t.app).delete(`/api/v1/recipes/${recipeId}`).set(as(author))).status).toBe(204);
    expect((await request(t.app).get('/api/v1/comments').query({ recipeId }).set(as(member))).status).toBe(
      404,
    );
    expect(
      (await request(t.app).patch(`/api/v1/comments/${c.id}`).set(as(writer)).send({ body: 'x' })).status,
    ).toBe(404);
    const marks = await t.database.db
      .selectFrom('comment_seen')
      .selectAll()
      .where('recipe_id', '=', recipeId)
      .execute();
    expect(marks).toEqual([]);
  });
});
