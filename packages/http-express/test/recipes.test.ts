import request from 'supertest';
import { type TestApp, startTestApp } from '../test-support/test-app.js';
import { as, asInput, bare, createRecipe, recipeBody } from './recipe-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('creating and reading a recipe', () => {
  test('POST answers 201 with the whole recipe, described by its schema', async () => {
    const res = await request(t.app).post('/api/v1/recipes').set('Cookie', t.owner.cookie).send(recipeBody());
    expect(res.status).toBe(201);
    expect(res.body.$schema).toMatch(/\/api\/v1\/schemas\/Recipe\.json$/);
    expect(res.headers['link']).toMatch(/Recipe\.json>; rel="describedBy"/);
    const owner = { id: t.owner.id, username: 'owner', displayName: 'owner', avatarId: null };
    expect(res.body).toMatchObject({
      slug: 'tomato-soup',
      title: 'Tomato soup',
      servings: 4,
      prepMinutes: 10,
      cookMinutes: 25,
      sourceUrl: null,
      sourceName: null,
      tags: ['soup', 'vegetarian'],
      images: [],
      coverImageId: null,
      imageCount: 0,
      imageBytes: 0,
      editPolicy: 'default',
      locked: false,
      favorite: false,
      tasty: false,
      tastyBy: [],
      tastyCount: 0,
      canEdit: true,
      canDelete: true,
      canChangePolicy: true,
      createdBy: owner,
      updatedBy: owner,
    });
    expect(res.body.createdBy.color).toEqual(expect.any(String));
    expect(res.body.createdAt).toBe(res.body.updatedAt);
    expect(res.body.ingredientGroups).toEqual(recipeBody()['ingredientGroups']);
    expect(res.body.steps[1]).toEqual({
      text: 'Simmer for 20-25 minutes, then rest 5 min.',
      references: [],
      times: [
        { phrase: '20-25 minutes', seconds: 1200, maxSeconds: 1500 },
        { phrase: '5 min', seconds: 300 },
      ],
    });
  });

  test('GET by id and by slug answer the same recipe; unknown ones are 404', async () => {
    const created = await createRecipe(t, t.owner, { title: 'Lentil stew' });
    const byId = await request(t.app).get(`/api/v1/recipes/${created.id}`).set('Cookie', t.owner.cookie);
    const bySlug = await request(t.app)
      .get(`/api/v1/recipes/by-slug/${created.slug}`)
      .set('Cookie', t.owner.cookie);
    expect(byId.status).toBe(200);
    expect(bySlug.status).toBe(200);
    expect(bare(bySlug.body)).toEqual(bare(byId.body));
    expect(bare(byId.body)).toEqual(bare(created));
    expect((await request(t.app).get('/api/v1/recipes/nope').set('Cookie', t.owner.cookie)).status).toBe(404);
    expect(
      (await request(t.app).get('/api/v1/recipes/by-slug/nope').set('Cookie', t.owner.cookie)).status,
    ).toBe(404);
  });

  test('an id or slug carrying a NUL names no recipe: 404, never a database error', async () => {
    const cookie = t.owner.cookie;
    expect((await request(t.app).get('/api/v1/recipes/a%00b').set('Cookie', cookie)).status).toBe(404);
    expect((await request(t.app).get('/api/v1/recipes/by-slug/a%00b').set('Cookie', cookie)).status).toBe(
      404,
    );
    expect(
      (await request(t.app).put('/api/v1/recipes/a%00b').set('Cookie', cookie).send(recipeBody())).status,
    ).toBe(404);
    expect((await request(t.app).delete('/api/v1/recipes/a%00b').set('Cookie', cookie)).status).toBe(404);
    expect((await request(t.app).put('/api/v1/recipes/a%00b/favorite').set('Cookie', cookie)).status).toBe(
      404,
    );
    expect((await request(t.app).delete('/api/v1/recipes/a%00b/tasty').set('Cookie', cookie)).status).toBe(
      404,
    );
  });

  test('without a session or token the recipes are closed: 401', async () => {
    const created = await createRecipe(t, t.owner);
    expect((await request(t.app).get(`/api/v1/recipes/${created.id}`)).status).toBe(401);
    expect((await request(t.app).get('/api/v1/recipes')).status).toBe(401);
    expect((await request(t.app).post('/api/v1/recipes').send(recipeBody())).status).toBe(401);
  });

  test('sourceName is derived from the address when not given, without www.', async () => {
    const derived = await createRecipe(t, t.owner, { sourceUrl: 'https://www.Example.com/recipes/soup?x=1' });
    expect(derived.sourceName).toBe('example.com');
    const sub = await createRecipe(t, t.owner, { sourceUrl: 'http://cooking.nytimes.com:8080/r/1' });
    expect(sub.sourceName).toBe('cooking.nytimes.com');
    const given = await createRecipe(t, t.owner, {
      sourceUrl: 'https://www.example.com/x',
      sourceName: "Grandma's book",
    });
    expect(given.sourceName).toBe("Grandma's book");
    const none = await createRecipe(t, t.owner, { sourceUrl: null });
    expect(none.sourceName).toBeNull();
  });

  test('tags are tidied to lower case, each once', async () => {
    const created = await createRecipe(t, t.owner, { tags: ['  Quick  Meals ', 'quick meals', 'Vegan'] });
    expect(created.tags).toEqual(['quick meals', 'vegan']);
  });
});

