import request from 'supertest';
import type { Member, TestApp } from '../test-support/test-app.js';
import { startTestApp } from '../test-support/test-app.js';
import { type Body, as, asInput, createRecipe, recipeBody } from './recipe-fixtures.js';

let t: TestApp;
let author: Member;
let other: Member;
let admin: Member;
let owner: Member;

beforeAll(async () => {
  t = await startTestApp();
  author = await t.member('user');
  other = await t.member('user');
  admin = await t.member('admin');
  owner = t.owner;
});
afterAll(() => t.close());

async function lockByDefault(on: boolean) {
  await as(request(t.app).patch('/api/v1/settings'), t.owner)
    .send({ recipesLockedByDefault: on })
    .expect(200);
}

async function read(id: string, who: Member | string) {
  const res = await as(request(t.app).get(`/api/v1/recipes/${id}`), who);
  expect(res.status).toBe(200);
  return res.body as Body;
}

async function put(id: string, who: Member | string, changes: Body = {}) {
  const current = await read(id, t.owner);
  return as(request(t.app).put(`/api/v1/recipes/${id}`), who).send({ ...asInput(current), ...changes });
}

const abilities = (b: Body) => ({
  locked: b['locked'],
  canEdit: b['canEdit'],
  canDelete: b['canDelete'],
  canChangePolicy: b['canChangePolicy'],
});

describe('edit policy', () => {
  afterEach(() => lockByDefault(false));

  test.each([
    // policy, household locks by default, expected `locked`
    ['default', false, false],
    ['default', true, true],
    ['open', false, false],
    ['open', true, false],
    ['locked', false, true],
    ['locked', true, true],
  ] as const)(
    'policy %s with recipesLockedByDefault %s: locked is %s, and who may edit follows',
    async (policy, byDefault, locked) => {
      const recipe = await createRecipe(t, author, { editPolicy: policy });
      await lockByDefault(byDefault);
      const seenBy = async (who: Member) => abilities(await read(recipe.id, who));
      // The author, admins and the owner always edit, delete and change the policy.
      for (const keeper of [author, admin, owner]) {
        expect(await seenBy(keeper)).toEqual({
          locked,
          canEdit: true,
          canDelete: true,
          canChangePolicy: true,
        });
        expect((await put(recipe.id, keeper, { description: `by ${keeper.username}` })).status).toBe(200);
      }
      // Another member edits only while the recipe is not locked, and never deletes it.
      expect(await seenBy(other)).toEqual({
        locked,
        canEdit: !locked,
        canDelete: false,
        canChangePolicy: false,
      });
      const res = await put(recipe.id, other, { description: 'by the other member' });
      expect(res.status).toBe(locked ? 403 : 200);
      const after = await read(recipe.id, owner);
      expect(after['editPolicy']).toBe(policy);
      expect(after['description']).toBe(locked ? `by ${owner.username}` : 'by the other member');
    },
  );

  test('`default` follows the household setting when read, not when saved', async () => {
    const recipe = await createRecipe(t, author);
    expect((await read(recipe.id, other))['locked']).toBe(false);
    await lockByDefault(true);
    expect((await read(recipe.id, other))['locked']).toBe(true);
    expect((await read(recipe.id, other))['editPolicy']).toBe('default');
    expect((await put(recipe.id, other)).status).toBe(403);
  });

  test('only the author, admins and the owner change the policy; others sending a different one get 403', async () => {
    const recipe = await createRecipe(t, author, { editPolicy: 'open' });
    const refused = await put(recipe.id, other, { editPolicy: 'locked' });
    expect(refused.status).toBe(403);
    expect((await read(recipe.id, owner))['editPolicy']).toBe('open');
    // Sending the same policy, or none, is a plain edit.
    expect((await put(recipe.id, other, { editPolicy: 'open' })).status).toBe(200);
    const { editPolicy: _omit, ...withoutPolicy } = asInput(await read(recipe.id, owner));
    const kept = await as(request(t.app).put(`/api/v1/recipes/${recipe.id}`), other).send(withoutPolicy);
    expect(kept.status).toBe(200);
    expect(kept.body.editPolicy).toBe('open');
    for (const [keeper, policy] of [
      [author, 'locked'],
      [admin, 'default'],
      [owner, 'open'],
    ] as const) {
      const res = await put(recipe.id, keeper, { editPolicy: policy });
      expect(res.status).toBe(200);
      expect(res.body.editPolicy).toBe(policy);
    }
  });

  test('a new recipe may be created locked; the editPolicy field takes only known values', async () => {
    const recipe = await createRecipe(t, author, { editPolicy: 'locked' });
    expect(recipe['editPolicy']).toBe('locked');
    const bad = await as(request(t.app).post('/api/v1/recipes'), author).send(
      recipeBody({ editPolicy: 'secret' }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].location).toBe('body.editPolicy');
  });
});