describe('replacing a recipe', () => {
  test('PUT replaces everything and answers the new version', async () => {
    const created = await createRecipe(t, t.owner);
    const member = await t.member();
    const next = recipeBody({
      title: 'Tomato soup',
      description: 'Now with basil.',
      servings: 2,
      prepMinutes: null,
      cookMinutes: 30,
      tags: ['summer'],
      ingredientGroups: [
        { name: 'Soup', ingredients: [{ quantity: null, unit: null, name: 'basil', note: null }] },
      ],
      steps: [
        {
          text: 'Add the basil.',
          references: [{ groupName: 'Soup', ingredientName: 'basil', word: 'basil' }],
        },
      ],
    });
    t.clock.advance(60_000);
    const res = await request(t.app)
      .put(`/api/v1/recipes/${created.id}`)
      .set('Cookie', member.cookie)
      .send(next);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      slug: created.slug,
      description: 'Now with basil.',
      servings: 2,
      prepMinutes: null,
      cookMinutes: 30,
      tags: ['summer'],
      ingredientGroups: next['ingredientGroups'],
      steps: [
        {
          text: 'Add the basil.',
          references: [{ groupName: 'Soup', ingredientName: 'basil', word: 'basil' }],
          times: [],
        },
      ],
      createdAt: created['createdAt'],
      createdBy: { id: t.owner.id },
      updatedBy: { id: member.id, username: member.username },
    });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(String(created['createdAt'])));
    const read = await request(t.app).get(`/api/v1/recipes/${created.id}`).set('Cookie', member.cookie);
    expect(bare(read.body)).toEqual(bare(res.body));
  });

  test('a save without times drops the stored times, as a save without references drops those', async () => {
    const created = await createRecipe(t, t.owner);
    const steps = (created['steps'] as Array<Record<string, unknown>>).map((s) => ({ text: s['text'] }));
    const res = await request(t.app)
      .put(`/api/v1/recipes/${created.id}`)
      .set('Cookie', t.owner.cookie)
      .send({ ...asInput(created), steps });
    expect(res.status).toBe(200);
    for (const step of res.body.steps) {
      expect(step.times).toEqual([]);
      expect(step.references).toEqual([]);
    }
    const nulls = (created['steps'] as Array<Record<string, unknown>>).map((s) => ({
      text: s['text'],
      times: null,
      references: null,
    }));
    const again = await request(t.app)
      .put(`/api/v1/recipes/${created.id}`)
      .set('Cookie', t.owner.cookie)
      .send({ ...asInput(created), steps: nulls });
    expect(again.status).toBe(200);
    expect(again.body.steps.every((s: { times: unknown[] }) => s.times.length === 0)).toBe(true);
  });

  test('a recipe answer sent back unchanged is accepted (it round-trips)', async () => {
    const created = await createRecipe(t, t.owner, { sourceUrl: 'https://example.org/a' });
    const res = await request(t.app)
      .put(`/api/v1/recipes/${created.id}`)
      .set('Cookie', t.owner.cookie)
      .send(asInput(created));
    expect(res.status).toBe(200);
    expect(asInput(res.body)).toEqual(asInput(created));
  });

  test('PUT of an unknown recipe is 404; the body is checked first (422)', async () => {
    expect(
      (await request(t.app).put('/api/v1/recipes/nope').set('Cookie', t.owner.cookie).send(recipeBody()))
        .status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .put('/api/v1/recipes/nope')
          .set('Cookie', t.owner.cookie)
          .send(recipeBody({ title: '' }))
      ).status,
    ).toBe(422);
  });
});

describe('deleting', () => {
  test('DELETE answers 204 and the recipe is gone; a second DELETE is 404', async () => {
    const created = await createRecipe(t, t.owner);
    const member = await t.member();
    await as(request(t.app).put(`/api/v1/recipes/${created.id}/favorite`), member).expect(204);
    await as(request(t.app).put(`/api/v1/recipes/${created.id}/tasty`), member).expect(204);
    expect(
      (await request(t.app).delete(`/api/v1/recipes/${created.id}`).set('Cookie', t.owner.cookie)).status,
    ).toBe(204);
    expect(
      (await request(t.app).get(`/api/v1/recipes/${created.id}`).set('Cookie', t.owner.cookie)).status,
    ).toBe(404);
    expect(
      (await request(t.app).delete(`/api/v1/recipes/${created.id}`).set('Cookie', t.owner.cookie)).status,
    ).toBe(404);
  });
});

describe('when an account is deleted', () => {
  test('its recipes stay, shown as written by a former member, and its tasty marks go', async () => {
    const author = await t.member();
    const fan = await t.member();
    const created = await createRecipe(t, author, { title: 'Kept after leaving' });
    const other = await createRecipe(t, t.owner, { title: 'Marked by a leaver' });
    await as(request(t.app).put(`/api/v1/recipes/${other.id}/tasty`), fan).expect(204);
    await as(request(t.app).delete(`/api/v1/users/${author.id}`), t.owner).expect(204);
    await as(request(t.app).delete(`/api/v1/users/${fan.id}`), t.owner).expect(204);

    const res = await request(t.app).get(`/api/v1/recipes/${created.id}`).set('Cookie', t.owner.cookie);
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Kept after leaving');
    expect(res.body.createdBy).toEqual({
      id: '',
      username: '',
      displayName: 'Former member',
      color: 'slate',
      avatarId: null,
    });
    expect(res.body.updatedBy.displayName).toBe('Former member');
    // Admins and the owner still look after it.
    expect(res.body).toMatchObject({ canEdit: true, canDelete: true, canChangePolicy: true });

    const marked = await request(t.app).get(`/api/v1/recipes/${other.id}`).set('Cookie', t.owner.cookie);
    expect(marked.body).toMatchObject({ tastyCount: 0, tastyBy: [] });

    const list = await request(t.app)
      .get('/api/v1/recipes')
      .query({ q: 'leaving' })
      .set('Cookie', t.owner.cookie);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0].createdBy.displayName).toBe('Former member');
  });
});