describe('deleting', () => {
  test.each([
    ['the author', 204, () => author],
    ['an admin', 204, () => admin],
    ['the owner', 204, () => owner],
    ['another member', 403, () => other],
  ] as const)('%s deleting an open recipe: %i', async (_who, status, actor) => {
    const recipe = await createRecipe(t, author, { editPolicy: 'open' });
    expect((await as(request(t.app).delete(`/api/v1/recipes/${recipe.id}`), actor())).status).toBe(status);
    const after = await as(request(t.app).get(`/api/v1/recipes/${recipe.id}`), owner);
    expect(after.status).toBe(status === 204 ? 404 : 200);
  });
});

describe('API token scopes', () => {
  let recipeId: string;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    tokens = {
      none: await t.token(author, ['users:read']),
      read: await t.token(author, ['recipes:read']),
      write: await t.token(author, ['recipes:write']),
      readWrite: await t.token(author, ['recipes:read', 'recipes:write']),
      delete: await t.token(author, ['recipes:delete']),
      otherDelete: await t.token(other, ['recipes:read', 'recipes:delete']),
    };
  });
  beforeEach(async () => {
    recipeId = (await createRecipe(t, author, { editPolicy: 'open' })).id;
  });

  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, token: string, body?: Body) => {
    const req = as(request(t.app)[method](path), token);
    return body ? req.send(body) : req;
  };

  test('reading needs recipes:read', async () => {
    for (const path of [
      `/api/v1/recipes/${recipeId}`,
      '/api/v1/recipes',
      '/api/v1/tags',
      '/api/v1/authors',
    ]) {
      expect((await call('get', path, tokens['none']!)).status).toBe(403);
      expect((await call('get', path, tokens['write']!)).status).toBe(403);
      expect((await call('get', path, tokens['read']!)).status).toBe(200);
    }
    const slug = (await read(recipeId, author))['slug'];
    expect((await call('get', `/api/v1/recipes/by-slug/${slug}`, tokens['none']!)).status).toBe(403);
    expect((await call('get', `/api/v1/recipes/by-slug/${slug}`, tokens['read']!)).status).toBe(200);
  });

  test('writing, favorites and tasty marks need recipes:write', async () => {
    const input = asInput(await read(recipeId, author));
    expect((await call('post', '/api/v1/recipes', tokens['read']!, recipeBody())).status).toBe(403);
    expect((await call('put', `/api/v1/recipes/${recipeId}`, tokens['read']!, input)).status).toBe(403);
    expect((await call('put', `/api/v1/recipes/${recipeId}/favorite`, tokens['read']!)).status).toBe(403);
    expect((await call('delete', `/api/v1/recipes/${recipeId}/favorite`, tokens['read']!)).status).toBe(403);
    expect((await call('delete', `/api/v1/recipes/${recipeId}/tasty`, tokens['read']!)).status).toBe(403);
    expect((await call('post', '/api/v1/recipes', tokens['write']!, recipeBody())).status).toBe(201);
    expect((await call('put', `/api/v1/recipes/${recipeId}`, tokens['write']!, input)).status).toBe(200);
    expect((await call('put', `/api/v1/recipes/${recipeId}/favorite`, tokens['write']!)).status).toBe(204);
    expect((await call('delete', `/api/v1/recipes/${recipeId}/favorite`, tokens['write']!)).status).toBe(204);
    // The author's own token cannot mark the author's recipe tasty either.
    expect((await call('put', `/api/v1/recipes/${recipeId}/tasty`, tokens['write']!)).status).toBe(403);
    const otherWrite = await t.token(other, ['recipes:write']);
    expect((await call('put', `/api/v1/recipes/${recipeId}/tasty`, otherWrite)).status).toBe(204);
  });

  test('deleting needs recipes:delete, and the role rule still holds', async () => {
    expect((await call('delete', `/api/v1/recipes/${recipeId}`, tokens['readWrite']!)).status).toBe(403);
    expect((await call('delete', `/api/v1/recipes/${recipeId}`, tokens['otherDelete']!)).status).toBe(403);
    expect((await call('delete', `/api/v1/recipes/${recipeId}`, tokens['delete']!)).status).toBe(204);
  });

  test("canEdit, canDelete and canChangePolicy tell what the caller's token allows", async () => {
    expect(abilities(await read(recipeId, tokens['read']!))).toEqual({
      locked: false,
      canEdit: false,
      canDelete: false,
      canChangePolicy: false,
    });
    expect(abilities(await read(recipeId, tokens['readWrite']!))).toEqual({
      locked: false,
      canEdit: true,
      canDelete: false,
      canChangePolicy: true,
    });
    expect(abilities(await read(recipeId, tokens['otherDelete']!))).toEqual({
      locked: false,
      canEdit: false,
      canDelete: false,
      canChangePolicy: false,
    });
    const all = await t.token(author, ['recipes:read', 'recipes:write', 'recipes:delete']);
    expect(abilities(await read(recipeId, all))).toEqual({
      locked: false,
      canEdit: true,
      canDelete: true,
      canChangePolicy: true,
    });
  });
});
